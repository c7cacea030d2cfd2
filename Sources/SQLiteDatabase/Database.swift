import CSQLite
import Foundation
import SQLDatabase

/// One connection to an SQLite database file.
///
/// Not `Sendable`: it is reached only inside ``DatabaseQueue``'s `read` and `write` closures,
/// which serialize access to it.
public final class Database: SQLConnection {
  let handle: OpaquePointer
  /// The path of the database file.
  public let path: String
  private var statements: [String: Statement] = [:]
  private var transactionDepth = 0

  /// The process-wide settings, made once before the first connection: no memory statistics
  /// (each allocation would take one global mutex, which a server's many connections and
  /// threads then queue on).
  private static let configured: Void = { _ = csqlite_disable_memory_statistics() }()

  /// Opens (creating if needed) the database at `path` with the settings every connection uses:
  /// WAL journal, foreign keys on, and a busy timeout so that a second process waits its turn
  /// instead of failing with "database is locked".
  ///
  /// - Parameters:
  ///   - path: The file to open; its folder must exist.
  ///   - busyTimeout: How long to wait for another connection's lock, in milliseconds.
  /// - Throws: ``SQLDatabase/SQLError`` when the file cannot be opened or is not a database.
  public init(path: String, busyTimeout: Int32 = 10_000) throws {
    _ = Self.configured
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLError(sqliteCode: code, message: message)
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, busyTimeout)
    // journal_mode=WAL is persistent in the file; it reads back the mode actually in force.
    let mode = try query("PRAGMA journal_mode = WAL") { $0.string(0) }.first
    guard mode?.lowercased() == "wal" else {
      throw SQLError(
        sqliteCode: SQLITE_ERROR, message: "could not switch to WAL journal (got \(mode ?? "none"))"
      )
    }
    try execute(
      "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32000;")
  }

  private var isClosed = false

  deinit {
    close()
  }

  /// Finalizes the cached statements and closes the connection; the last connection to close
  /// checkpoints the WAL into the database file. Safe to call twice.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Refuses work on a closed connection with a clear error instead of undefined behaviour.
  func checkOpen() throws {
    guard !isClosed else {
      throw SQLError(sqliteCode: SQLITE_MISUSE, message: "the database \(path) is closed")
    }
  }

  // MARK: - Running SQL

  /// Runs one or more statements that return no rows, such as a migration's DDL.
  /// - Throws: ``SQLDatabase/SQLError``.
  public func execute(_ sql: String) throws {
    try checkOpen()
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(message)
      throw SQLError(sqliteCode: code, message: text, sql: sql)
    }
  }

  /// Runs one statement with arguments bound to `?` parameters, ignoring any rows.
  /// - Returns: How many rows the statement changed.
  /// - Throws: ``SQLDatabase/SQLError``.
  @discardableResult
  public func run(_ sql: String, arguments: [any SQLValueConvertible]) throws -> Int {
    let statement = try cachedStatement(sql)
    defer { statement.finish() }
    try statement.bind(arguments)
    while try statement.step() {}
    return Int(sqlite3_changes(handle))
  }

  /// Runs a query with an array of arguments and maps each row.
  /// - Returns: The mapped rows in the order SQLite returns them.
  /// - Throws: ``SQLDatabase/SQLError``, or what `map` throws.
  public func query<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> [T] {
    let statement = try cachedStatement(sql)
    defer { statement.finish() }
    try statement.bind(arguments)
    var rows: [T] = []
    let row = SQLRow(statement)
    while try statement.step() {
      rows.append(try map(row))
    }
    return rows
  }

  /// Runs a query with an array of arguments and maps its first row, if any.
  /// - Throws: ``SQLDatabase/SQLError``, or what `map` throws.
  public func queryFirst<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> T? {
    let statement = try cachedStatement(sql)
    defer { statement.finish() }
    try statement.bind(arguments)
    guard try statement.step() else { return nil }
    return try map(SQLRow(statement))
  }

  /// How many rows this connection has inserted, updated or deleted since it opened, triggers
  /// included: a way to check that a change touches only the rows it should.
  public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

  /// How many virtual-machine steps this connection's statements have run since it opened,
  /// triggers included: a measure of the work a lookup does (a scan grows with the rows it
  /// passes, an index seek does not) that, unlike a clock, is the same on every run.
  public var virtualMachineSteps: Int {
    statements.values.reduce(0) {
      $0 + Int(sqlite3_stmt_status($1.handle, Int32(SQLITE_STMTSTATUS_VM_STEP), 0))
    }
  }

  /// The rowid of the last row inserted on this connection.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  // MARK: - Transactions

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// Nested calls join the outer transaction.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T {
    if transactionDepth > 0 {
      transactionDepth += 1
      defer { transactionDepth -= 1 }
      return try body()
    }
    // Through the statement cache: parsing BEGIN and COMMIT on every call showed in profiles.
    try run("BEGIN \(kind.rawValue)")
    transactionDepth = 1
    defer { transactionDepth = 0 }
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 {
        _ = try? run("ROLLBACK")
      }
      throw error
    }
  }

  // MARK: - Internals

  private func cachedStatement(_ sql: String) throws -> Statement {
    try checkOpen()
    if let statement = statements[sql] { return statement }
    let statement = try Statement(database: self, sql: sql)
    statements[sql] = statement
    return statement
  }

  func error(code: Int32, sql: String?) -> SQLError {
    SQLError(
      sqliteCode: sqlite3_extended_errcode(handle),
      message: String(cString: sqlite3_errmsg(handle)),
      sql: sql)
  }
}
