import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One `checklists serve` process on 127.0.0.1 and a free port, its output discarded, with
/// no cap on connections per address (nginx's all come from 127.0.0.1).
final class ServeProcess {
  let port: UInt16
  private let process: Process

  /// Starts `binary --db database serve` and waits until it answers.
  /// - Throws: ``BenchmarkError`` when it ends or does not answer within 20 s.
  init(binary: String, database: String, publicURL: String) throws {
    port = try NginxCeiling.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [
      "--db", database, "serve", "--host", "127.0.0.1", "--port", "\(port)", "--public-url",
      publicURL,
      // Behind nginx every connection comes from 127.0.0.1: no per-address cap, as with
      // --behind-https-proxy (which would need accounts).
      "--max-connections-per-address", "0",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<2000 {
      guard process.isRunning else { break }
      if let answer = try? RawResponse.get(port: port, target: "/api/v1/checklists"),
        answer.status == 200
      {
        return
      }
      usleep(10_000)
    }
    stop()
    throw BenchmarkError(description: "checklists serve did not answer on port \(port)")
  }

  static func freePort() throws -> UInt16 { try NginxCeiling.freePort() }

  /// SIGTERM, then SIGKILL after 10 s.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    for _ in 0..<1000 where process.isRunning { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
