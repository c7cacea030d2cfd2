/// An error the database engine returned: what kind of failure, the engine's own code and
/// message, and the SQL that caused it. Every driver throws this one type.
public struct SQLError: Error, Sendable, CustomStringConvertible {
  /// The failures the store tells apart; a driver maps its engine's codes to them.
  public enum Kind: Sendable, Hashable {
    /// Another connection held a lock for longer than the driver waits (busy or locked).
    case busy
    /// A constraint (unique, foreign key, check, not null) failed.
    case constraint
    /// The file or server answered, but it is not a database of this engine.
    case notADatabase
    /// The database could not be opened or reached.
    case cantOpen
    /// A database server that was reached before is down, restarting or dropped the connection,
    /// or every pooled connection stayed busy: the request may succeed if tried again shortly.
    case unavailable
    /// Anything else, including a value of the wrong type.
    case other
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// The engine's own code, as the engine names it ("SQLite error 2067", "SQLSTATE 23505").
  public var code: String
  /// The engine's own message.
  public var message: String
  /// The statement that failed, if any.
  public var sql: String?

  /// Creates an error.
  /// - Parameters:
  ///   - kind: What kind of failure it is.
  ///   - code: The engine's own code, as the engine names it.
  ///   - message: The engine's message.
  ///   - sql: The statement that failed, if any.
  public init(_ kind: Kind, code: String, message: String, sql: String? = nil) {
    self.kind = kind
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// Whether a constraint failed.
  public var isConstraintViolation: Bool { kind == .constraint }

  /// "SQLite error 5: database is locked — in `BEGIN IMMEDIATE`".
  public var description: String {
    var text = "\(code): \(message)"
    if let sql { text += " — in `\(sql)`" }
    return text
  }
}
