import Foundation

/// A value an SQL database stores: null, integer, real, text or blob.
public enum SQLValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A Swift value that can be bound to a statement's parameter.
public protocol SQLValueConvertible: Sendable {
  /// The value as the database stores it.
  var sqlValue: SQLValue { get }
}

extension SQLValue: SQLValueConvertible {
  /// The value itself.
  public var sqlValue: SQLValue { self }
}

extension Int: SQLValueConvertible {
  /// An integer.
  public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLValueConvertible {
  /// An integer.
  public var sqlValue: SQLValue { .integer(self) }
}

extension Bool: SQLValueConvertible {
  /// 1 or 0.
  public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Double: SQLValueConvertible {
  /// A real.
  public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLValueConvertible {
  /// Text.
  public var sqlValue: SQLValue { .text(self) }
}

extension UUID: SQLValueConvertible {
  /// The canonical upper-case text form, so ids read the same in the `sqlite3` shell and `psql`.
  public var sqlValue: SQLValue { .text(uuidString) }
}

extension Date: SQLValueConvertible {
  /// Seconds since 2001-01-01 as a real: sortable, and exactly the `Date`'s own value, so a
  /// date reads back equal to the one written (seconds since 1970 would round the last bits).
  public var sqlValue: SQLValue { .real(timeIntervalSinceReferenceDate) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
  /// The wrapped value, or null.
  public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
