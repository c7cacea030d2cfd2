/// One connection to an SQL database, whichever the engine: the calls the store makes.
///
/// Not `Sendable`: it is reached only inside an ``SQLConnectionPool``'s `read` and `write`
/// closures, which serialize access to it. Parameters are written `?` (or `?1`, `?2`, … to
/// name one twice); a driver whose engine spells them otherwise rewrites them.
public protocol SQLConnection: AnyObject {
  /// The words of SQL that differ on this connection's engine.
  var dialect: any SQLDialect { get }

  /// Runs one or more statements that return no rows, such as a migration's DDL.
  /// - Throws: ``SQLError``.
  func execute(_ sql: String) throws

  /// Runs one statement with `arguments` bound to its parameters, ignoring any rows.
  /// - Returns: How many rows the statement changed.
  /// - Throws: ``SQLError``.
  @discardableResult
  func run(_ sql: String, arguments: [any SQLValueConvertible]) throws -> Int

  /// Runs a query with `arguments` bound to its parameters and maps each row.
  /// - Returns: The mapped rows in the order the engine returns them.
  /// - Throws: ``SQLError``, or what `map` throws.
  func query<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> [T]

  /// Runs a query with `arguments` bound to its parameters and maps its first row, if any.
  /// - Throws: ``SQLError``, or what `map` throws.
  func queryFirst<T>(
    _ sql: String, arguments: [any SQLValueConvertible], map: (SQLRow) throws -> T
  ) throws -> T?

  /// The integer key of the last row this connection inserted (SQLite's rowid).
  ///
  /// An engine without rowids (PostgreSQL) answers its last sequence value; new SQL should
  /// prefer `INSERT … RETURNING`, which both engines run as written.
  var lastInsertedRowID: Int64 { get }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// Nested calls join the outer transaction.
  /// - Throws: What `body` throws, or ``SQLError``.
  func inTransaction<T>(_ kind: SQLTransactionKind, _ body: () throws -> T) throws -> T
}

extension SQLConnection {
  /// Runs one statement with arguments bound to its parameters, ignoring any rows.
  /// - Returns: How many rows the statement changed.
  /// - Throws: ``SQLError``.
  @discardableResult
  public func run(_ sql: String, _ arguments: any SQLValueConvertible...) throws -> Int {
    try run(sql, arguments: arguments)
  }

  /// Runs a query and maps each row.
  /// - Returns: The mapped rows in the order the engine returns them.
  /// - Throws: ``SQLError``, or what `map` throws.
  public func query<T>(
    _ sql: String, _ arguments: any SQLValueConvertible..., map: (SQLRow) throws -> T
  ) throws -> [T] {
    try query(sql, arguments: arguments, map: map)
  }

  /// Runs a query and maps its first row, if any.
  /// - Throws: ``SQLError``, or what `map` throws.
  public func queryFirst<T>(
    _ sql: String, _ arguments: any SQLValueConvertible..., map: (SQLRow) throws -> T
  ) throws -> T? {
    try queryFirst(sql, arguments: arguments, map: map)
  }
}

/// How a transaction takes its locks.
public enum SQLTransactionKind: String, Sendable {
  /// Takes the write lock at once, so it never fails half-way for want of it.
  case immediate = "IMMEDIATE"
  /// Takes locks as statements need them: right for reads, which see one snapshot.
  case deferred = "DEFERRED"
}
