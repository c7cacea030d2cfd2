import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Testing

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLListenerBackoffTests {
  @Test("A server that ends every connection at once is not reconnected to ten times a second")
  func connectionsEndedAtOnceBackOff() throws {
    try TestServer.withDatabase { database in
      // Every new session of this database is ended after 50 ms idle: the listener's too.
      let admin = try PostgreSQLConnection(database.admin.configuration)
      defer { admin.close() }
      try admin.execute("ALTER DATABASE \(database.name) SET idle_session_timeout = '50ms'")
      let inbox = PostgreSQLListenerTests.Inbox()
      let listener = try PostgreSQLListenerTests.listener(on: database, inbox: inbox)
      Thread.sleep(forTimeInterval: 3)
      listener.cancel()
      let reconnects = inbox.reconnects.withLock { $0 }
      // It keeps trying (0.1 s, 0.2 s, 0.4 s, … between attempts): a handful in 3 s, where
      // reconnecting at once made one every ~60 ms (40 or more).
      #expect(reconnects >= 1)
      #expect(reconnects <= 10, "reconnected \(reconnects) times in 3 s")
    }
  }
}
