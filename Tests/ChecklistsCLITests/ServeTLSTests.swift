import Foundation
import Testing

@Suite("checklists serve --tls-cert/--tls-key, run as a program")
struct ServeTLSTests {
  /// A folder with a self-signed certificate for 127.0.0.1 (`cert.pem`, `key.pem`) and a
  /// second, unrelated key (`other-key.pem`), all made by `openssl`.
  struct Certificates {
    let folder: URL
    var certificate: String { folder.appendingPathComponent("cert.pem").path }
    var key: String { folder.appendingPathComponent("key.pem").path }
    var otherKey: String { folder.appendingPathComponent("other-key.pem").path }

    init(in folder: URL) throws {
      self.folder = folder
      try ServeTLSTests.tool(
        "/usr/bin/openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
        "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key, "-out",
        certificate)
      try ServeTLSTests.tool(
        "/usr/bin/openssl", "genpkey", "-algorithm", "ec", "-pkeyopt",
        "ec_paramgen_curve:prime256v1", "-out", otherKey)
    }
  }

  /// Runs a program to its end with its output in a file; returns the output.
  @discardableResult
  static func tool(_ path: String, _ arguments: String...) throws -> (Int32, String) {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("tool-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOf: log, encoding: .utf8)
    guard path != "/usr/bin/openssl" || process.terminationStatus == 0 else {
      throw CLIToolError(description: "openssl failed: \(output)")
    }
    return (process.terminationStatus, output)
  }

  struct CLIToolError: Error, CustomStringConvertible {
    var description: String
  }

  /// A running `checklists serve`, its output going to a file.
  struct Server {
    let process: Process
    let logPath: String
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the process to end.
    func stop() -> Int32 {
      process.terminate()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  /// Starts `checklists serve --port 0` with `arguments` and waits until it says it listens
  /// (or exits).
  static func serve(_ cli: CLI, _ arguments: [String]) throws -> Server {
    let logPath = cli.folder.appendingPathComponent("serve-\(UUID().uuidString).log").path
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["serve", "--port", "0"] + arguments
    process.environment = cli.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    let server = Server(process: process, logPath: logPath)
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, process.isRunning, !server.log.contains("Ctrl-C") {
      Thread.sleep(forTimeInterval: 0.02)
    }
    return server
  }

  /// The address `serve` printed.
  static func url(in log: String) -> String? {
    log.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("https://") }.map {
      String($0).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
  }

  @Test("It serves the API over HTTPS to a client that checks the certificate, with HSTS")
  func servesHTTPS() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Over TLS")
    let certificates = try Certificates(in: cli.folder)
    let server = try Self.serve(
      cli, ["--tls-cert", certificates.certificate, "--tls-key", certificates.key])
    let url = try #require(Self.url(in: server.log), "\(server.log)")
    #expect(url.hasPrefix("https://127.0.0.1:"))
    #expect(server.log.contains("Open \(url)/ in a browser."))
    #expect(server.log.contains("Checklists is listening on \(url)"))

    let (code, response) = try Self.tool(
      "/usr/bin/curl", "--silent", "--show-error", "--include", "--max-time", "10",
      "--cacert", certificates.certificate, url + "/api/v1/checklists")
    #expect(code == 0, "\(response)")
    #expect(response.hasPrefix("HTTP/1.1 200"), "\(response)")
    #expect(response.contains("\"Over TLS\""))
    #expect(response.lowercased().contains("strict-transport-security: max-age=31536000\r\n"))

    // Plain HTTP on the same port gets nothing: no status line, no lists.
    let port = try #require(url.split(separator: ":").last.map(String.init))
    let (plainCode, plain) = try Self.tool(
      "/usr/bin/curl", "--silent", "--show-error", "--include", "--max-time", "10",
      "http://127.0.0.1:\(port)/api/v1/checklists")
    #expect(plainCode != 0)
    #expect(!plain.contains("HTTP/1.1"))
    #expect(!plain.contains("Over TLS"))

    #expect(server.stop() == 0)
    #expect(server.log.contains("\"GET /api/v1/checklists\" 200"))
    #expect(server.log.contains("Database closed."))
  }

  @Test("--tls-cert without --tls-key, or the other way round, is a usage error, exit 64")
  func halfAPair() throws {
    let cli = CLI()
    let certificateOnly = try cli.run("serve", "--port", "0", "--tls-cert", "cert.pem")
    #expect(certificateOnly.code == 64)
    #expect(certificateOnly.error.contains("--tls-cert needs --tls-key"), "\(certificateOnly)")
    let keyOnly = try cli.run("serve", "--port", "0", "--tls-key", "key.pem")
    #expect(keyOnly.code == 64)
    #expect(keyOnly.error.contains("--tls-key needs --tls-cert"), "\(keyOnly)")
  }

  @Test("A certificate or key that can't be read is named, exit 1")
  func unreadableFiles() throws {
    let cli = CLI()
    let certificates = try Certificates(in: cli.folder)
    let missing = try cli.run(
      "serve", "--port", "0", "--tls-cert", "missing.pem", "--tls-key", certificates.key)
    #expect(missing.code == 1)
    #expect(missing.error.contains("There is no file 'missing.pem'."), "\(missing)")
    let folder = try cli.run(
      "serve", "--port", "0", "--tls-cert", certificates.certificate, "--tls-key",
      cli.folder.path)
    #expect(folder.code == 1)
    #expect(
      folder.error.contains("'\(cli.folder.path)' is not a regular file (it is a folder)."),
      "\(folder)")
  }

  @Test("A key of another certificate stops it at start with a clear message, exit 1")
  func mismatchedKey() throws {
    let cli = CLI()
    let certificates = try Certificates(in: cli.folder)
    // Run as a server, so that a server that started anyway is stopped, not waited for.
    let server = try Self.serve(
      cli, ["--tls-cert", certificates.certificate, "--tls-key", certificates.otherKey])
    if server.process.isRunning {
      _ = server.stop()
      Issue.record("It started: \(server.log)")
      return
    }
    server.process.waitUntilExit()
    #expect(server.process.terminationStatus == 1)
    #expect(
      server.log.contains(
        "Cannot serve HTTPS: the TLS key does not match the certificate. "
          + "(--tls-cert '\(certificates.certificate)', --tls-key '\(certificates.otherKey)')"),
      "\(server.log)")
    #expect(!server.log.contains("https://"))
  }
}
