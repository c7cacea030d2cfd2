import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// nginx running contrib/nginx/checklists.conf itself, only its ports, name and certificate
/// paths replaced, as e2e/test_instances.py runs it.
final class ProxyNginx {
  private let process: Process
  private let folder: URL

  /// The site file, found from this source file's place in the package.
  static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("contrib/nginx/checklists.conf")

  /// Starts nginx on 127.0.0.1:`port` (TLS) in front of `upstreams` (two ports; the same one
  /// twice for a single instance).
  /// - Throws: ``BenchmarkError`` when the site file has changed shape or nginx does not listen.
  init(folder: URL, port: UInt16, upstreams: [UInt16], certificate: SelfSignedCertificate) throws {
    self.folder = folder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var site = try String(contentsOf: Self.site, encoding: .utf8)
    let live = "/etc/letsencrypt/live/checklists.example.org/"
    let replacements: [(String, String, Int)] = [
      ("listen 443 ssl http2;", "listen 127.0.0.1:\(port) ssl http2;", 1),
      ("listen 80;", "listen 127.0.0.1:\(try NginxCeiling.freePort());", 1),
      ("server 127.0.0.1:8080 ", "server 127.0.0.1:\(upstreams[0]) ", 1),
      ("server 127.0.0.1:8081 ", "server 127.0.0.1:\(upstreams[1]) ", 1),
      (live + "fullchain.pem", certificate.certificate, 1),
      (live + "privkey.pem", certificate.key, 1),
      ("server_name checklists.example.org;", "server_name 127.0.0.1;", 2),
    ]
    for (old, new, count) in replacements {
      let found = site.components(separatedBy: old).count - 1
      guard found == count else {
        throw BenchmarkError(description: "\(Self.site.path) has '\(old)' \(found) times")
      }
      site = site.replacingOccurrences(of: old, with: new)
    }
    let path = folder.path
    try Data(site.utf8).write(to: folder.appendingPathComponent("checklists.conf"))
    let main = """
      user root;
      daemon off;
      worker_processes 1;
      pid \(path)/nginx.pid;
      error_log \(path)/error.log warn;
      events { worker_connections 1024; }
      http {
        access_log /dev/null combined buffer=16k flush=100ms;
        client_body_temp_path \(path)/client_body;
        proxy_temp_path \(path)/proxy;
        fastcgi_temp_path \(path)/fastcgi;
        uwsgi_temp_path \(path)/uwsgi;
        scgi_temp_path \(path)/scgi;
        keepalive_requests 1000000;
        include \(path)/checklists.conf;
      }

      """
    try Data(main.utf8).write(to: folder.appendingPathComponent("nginx.conf"))
    process = Process()
    process.executableURL = URL(fileURLWithPath: NginxCeiling.executable)
    process.arguments = ["-p", path, "-c", path + "/nginx.conf", "-e", path + "/error.log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<500 {
      guard process.isRunning else { break }
      if let socket = try? connectToLoopback(port: port) {
        close(socket)
        return
      }
      usleep(10_000)
    }
    let log = (try? String(contentsOfFile: path + "/error.log", encoding: .utf8)) ?? ""
    stop()
    throw BenchmarkError(description: "nginx did not listen on \(port):\n\(log)")
  }

  /// SIGTERM (SIGKILL after 5 s); waits for it to end.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      for _ in 0..<500 where process.isRunning { usleep(10_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
  }
}
