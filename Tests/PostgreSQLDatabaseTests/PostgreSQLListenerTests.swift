import Dispatch
import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Synchronization
import Testing

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLListenerTests {
  /// What a listener received, and a way to wait for it.
  final class Inbox: Sendable {
    let payloads = Mutex<[String]>([])
    let reconnects = Mutex(0)
    private let arrived = DispatchSemaphore(value: 0)
    private let reconnected = DispatchSemaphore(value: 0)

    func receive(_ payload: String) {
      payloads.withLock { $0.append(payload) }
      arrived.signal()
    }

    func reconnect() {
      reconnects.withLock { $0 += 1 }
      reconnected.signal()
    }

    /// Waits (at most 15 s) for the next payload.
    func waitForPayload() -> Bool { arrived.wait(timeout: .now() + 15) == .success }

    /// Waits (at most 30 s) for the next reconnection.
    func waitForReconnect() -> Bool { reconnected.wait(timeout: .now() + 30) == .success }
  }

  static func listener(on database: TestDatabase, inbox: Inbox) throws -> PostgreSQLListener {
    PostgreSQLListener(
      try database.configuration, channel: "checklists_changes",
      onNotification: { inbox.receive($0) }, onReconnect: { inbox.reconnect() })
  }

  static func notify(_ pool: PostgreSQLPool, _ payload: String) throws {
    try pool.write { db in
      _ = try db.query("SELECT pg_notify('checklists_changes', ?)", payload) { _ in () }
    }
  }

  @Test func aCommittedNotificationArrivesAndARolledBackOneNever() throws {
    struct Abandon: Error {}
    try TestServer.withDatabase { database in
      let inbox = Inbox()
      let listener = try Self.listener(on: database, inbox: inbox)
      defer { listener.cancel() }
      #expect(listener.isListening)
      let pool = try database.pool()
      defer { pool.close() }
      #expect(throws: Abandon.self) {
        try pool.write { db in
          _ = try db.query("SELECT pg_notify('checklists_changes', ?)", "rolled back") { _ in () }
          throw Abandon()
        }
      }
      try Self.notify(pool, "1")
      try Self.notify(pool, "2")
      #expect(inbox.waitForPayload())
      #expect(inbox.waitForPayload())
      #expect(inbox.payloads.withLock { $0 } == ["1", "2"])
      #expect(inbox.reconnects.withLock { $0 } == 0)
    }
  }

  @Test func itReconnectsAfterItsConnectionIsTerminated() throws {
    try TestServer.withDatabase { database in
      let inbox = Inbox()
      let listener = try Self.listener(on: database, inbox: inbox)
      defer { listener.cancel() }
      #expect(try database.terminateConnections() == 1)
      #expect(inbox.waitForReconnect())
      #expect(listener.isListening)
      let pool = try database.pool()
      defer { pool.close() }
      try Self.notify(pool, "after")
      #expect(inbox.waitForPayload())
      #expect(inbox.payloads.withLock { $0 } == ["after"])
    }
  }

  @Test func itKeepsTryingUntilTheDatabaseAnswers() throws {
    let admin = try TestServer.admin()
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let database = TestDatabase(name: name, url: admin.url(forDatabase: name), admin: admin)
    let inbox = Inbox()
    // The database does not exist yet: the listener cannot connect, and retries.
    let listener = try Self.listener(on: database, inbox: inbox)
    defer { listener.cancel() }
    #expect(!listener.isListening)
    try admin.createDatabase(name)
    defer { try? admin.dropDatabase(name) }
    #expect(inbox.waitForReconnect())
    let pool = try database.pool()
    defer { pool.close() }
    try Self.notify(pool, "hello")
    #expect(inbox.waitForPayload())
    #expect(inbox.payloads.withLock { $0 } == ["hello"])
  }

  @Test func cancelClosesItsConnection() throws {
    try TestServer.withDatabase { database in
      let inbox = Inbox()
      let listener = try Self.listener(on: database, inbox: inbox)
      listener.cancel()
      var waited = 0
      while listener.isListening && waited < 100 {
        Thread.sleep(forTimeInterval: 0.05)
        waited += 1
      }
      #expect(!listener.isListening)
      let connection = try PostgreSQLConnection(database.admin.configuration)
      defer { connection.close() }
      var listening = 1
      for _ in 0..<100 where listening > 0 {
        listening =
          try connection.queryFirst(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = ? AND query LIKE 'LISTEN%'",
            database.name
          ) { $0.int(0) } ?? 0
        if listening > 0 { Thread.sleep(forTimeInterval: 0.05) }
      }
      #expect(listening == 0)
      let pool = try database.pool()
      defer { pool.close() }
      try Self.notify(pool, "too late")
      Thread.sleep(forTimeInterval: 0.3)
      #expect(inbox.payloads.withLock { $0 } == [])
    }
  }
}
