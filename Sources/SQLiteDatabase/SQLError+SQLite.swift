import CSQLite
import SQLDatabase

extension SQLError {
  /// An error from an SQLite result code: the kind the store tells apart, and the code itself.
  /// - Parameters:
  ///   - resultCode: The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
  ///   - message: SQLite's own message.
  ///   - sql: The statement that failed, if any.
  public init(sqliteCode resultCode: Int32, message: String, sql: String? = nil) {
    let kind: Kind
    switch resultCode & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
    case SQLITE_CONSTRAINT: kind = .constraint
    case SQLITE_NOTADB: kind = .notADatabase
    case SQLITE_CANTOPEN: kind = .cantOpen
    default: kind = .other
    }
    self.init(kind, code: "SQLite error \(resultCode)", message: message, sql: sql)
  }
}
