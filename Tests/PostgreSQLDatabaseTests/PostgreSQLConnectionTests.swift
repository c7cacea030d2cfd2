import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Testing

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLConnectionTests {
  @Test func parametersOfEveryKindRoundTrip() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      let date = Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_789)
      let blob: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF, 0x5C, 0x27]
      let text = "Äpfel 🛒 ‘quoted’ \\ 'single' \"double\" ?"
      try pool.write { db in
        try db.execute(
          """
          CREATE TABLE kinds (
            id BIGINT PRIMARY KEY, number BIGINT, real DOUBLE PRECISION, text TEXT, blob BYTEA,
            flag BOOLEAN, small INTEGER, amount NUMERIC);
          """)
        try db.run(
          "INSERT INTO kinds VALUES (?, ?, ?, ?, ?, true, ?, 2.5)", 1, Int64.max, date, text,
          SQLValue.blob(blob), 7)
        try db.run(
          "INSERT INTO kinds VALUES (?, ?, ?, ?, ?, false, ?, NULL)", 2, Int64.min,
          -Double.pi, "", SQLValue.blob([]), SQLValue.null)
        try db.run(
          "INSERT INTO kinds (id, real, text) VALUES (?, ?, ?)", 3, Double.leastNonzeroMagnitude,
          String?.none)
      }
      let rows = try pool.read { db in
        try db.query("SELECT * FROM kinds ORDER BY id") { row in
          (0..<row.columnCount).map { row.value($0) }
        }
      }
      #expect(
        rows[0] == [
          .integer(1), .integer(Int64.max), .real(date.timeIntervalSinceReferenceDate),
          .text(text), .blob(blob), .integer(1), .integer(7), .real(2.5),
        ])
      #expect(
        rows[1] == [
          .integer(2), .integer(Int64.min), .real(-Double.pi), .text(""), .blob([]), .integer(0),
          .null, .null,
        ])
      #expect(
        rows[2] == [
          .integer(3), .null, .real(Double.leastNonzeroMagnitude), .null, .null, .null, .null,
          .null,
        ])
      let typed = try pool.read { db in
        try db.queryFirst("SELECT real, text, number, flag FROM kinds WHERE id = ?", 1) { row in
          (row.date(0), row.string(1), row.int64(2), row.bool(3), row.isNull(0))
        }
      }
      #expect(typed?.0 == date)
      #expect(typed?.1 == text)
      #expect(typed?.2 == Int64.max)
      #expect(typed?.3 == true)
      #expect(typed?.4 == false)
    }
  }

  @Test func parametersAreSentTypedAndTheSameStatementTakesOtherTypes() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 1)
      defer { pool.close() }
      let values: [SQLValue] = [.integer(1), .text("a"), .real(1.5), .blob([1]), .integer(2)]
      let types = try pool.read { db in
        try values.map { value in
          try db.queryFirst("SELECT pg_typeof(?)::text", value) { $0.string(0) }
        }
      }
      #expect(types == ["bigint", "text", "double precision", "bytea", "bigint"])
      // A null goes untyped: the server gives it the type its place asks for.
      let coalesced = try pool.read { db in
        try [SQLValue.null, .integer(2), .null].map { value in
          try db.queryFirst("SELECT COALESCE(?, 7) + 0", value) { $0.int(0) }
        }
      }
      #expect(coalesced == [7, 2, 7])
    }
  }

  @Test func aStatementWhoseColumnsASchemaChangeAlteredRunsAgain() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 1)
      defer { pool.close() }
      let all = { (db: any SQLConnection) in
        try db.query("SELECT * FROM t", arguments: []) { $0.columnCount }
      }
      _ = try pool.write { db in
        try db.execute("CREATE TABLE t (a BIGINT); INSERT INTO t VALUES (1)")
        return try all(db)
      }
      #expect(try pool.read(all) == [1])
      try pool.write { db in try db.execute("ALTER TABLE t ADD COLUMN b TEXT") }
      #expect(try pool.read(all) == [2])
      #expect(try pool.write(all) == [2])
      try pool.write { db in try db.execute("ALTER TABLE t ADD COLUMN c TEXT") }
      #expect(try pool.write(all) == [3])
      // Statements prepared after the stale ones were let go get names of their own.
      let other = try pool.read { db in
        try db.queryFirst("SELECT count(*) FROM t WHERE a = ?", 1) { $0.int(0) }
      }
      #expect(other == 1)
      try pool.write { db in try db.execute("ALTER TABLE t ADD COLUMN d TEXT") }
      #expect(try pool.read(all) == [4])
      #expect(
        try pool.read { db in try db.query("SELECT a FROM t", arguments: []) { $0.int(0) } } == [1])
    }
  }

  @Test func aQuestionMarkInALiteralIsNotAParameter() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      let row = try pool.read { db in
        try db.queryFirst(
          "SELECT '?' AS \"why?\", ?2 || ?1 /* ? */, $$?$$ -- ?\n", "b", "a"
        ) { ($0.string(0), $0.string(1), $0.string(2)) }
      }
      #expect(row?.0 == "?")
      #expect(row?.1 == "ab")
      #expect(row?.2 == "?")
    }
  }

  @Test func aUniqueViolationIsAConstraintError() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE names (name TEXT PRIMARY KEY)") }
      _ = try pool.write { db in try db.run("INSERT INTO names VALUES (?)", "milk") }
      let error = try #require(throws: SQLError.self) {
        try pool.write { db in try db.run("INSERT INTO names VALUES (?)", "milk") }
      }
      #expect(error.kind == .constraint)
      #expect(error.isConstraintViolation)
      #expect(error.code == "SQLSTATE 23505")
      #expect(error.message.contains("duplicate key"))
      #expect(error.sql == "INSERT INTO names VALUES (?)")
    }
  }

  @Test func anSQLMistakeNamesTheStatement() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      let error = try #require(throws: SQLError.self) {
        try pool.read { db in try db.query("SELECT nope FROM nowhere", arguments: []) { _ in 0 } }
      }
      #expect(error.kind == .other)
      #expect(error.code == "SQLSTATE 42P01")
      #expect(error.description.contains("nowhere"))
      // The connection stays usable after the failed transaction was rolled back.
      #expect(
        try pool.read { db in try db.queryFirst("SELECT 1", arguments: []) { $0.int(0) } } == 1)
    }
  }

  @Test func executeRunsSeveralStatementsAndRunCountsChanges() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      let changed = try pool.write { db in
        try db.execute(
          """
          CREATE TABLE a (n BIGINT);
          CREATE TABLE b (n BIGINT);
          INSERT INTO a VALUES (1), (2), (3);
          """)
        return try db.run("UPDATE a SET n = n + ? WHERE n >= ?", 10, 2)
      }
      #expect(changed == 2)
      let values = try pool.read { db in try db.query("SELECT n FROM a ORDER BY n") { $0.int(0) } }
      #expect(values == [1, 12, 13])
    }
  }

  @Test func nestedTransactionsJoinTheOuterOne() throws {
    struct Abandon: Error {}
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      #expect(throws: Abandon.self) {
        try pool.write { db in
          _ = try db.inTransaction(.immediate) { try db.run("INSERT INTO t VALUES (1)") }
          try db.run("INSERT INTO t VALUES (2)")
          throw Abandon()
        }
      }
      _ = try pool.write { db in
        try db.inTransaction(.immediate) { try db.run("INSERT INTO t VALUES (3)") }
      }
      let values = try pool.read { db in try db.query("SELECT n FROM t") { $0.int(0) } }
      #expect(values == [3])
    }
  }

  @Test func aClosureThatThrowsRollsBackEverything() throws {
    struct Abandon: Error {}
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT)") }
      #expect(throws: Abandon.self) {
        try pool.write { db in
          try db.run("INSERT INTO t VALUES (1)")
          throw Abandon()
        }
      }
      let count = try pool.read { db in
        try db.queryFirst("SELECT count(*) FROM t", arguments: []) { $0.int(0) }
      }
      #expect(count == 0)
    }
  }

  @Test func aSwallowedErrorDoesNotCommitSilently() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT PRIMARY KEY)") }
      let error = try #require(throws: SQLError.self) {
        try pool.write { db in
          try db.run("INSERT INTO t VALUES (1)")
          _ = try? db.run("INSERT INTO t VALUES (1)")
        }
      }
      #expect(error.code == "SQLSTATE 25P02")
      let count = try pool.read { db in
        try db.queryFirst("SELECT count(*) FROM t", arguments: []) { $0.int(0) }
      }
      #expect(count == 0)
    }
  }

  @Test func aReadSeesOneSnapshotAndCannotWrite() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool()
      defer { pool.close() }
      try pool.write { db in try db.execute("CREATE TABLE t (n BIGINT); INSERT INTO t VALUES (1)") }
      let counts = try pool.read { db -> [Int] in
        let count = {
          try db.queryFirst("SELECT count(*) FROM t", arguments: []) { $0.int(0) } ?? 0
        }
        let before = try count()
        _ = try pool.write { db in try db.run("INSERT INTO t VALUES (2)") }
        return [before, try count()]
      }
      #expect(counts == [1, 1])
      let error = try #require(throws: SQLError.self) {
        try pool.read { db in try db.run("INSERT INTO t VALUES (3)") }
      }
      #expect(error.code == "SQLSTATE 25006")
    }
  }

  @Test func lastInsertedRowIDIsTheLastSequenceValue() throws {
    try TestServer.withDatabase { database in
      let pool = try database.pool(maxConnections: 1)
      defer { pool.close() }
      try pool.write { db in
        try db.execute("CREATE TABLE t (id BIGSERIAL PRIMARY KEY, name TEXT)")
        #expect(db.lastInsertedRowID == 0)
        try db.run("INSERT INTO t (name) VALUES (?)", "a")
        try db.run("INSERT INTO t (name) VALUES (?)", "b")
        #expect(db.lastInsertedRowID == 2)
        // Asking did not abort the transaction.
        try db.run("INSERT INTO t (name) VALUES (?)", "c")
      }
      #expect(
        try pool.read { db in try db.query("SELECT name FROM t ORDER BY id") { $0.string(0) } } == [
          "a", "b", "c",
        ])
    }
  }
}
