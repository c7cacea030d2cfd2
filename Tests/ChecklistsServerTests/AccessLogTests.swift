import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

/// What an operator reads in `checklists serve`'s output: one line per request, its timestamp
/// as the other log lines write it (milliseconds only when not zero).
@Suite struct AccessLogTests {
  /// Starts a logging server on a clock standing at `date`, sends `request`, stops it, and
  /// returns the log's lines.
  private func logLines(at date: Date, request: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-access-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let logPath = folder.appendingPathComponent("log.txt").path
    #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
    let output = try #require(FileHandle(forWritingAtPath: logPath))
    let clock = ManualClock(date)
    let store = try SQLChecklistStore(sqlitePath: folder.appendingPathComponent("c.sqlite").path)
    _ = try ChecklistService.openLocal(store: store, now: clock.now)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.threadCount = 2
    let server = try ChecklistsServer(
      store: store, configuration: configuration, now: clock.now, logOutput: output)
    try server.start()
    // The server answers only to its own names: the Host carries its port.
    let addressed = request.replacingOccurrences(
      of: "Host: 127.0.0.1\r\n", with: "Host: 127.0.0.1:\(server.port)\r\n")
    let (status, _) = try RawHTTPConnection.exchange(port: server.port, Array(addressed.utf8))
    #expect(status == 200)
    server.shutdown()
    try output.close()
    let text = try String(contentsOfFile: logPath, encoding: .utf8)
    return text.split(separator: "\n").map(String.init)
  }

  @Test("A request's line: time, client, request, status, body size, duration, agent")
  func accessLine() throws {
    // 2027-01-15T08:30:05Z, a whole second.
    let lines = try logLines(
      at: Date(timeIntervalSince1970: 1_800_001_805),
      request: "GET /api/v1/checklists HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "User-Agent: probe/1.0 (\"quoted\")\r\nConnection: close\r\n\r\n")
    let line = try #require(lines.first { $0.contains("\"GET /api/v1/checklists\"") })
    let pattern =
      #/^2027-01-15T08:30:05Z 127\.0\.0\.1 "GET /api/v1/checklists" 200 \d+B \d+\.\dms "probe/1\.0 \("quoted"\)"$/#
    #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
  }

  @Test("Milliseconds appear when not zero; a request without an agent shows none")
  func millisecondsAndNoAgent() throws {
    let lines = try logLines(
      at: Date(timeIntervalSince1970: 1_800_001_805.007),
      request: "GET /api/v1/checklists HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Connection: close\r\n\r\n")
    let line = try #require(lines.first { $0.contains("\"GET /api/v1/checklists") })
    let pattern =
      #/^2027-01-15T08:30:05\.007Z 127\.0\.0\.1 "GET /api/v1/checklists" 200 \d+B \d+\.\dms$/#
    #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    // The server's own lines use the same timestamps.
    #expect(lines.contains { $0.hasPrefix("2027-01-15T08:30:05.007Z Checklists is listening") })
  }
}
