import Foundation

/// The current row of a query, read by column number from zero.
///
/// Valid only inside the closure it is passed to: the next step of the query replaces it. The
/// driver reads the four kinds of column; the typed getters here are the same on every engine.
public struct SQLRow {
  private let columns: any SQLColumns

  /// Wraps a driver's current row.
  public init(_ columns: any SQLColumns) {
    self.columns = columns
  }

  /// Whether column `index` is null.
  public func isNull(_ index: Int32) -> Bool { columns.isNull(index) }

  /// Column `index` as an integer.
  public func int64(_ index: Int32) -> Int64 { columns.int64(index) }

  /// Column `index` as an `Int`.
  public func int(_ index: Int32) -> Int { Int(columns.int64(index)) }

  /// Column `index` as a Boolean (non-zero is true).
  public func bool(_ index: Int32) -> Bool { columns.int64(index) != 0 }

  /// Column `index` as a real.
  public func double(_ index: Int32) -> Double { columns.double(index) }

  /// Column `index` as text; null reads as the empty string.
  public func string(_ index: Int32) -> String { columns.string(index) }

  /// Column `index` as text, or nil when null.
  public func optionalString(_ index: Int32) -> String? {
    isNull(index) ? nil : string(index)
  }

  /// Column `index` as a date stored by ``Foundation/Date/sqlValue``.
  public func date(_ index: Int32) -> Date {
    Date(timeIntervalSinceReferenceDate: double(index))
  }

  /// Column `index` as a date, or nil when null.
  public func optionalDate(_ index: Int32) -> Date? { isNull(index) ? nil : date(index) }

  /// How many columns the row has.
  public var columnCount: Int32 { columns.columnCount }

  /// Column `index` as the value the engine stored, whatever its kind.
  public func value(_ index: Int32) -> SQLValue { columns.value(index) }

  /// Column `index` as a UUID.
  /// - Throws: ``SQLError`` when the text is not a UUID: the database was edited by hand.
  public func uuid(_ index: Int32) throws -> UUID {
    let text = string(index)
    guard let id = UUID(uuidString: text) else {
      throw SQLError(
        .other, code: "type mismatch", message: "column \(index) holds '\(text)', not a UUID",
        sql: columns.sql)
    }
    return id
  }

  /// Column `index` as a UUID, or nil when null.
  public func optionalUUID(_ index: Int32) throws -> UUID? {
    isNull(index) ? nil : try uuid(index)
  }
}

/// What a driver offers of the row a query stands on: the four kinds of column.
public protocol SQLColumns: AnyObject {
  /// The query's SQL, for messages.
  var sql: String { get }
  /// Whether column `index` is null.
  func isNull(_ index: Int32) -> Bool
  /// Column `index` as an integer.
  func int64(_ index: Int32) -> Int64
  /// Column `index` as a real.
  func double(_ index: Int32) -> Double
  /// Column `index` as UTF-8 text; null reads as the empty string.
  func string(_ index: Int32) -> String
  /// How many columns the row has.
  var columnCount: Int32 { get }
  /// Column `index` as the value the engine stored, whatever its kind (for copying rows
  /// between databases without knowing their tables).
  func value(_ index: Int32) -> SQLValue
}
