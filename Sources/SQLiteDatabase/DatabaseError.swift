import CSQLite

/// An error SQLite returned: its result code, its message and the SQL that caused it.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
  /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
  public var resultCode: Int32
  /// SQLite's own message.
  public var message: String
  /// The statement that failed, if any.
  public var sql: String?

  /// Creates an error from a result code and message.
  public init(resultCode: Int32, message: String, sql: String? = nil) {
    self.resultCode = resultCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the extended code's low byte).
  public var primaryResultCode: Int32 { resultCode & 0xFF }

  /// Whether another connection held a lock for longer than the busy timeout.
  public var isBusy: Bool {
    primaryResultCode == SQLITE_BUSY || primaryResultCode == SQLITE_LOCKED
  }

  /// Whether a constraint (unique, foreign key, check, not null) failed.
  public var isConstraintViolation: Bool { primaryResultCode == SQLITE_CONSTRAINT }

  /// "SQLite error 5 (database is locked) in `BEGIN IMMEDIATE`".
  public var description: String {
    var text = "SQLite error \(resultCode): \(message)"
    if let sql { text += " — in `\(sql)`" }
    return text
  }
}
