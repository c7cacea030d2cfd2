import CLibPQ
import Foundation
import SQLDatabase

/// One connection to a PostgreSQL database.
///
/// Not `Sendable`: it is reached only inside ``PostgreSQLPool``'s `read` and `write` closures,
/// which give it to one thread at a time. Each statement is prepared once per connection (for
/// each combination of parameter types) and then run with typed parameters (integers as int8,
/// reals as float8, text as text, blobs as binary bytea); results come back in text format.
public final class PostgreSQLConnection: SQLConnection {
  let handle: OpaquePointer
  /// Where the database is, for messages.
  public let location: String
  private let writeLockKey: Int64
  private var queries: [String: PostgreSQLQuery] = [:]
  /// Statements prepared on this connection, by SQL and parameter types, named `s1`, `s2`, …
  private var prepared: [PreparedKey: String] = [:]
  /// Prepared statements the server refused to run again, to deallocate once that is possible.
  private var stale: [String] = []
  /// How many statements this connection has prepared: the next one's name is one more.
  private var preparedCount = 0
  /// Past this many prepared statements, further ones are sent unprepared.
  private static let maxPreparedStatements = 500
  private var transactionDepth = 0
  private var isClosed = false

  /// Connects to the database `configuration` names.
  /// - Parameters:
  ///   - configuration: The server, database and credentials.
  ///   - keepalive: Whether to probe the idle connection with frequent TCP keepalives, so that
  ///     a server that vanished without a word is noticed (for a listener).
  /// - Throws: ``SQLDatabase/SQLError`` of kind `cantOpen` with libpq's message when the server
  ///   cannot be reached, refuses the credentials or has no such database.
  public init(_ configuration: PostgreSQLConfiguration, keepalive: Bool = false) throws {
    let parameters = configuration.connectParameters(keepalive: keepalive)
    let handle = Self.connect(parameters)
    guard let handle, PQstatus(handle) == CONNECTION_OK else {
      let message = handle.map { oneLine(String(cString: PQerrorMessage($0))) } ?? "out of memory"
      PQfinish(handle)
      // libpq's message names the server ("connection to server at … failed: …").
      throw SQLError(.cantOpen, code: "connection failed", message: message)
    }
    // NOTICEs ("relation already exists, skipping") are not errors; libpq would print them.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
    self.location = configuration.redacted
    self.writeLockKey = configuration.writeLockKey
    try execute(configuration.sessionSettings)
  }

  deinit {
    close()
  }

