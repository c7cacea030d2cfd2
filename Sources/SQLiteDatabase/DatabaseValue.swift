import Foundation

/// A value SQLite stores: null, integer, real, text or blob.
public enum DatabaseValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A Swift value that can be bound to a statement's parameter.
public protocol DatabaseValueConvertible: Sendable {
  /// The value as SQLite stores it.
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  /// The value itself.
  public var databaseValue: DatabaseValue { self }
}

extension Int: DatabaseValueConvertible {
  /// An integer.
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  /// An integer.
  public var databaseValue: DatabaseValue { .integer(self) }
}

extension Bool: DatabaseValueConvertible {
  /// 1 or 0.
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension Double: DatabaseValueConvertible {
  /// A real.
  public var databaseValue: DatabaseValue { .real(self) }
}

extension String: DatabaseValueConvertible {
  /// Text.
  public var databaseValue: DatabaseValue { .text(self) }
}

extension UUID: DatabaseValueConvertible {
  /// The canonical upper-case text form, so ids read the same in the `sqlite3` shell.
  public var databaseValue: DatabaseValue { .text(uuidString) }
}

extension Date: DatabaseValueConvertible {
  /// Seconds since 2001-01-01 as a real: sortable, and exactly the `Date`'s own value, so a
  /// date reads back equal to the one written (seconds since 1970 would round the last bits).
  public var databaseValue: DatabaseValue { .real(timeIntervalSinceReferenceDate) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  /// The wrapped value, or null.
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
