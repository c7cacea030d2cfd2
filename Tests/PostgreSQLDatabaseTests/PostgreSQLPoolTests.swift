import Dispatch
import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Synchronization
import Testing

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLPoolTests {
  @Test func writersOnTwoPoolsTakeTurns() throws {
    try TestServer.withDatabase { database in
      let pools = [try database.pool(), try database.pool()]
      defer {
        for pool in pools { pool.close() }
      }
      try pools[0].write { db in
        try db.execute("CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0)")
      }
      let failures = Mutex<[String]>([])
      // A read, then a write of what was read: without the write lock two of them would read
      // the same value (READ COMMITTED) and one increment would be lost.
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let pool = pools[thread % 2]
        for _ in 0..<50 {
          do {
            try pool.write { db in
              let n = try db.queryFirst("SELECT n FROM counter", arguments: []) { $0.int(0) } ?? 0
              try db.run("UPDATE counter SET n = ?", n + 1)
            }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
      #expect(failures.withLock { $0 } == [])
      let total = try pools[1].read { db in
        try db.queryFirst("SELECT n FROM counter", arguments: []) { $0.int(0) }
      }
      #expect(total == 200)
    }
  }

  @Test func moreThreadsThanConnectionsShareThemAndFailuresGiveThemBack() throws {
    struct Refused: Error {}
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 2, acquireTimeout: .seconds(30))
      defer { pool.close() }
      try pool.write { db in
        try db.execute("CREATE TABLE counter (n BIGINT NOT NULL); INSERT INTO counter VALUES (0)")
      }
      let unexpected = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for step in 0..<25 {
          do {
            try pool.write { db in
              _ = try db.run("UPDATE counter SET n = n + 1")
              if step % 5 == 0 { throw Refused() }  // rolled back, connection given back
            }
          } catch is Refused {
          } catch {
            unexpected.withLock { $0.append("\(error)") }
          }
          if step % 7 == 0 {
            _ = try? pool.read { db in try db.run("SELECT nope") }  // an SQL error on a read
          }
        }
      }
      #expect(unexpected.withLock { $0 } == [])
      #expect(pool.idleConnectionCount <= 2)
      let total = try pool.read { db in
        try db.queryFirst("SELECT n FROM counter", arguments: []) { $0.int(0) }
      }
      #expect(total == 8 * 20)
    }
  }

  @Test func writesDuringRepeatedOutagesFailAsUnavailableAndNoneAcknowledgedIsLost() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 4)
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE acknowledged (id BIGINT PRIMARY KEY)") }
      let acknowledged = Mutex<[Int]>([])
      let otherErrors = Mutex<[String]>([])
      let writersDone = DispatchSemaphore(value: 0)
      for thread in 0..<4 {
        Thread.detachNewThread {
          for step in 0..<60 {
            let id = thread * 1000 + step
            do {
              try pool.write { db in _ = try db.run("INSERT INTO acknowledged VALUES (?)", id) }
              acknowledged.withLock { $0.append(id) }
            } catch let error as SQLError where error.kind == .unavailable {
            } catch {
              otherErrors.withLock { $0.append("\(error)") }
            }
          }
          writersDone.signal()
        }
      }
      for _ in 0..<5 {
        _ = try database.terminateConnections()
        Thread.sleep(forTimeInterval: 0.05)
      }
      for _ in 0..<4 { #expect(writersDone.wait(timeout: .now() + 60) == .success) }
      #expect(otherErrors.withLock { $0 } == [])
      _ = try pool.write { db in try db.run("INSERT INTO acknowledged VALUES (?)", -1) }
      let stored = Set(
        try pool.read { db in try db.query("SELECT id FROM acknowledged") { $0.int(0) } })
      let missing = acknowledged.withLock { $0 }.filter { !stored.contains($0) }
      #expect(missing == [])
    }
  }

  @Test func allConnectionsBusyPastTheTimeoutIsUnavailable() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 1, acquireTimeout: .milliseconds(300))
      defer { pool.close() }
      let holding = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = try? pool.write { _ in
          holding.signal()
          _ = release.wait(timeout: .now() + 30)
        }
        done.signal()
      }
      #expect(holding.wait(timeout: .now() + 30) == .success)
      let error = try #require(throws: SQLError.self) {
        try pool.read { db in try db.queryFirst("SELECT 1", arguments: []) { $0.int(0) } }
      }
      release.signal()
      #expect(done.wait(timeout: .now() + 30) == .success)
      #expect(error.kind == .unavailable)
      #expect(error.message == "all 1 connections stayed busy for 0.3 s")
      // Free again, the connection serves the next call.
      #expect(
        try pool.read { db in try db.queryFirst("SELECT 1", arguments: []) { $0.int(0) } } == 1)
    }
  }

  @Test func terminatedConnectionsAreReplaced() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 2)
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      #expect(try database.terminateConnections() >= 1)
      // The next call either fails as unavailable or runs on a fresh connection…
      do {
        _ = try pool.write { db in try db.run("INSERT INTO t VALUES (1)") }
      } catch let error as SQLError {
        #expect(error.kind == .unavailable)
      }
      // …and the one after runs.
      _ = try pool.write { db in try db.run("INSERT INTO t VALUES (2)") }
      let values = try pool.read { db in try db.query("SELECT n FROM t") { $0.int(0) } }
      #expect(values.contains(2))
    }
  }

  @Test func afterAnOutageTheFirstCallRunsOnAFreshConnection() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 3)
      defer { pool.close() }
      // Three idle connections, all of which the "restart" below ends.
      let opened = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      for _ in 0..<3 {
        Thread.detachNewThread {
          _ = try? pool.read { _ in
            opened.signal()
            _ = release.wait(timeout: .now() + 30)
          }
          done.signal()
        }
      }
      for _ in 0..<3 { #expect(opened.wait(timeout: .now() + 30) == .success) }
      for _ in 0..<3 { release.signal() }
      for _ in 0..<3 { #expect(done.wait(timeout: .now() + 30) == .success) }
      #expect(pool.idleConnectionCount == 3)
      #expect(try database.terminateConnections() >= 1)
      try database.waitUntilNoConnections()
      // The dead idle connections are noticed and replaced before any statement runs on them.
      for n in 0..<3 {
        _ = try pool.write { db in try db.queryFirst("SELECT ?", n) { $0.int(0) } }
      }
    }
  }

  @Test func aConnectionLostMidTransactionIsUnavailableAndTheNextCallRuns() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 1)
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      let error = try #require(throws: SQLError.self) {
        try pool.write { db in
          try db.run("INSERT INTO t VALUES (1)")
          try db.run("SELECT pg_terminate_backend(pg_backend_pid())")
        }
      }
      #expect(error.kind == .unavailable)
      // One line, whichever libpq read first: the server's goodbye or the closed socket.
      #expect(
        [
          "terminating connection due to administrator command",
          "server closed the connection unexpectedly",
        ].contains(error.message))
      _ = try pool.write { db in try db.run("INSERT INTO t VALUES (2)") }
      let values = try pool.read { db in try db.query("SELECT n FROM t") { $0.int(0) } }
      #expect(values == [2])
    }
  }

  @Test func aWriterWaitingPastTheLockTimeoutIsBusy() throws {
    try TestServer.withDatabase { database in
      let holder = try database.pool()
      defer { holder.close() }
      var configuration = try database.configuration
      configuration.lockTimeout = .milliseconds(300)
      let waiter = try PostgreSQLPool(configuration)
      defer { waiter.close() }
      let holding = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        _ = try? holder.write { db in
          try db.execute("SELECT 1")  // the write lock is taken with the first statement
          holding.signal()
          _ = release.wait(timeout: .now() + 30)
        }
        done.signal()
      }
      #expect(holding.wait(timeout: .now() + 30) == .success)
      let error = try #require(throws: SQLError.self) {
        try waiter.write { db in try db.execute("SELECT 1") }
      }
      release.signal()
      #expect(done.wait(timeout: .now() + 30) == .success)
      #expect(error.kind == .busy)
      #expect(error.code == "SQLSTATE 55P03")
      // Once the lock is free, the waiter writes.
      try waiter.write { db in try db.execute("SELECT 1") }
    }
  }

  @Test func aWriteFailedByASerializationConflictRunsAgain() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      var runs = 0
      try pool.write { db in
        runs += 1
        try db.run("INSERT INTO t VALUES (?)", runs)
        if runs < 3 { try Self.raiseSQLState("40001", in: db) }
      }
      #expect(runs == 3)
      #expect(try pool.read { db in try db.query("SELECT n FROM t") { $0.int(0) } } == [3])
    }
  }

  @Test func aWriteThatKeepsConflictingGivesUpAsBusy() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      var runs = 0
      let error = try #require(throws: SQLError.self) {
        try pool.write { db in
          runs += 1
          try Self.raiseSQLState("40P01", in: db)
        }
      }
      #expect(runs == 5)
      #expect(error.kind == .busy)
      #expect(error.code == "SQLSTATE 40P01")
    }
  }

  @Test func aWrongDatabaseFailsAtOnce() throws {
    let admin = try TestServer.admin()
    let missing = "t_missing_" + UUID().uuidString.prefix(8).lowercased()
    let error = try #require(throws: SQLError.self) {
      try PostgreSQLPool(PostgreSQLConfiguration(admin.url(forDatabase: missing)))
    }
    #expect(error.kind == .cantOpen)
    #expect(error.message.contains("does not exist"))
    #expect(error.message.contains(missing))
  }

  @Test func aMalformedConnectionStringIsRefusedWithoutEchoingIt() throws {
    let error = try #require(throws: SQLError.self) {
      try PostgreSQLConfiguration("postgres://u:s3cret@host:5432/db?nonsense=1")
    }
    #expect(error.kind == .cantOpen)
    #expect(error.message.contains("nonsense"))
    #expect(!error.message.contains("s3cret"))
  }

  @Test func theLocationHidesThePassword() throws {
    let configuration = try PostgreSQLConfiguration("postgres://anna:s3cret@db.example:6543/lists")
    #expect(configuration.redacted == "postgres://anna@db.example:6543/lists")
    let keywords = try PostgreSQLConfiguration(
      "host=db.example user=anna password=s3cret dbname=lists")
    #expect(keywords.redacted == "postgres://anna@db.example/lists")
  }

  /// Makes the server fail the current statement with `state`, as a real conflict would.
  static func raiseSQLState(_ state: String, in db: any SQLConnection) throws {
    try db.execute(
      "DO $$ BEGIN RAISE EXCEPTION 'simulated conflict' USING ERRCODE = '\(state)'; END $$")
  }
}

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLOutageTests {
  /// A relay to the test server, and the test database's URL through it.
  static func proxy(for database: TestDatabase) throws -> (TCPProxy, String) {
    let url = database.url
    let authority = try #require(url.split(separator: "@").last?.split(separator: "/").first)
    let port = try #require(authority.split(separator: ":").last.flatMap { UInt16($0) })
    let proxy = try TCPProxy(to: port)
    return (proxy, url.replacingOccurrences(of: ":\(port)/", with: ":\(proxy.port)/"))
  }

  @Test func whileTheServerIsDownCallsAreUnavailableAndThenItRecoversByItself() throws {
    try TestServer.withDatabase { database in
      let (proxy, url) = try Self.proxy(for: database)
      defer { proxy.stop() }
      let pool = try PostgreSQLPool(
        PostgreSQLConfiguration(url), maxConnections: 2)
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      proxy.stop()
      for _ in 0..<3 {
        let error = try #require(throws: SQLError.self) {
          try pool.write { db in _ = try db.run("INSERT INTO t VALUES (1)") }
        }
        #expect(error.kind == .unavailable)
      }
      let refused = try #require(throws: SQLError.self) {
        try pool.read { db in try db.queryFirst("SELECT 1", arguments: []) { $0.int(0) } }
      }
      #expect(refused.kind == .unavailable)
      #expect(refused.message.contains("Connection refused"))
      try proxy.start()
      _ = try pool.write { db in try db.run("INSERT INTO t VALUES (2)") }
      #expect(try pool.read { db in try db.query("SELECT n FROM t") { $0.int(0) } } == [2])
    }
  }

  @Test func theListenerReconnectsWhenTheServerIsBack() throws {
    try TestServer.withDatabase { database in
      let (proxy, url) = try Self.proxy(for: database)
      defer { proxy.stop() }
      let inbox = PostgreSQLListenerTests.Inbox()
      let listener = PostgreSQLListener(
        try PostgreSQLConfiguration(url),
        channel: "checklists_changes", onNotification: { inbox.receive($0) },
        onReconnect: { inbox.reconnect() })
      defer { listener.cancel() }
      #expect(listener.isListening)
      proxy.stop()
      var waited = 0
      while listener.isListening && waited < 200 {
        Thread.sleep(forTimeInterval: 0.05)
        waited += 1
      }
      #expect(!listener.isListening)
      Thread.sleep(forTimeInterval: 1)  // a few refused attempts, backing off
      try proxy.start()
      #expect(inbox.waitForReconnect())
      let pool = try database.pool()
      defer { pool.close() }
      try PostgreSQLListenerTests.notify(pool, "back")
      #expect(inbox.waitForPayload())
      #expect(inbox.payloads.withLock { $0 } == ["back"])
    }
  }
}