  /// Closes the connection. Safe to call twice.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    PQfinish(handle)
  }

  /// Whether the connection is gone (the server closed it, or it was closed here): it can only
  /// be thrown away.
  public var isBroken: Bool { isClosed || PQstatus(handle) == CONNECTION_BAD }

  /// Whether the connection is still usable as far as can be told without a round trip: it
  /// reads, without waiting, whatever the server sent while it was idle, so that a backend
  /// that was terminated (its goodbye and the closed socket) marks the connection bad.
  var isAlive: Bool {
    guard !isBroken else { return false }
    _ = PQconsumeInput(handle)
    return PQstatus(handle) == CONNECTION_OK
  }

  /// The server process serving this connection (for `pg_terminate_backend` in tests).
  public var backendProcessID: Int32 { PQbackendPID(handle) }

  // MARK: - Running SQL

  /// Runs one or more statements separated by semicolons that take no parameters, such as a
  /// migration's DDL (outside a transaction they run as one).
  /// - Throws: ``SQLDatabase/SQLError``.
  public func execute(_ sql: String) throws {
    try checkOpen(sql)
    let result = try check(PQexec(handle, sql), sql: sql)
    _ = result
  }

  /// Runs one statement with `arguments` bound to its parameters, ignoring any rows.
  /// - Returns: How many rows the statement changed.
  /// - Throws: ``SQLDatabase/SQLError``.
  @discardableResult
  public func run(_ sql: String, arguments: [any SQLValueConvertible]) throws -> Int {
    try perform(sql, arguments).changedRowCount
  }

  /// Runs a query with `arguments` bound to its parameters and maps each row.
  /// - Returns: The mapped rows in the order PostgreSQL returns them.
  /// - Throws: ``SQLDatabase/SQLError``, or what `map` throws.
  public func query<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> [T] {
    let result = try perform(sql, arguments)
    let count = result.rowCount
    var rows: [T] = []
    rows.reserveCapacity(Int(count))
    let row = SQLRow(result)
    for index in 0..<count {
      result.row = index
      rows.append(try map(row))
    }
    return rows
  }

  /// Runs a query with `arguments` bound to its parameters and maps its first row, if any.
  /// - Throws: ``SQLDatabase/SQLError``, or what `map` throws.
  public func queryFirst<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> T? {
    let result = try perform(sql, arguments)
    guard result.rowCount > 0 else { return nil }
    return try map(SQLRow(result))
  }

  /// The last value a sequence gave on this connection (`lastval()`), or 0 when none has.
  ///
  /// Inside a transaction the question is asked under a savepoint, since the error PostgreSQL
  /// answers when no sequence was used would otherwise abort the transaction.
  public var lastInsertedRowID: Int64 {
    guard !isBroken else { return 0 }
    let inTransaction = PQtransactionStatus(handle) == PQTRANS_INTRANS
    if inTransaction { _ = try? execute("SAVEPOINT checklists_lastval") }
    let value = try? queryFirst("SELECT lastval()", arguments: []) { $0.int64(0) }
    if inTransaction {
      if value == nil { _ = try? execute("ROLLBACK TO SAVEPOINT checklists_lastval") }
      _ = try? execute("RELEASE SAVEPOINT checklists_lastval")
    }
    return value ?? 0
  }

  // MARK: - Transactions

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// `.immediate` is a write: `BEGIN`, then the advisory write lock, so that writers on every
  /// instance take turns. `.deferred` is a read: `REPEATABLE READ READ ONLY`, one snapshot.
  /// Nested calls join the outer transaction.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T {
    if transactionDepth > 0 {
      transactionDepth += 1
      defer { transactionDepth -= 1 }
      return try body()
    }
    try begin(kind)
    return try finishTransaction(body)
  }

  /// Runs `body` in the transaction ``begin(_:)`` opened, then commits it, or rolls it back
  /// when `body` throws.
  func finishTransaction<T>(_ body: () throws -> T) throws -> T {
    precondition(transactionDepth == 1, "no transaction to finish")
    defer { transactionDepth = 0 }
    do {
      let result = try body()
      try commit()
      return result
    } catch {
      rollback()
      throw error
    }
  }

  /// Opens a transaction of `kind` (one round trip, the write lock included).
  func begin(_ kind: SQLTransactionKind) throws {
    precondition(transactionDepth == 0, "BEGIN inside a transaction")
    if !stale.isEmpty {
      try execute(stale.map { "DEALLOCATE \($0)" }.joined(separator: "; "))
      stale = []
    }
    do {
      switch kind {
      case .immediate:
        try execute("BEGIN; SELECT pg_advisory_xact_lock(\(writeLockKey))")
      case .deferred:
        try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
      }
    } catch {
      rollback()
      throw error
    }
    transactionDepth = 1
  }

  /// Commits the open transaction, refusing one an earlier error already aborted (PostgreSQL
  /// would answer `COMMIT` with a silent rollback).
  private func commit() throws {
    if PQtransactionStatus(handle) == PQTRANS_INERROR {
      throw SQLError(
        .other, code: "SQLSTATE 25P02",
        message: "the transaction was aborted by an earlier error and has been rolled back",
        sql: "COMMIT")
    }
    try execute("COMMIT")
  }

  /// Rolls back the open transaction, if the connection still has one.
  private func rollback() {
    guard !isBroken, PQtransactionStatus(handle) != PQTRANS_IDLE else { return }
    _ = try? execute("ROLLBACK")
  }

  // MARK: - Internals

  private static func connect(_ parameters: [(String, String)]) -> OpaquePointer? {
    let keywords = parameters.map { strdup($0.0) }
    let values = parameters.map { strdup($0.1) }
    defer {
      for pointer in keywords + values { free(pointer) }
    }
    let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
    let valuePointers = values.map { UnsafePointer($0) } + [nil]
    return PQconnectdbParams(keywordPointers, valuePointers, 1)
  }

  private func checkOpen(_ sql: String) throws {
    guard !isClosed else {
      throw SQLError(
        .unavailable, code: "connection closed", message: "the connection to \(location) is closed",
        sql: sql)
    }
  }

  /// Sends `sql` with typed `arguments` and returns its result, or throws its error.
  private func perform(_ sql: String, _ arguments: [any SQLValueConvertible]) throws
    -> PostgreSQLResult
  {
    try checkOpen(sql)
    let query = rewritten(sql)
    precondition(
      arguments.count == query.parameterCount,
      "\(arguments.count) arguments for \(query.parameterCount) in \(sql)")
    let parameters = try PostgreSQLParameters(arguments.map(\.sqlValue), sql: sql)
    let key = PreparedKey(sql: sql, types: parameters.types)
    var name = prepared[key]
    if name == nil, prepared.count < Self.maxPreparedStatements {
      // Parsed and planned once per connection instead of at every call.
      preparedCount += 1
      let newName = "s\(preparedCount)"
      let result = parameters.withPointers { types, _, _, _ in
        PQprepare(handle, newName, query.text, Int32(arguments.count), types)
      }
      _ = try check(result, sql: sql)
      prepared[key] = newName
      name = newName
    }
    let result = parameters.withPointers { types, values, lengths, formats in
      if let name {
        PQexecPrepared(handle, name, Int32(arguments.count), values, lengths, formats, 0)
      } else {
        PQexecParams(
          handle, query.text, Int32(arguments.count), types, values, lengths, formats, 0)
      }
    }
    do {
      return try check(result, sql: sql)
    } catch let error as SQLError where error.isStalePlan {
      // A schema change altered what the statement returns: prepare it afresh next time.
      if let name {
        prepared[key] = nil
        stale.append(name)
      }
      throw error
    }
  }

  private func rewritten(_ sql: String) -> PostgreSQLQuery {
    if let query = queries[sql] { return query }
    let query = PostgreSQLQuery(rewriting: sql)
    queries[sql] = query
    return query
  }

  /// `result` when it holds a success, else the error it (or the connection) reports.
  private func check(_ result: OpaquePointer?, sql: String) throws -> PostgreSQLResult {
    if let result {
      switch PQresultStatus(result) {
      case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
        return PostgreSQLResult(result, sql: sql)
      default: break
      }
    }
    defer { PQclear(result) }
    throw error(result, sql: sql)
  }

  /// The error a failed result or the connection reports.
  func error(_ result: OpaquePointer?, sql: String?) -> SQLError {
    let field = { (code: UInt8) -> String? in
      guard let result, let text = PQresultErrorField(result, Int32(code)) else { return nil }
      return String(cString: text)
    }
    let state = field(UInt8(ascii: "C"))
    let message =
      field(UInt8(ascii: "M"))
      ?? result.flatMap { PQresultErrorMessage($0) }.map { firstLine(String(cString: $0)) }
      .flatMap { $0.isEmpty ? nil : $0 }
      ?? firstLine(String(cString: PQerrorMessage(handle)))
    var error =
      state.map { SQLError(sqlState: $0, message: message, sql: sql) }
      ?? SQLError(.other, code: "libpq", message: message, sql: sql)
    if PQstatus(handle) == CONNECTION_BAD {
      error.kind = .unavailable
      if state == nil { error.code = "connection lost" }
    }
    return error
  }
}

/// What a prepared statement is cached under: the same SQL with other parameter types (an
/// integer where a null was) is prepared apart, since its types were fixed when prepared.
private struct PreparedKey: Hashable {
  var sql: String
  var types: [Oid]
}
