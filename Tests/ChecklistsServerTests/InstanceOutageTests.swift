import ChecklistsSQLStore
import Foundation
import Synchronization
import Testing

@testable import ChecklistsServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What clients and the log see while the database cannot take a write: another process holds
/// SQLite's write lock past the busy timeout (on PostgreSQL, a server that is down answers the
/// same way: `.storage`, 503).
@Suite("An instance whose database stops answering")
struct InstanceOutageTests {
  @Test(
    "Writes get 503 with Retry-After, the log says so once, and the server carries on after",
    .timeLimit(.minutes(1)))
  func lockedDatabase() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-outage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("checklists.sqlite").path
    let logPath = folder.appendingPathComponent("server.log").path
    #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
    let logFile = try #require(FileHandle(forWritingAtPath: logPath))
    let store = try SQLChecklistStore(sqlitePath: path)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.threadCount = 4
    configuration.currency = .euro
    let server = try ChecklistsServer(
      store: store, configuration: configuration, logsRequests: false, logOutput: logFile)
    try server.start()
    defer { server.shutdown() }
    let base = server.url

    // Another process takes the write lock and keeps it.
    let other = try SQLChecklistStore(sqlitePath: path)
    let locked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holder = Thread {
      try? other.queue.write { _ in
        locked.signal()
        release.wait()
      }
    }
    holder.start()
    locked.wait()

    // A write waits out the busy timeout, then is refused with when to retry.
    let refused = try await Self.post(base, name: "First")
    #expect(refused.statusCode == 503)
    #expect(refused.value(forHTTPHeaderField: "Retry-After") == "2")
    release.signal()
    let log = try String(contentsOfFile: logPath, encoding: .utf8)
    #expect(log.components(separatedBy: "database unavailable: ").count - 1 == 1, "\(log)")
    #expect(log.contains("stayed locked by another process"), "\(log)")

    // The lock is gone: the same server takes the write, nothing restarted.
    let accepted = try await Self.post(base, name: "After")
    #expect(accepted.statusCode == 201)
    other.close()
  }

  @Test("However many requests fail, the log says so at most once every five seconds")
  func rateLimitedLine() {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let lines = Mutex<[String]>([])
    let outages = DatabaseOutageLog(now: clock.now) { line in lines.withLock { $0.append(line) } }
    for _ in 0..<50 {
      outages.report("The database x is not answering (gone); try again shortly.")
      clock.advance(by: 0.09)
    }
    #expect(
      lines.withLock { $0 } == [
        "database unavailable: The database x is not answering (gone); try again shortly."
      ])
    clock.advance(by: 1)
    outages.report("still gone")
    #expect(lines.withLock { $0.count } == 2)
    #expect(lines.withLock { $0.last } == "database unavailable: still gone")
  }

  private static func post(_ base: String, name: String) async throws -> HTTPURLResponse {
    var request = URLRequest(url: URL(string: base + "/api/v1/checklists")!)
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"name": "\#(name)"}"#.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.timeoutInterval = 40
    let (_, response) = try await TestServer.session.data(for: request)
    return try #require(response as? HTTPURLResponse)
  }
}
