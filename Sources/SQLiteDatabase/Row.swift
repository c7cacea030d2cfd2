import CSQLite
import Foundation

/// The current row of a query.
///
/// Valid only inside the closure it is passed to: the next step of the statement replaces it.
public struct Row {
  let statement: Statement

  private var handle: OpaquePointer { statement.handle }

  /// Whether column `index` is null.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` as an integer.
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as an `Int`.
  public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

  /// Column `index` as a Boolean (non-zero is true).
  public func bool(_ index: Int32) -> Bool { sqlite3_column_int64(handle, index) != 0 }

  /// Column `index` as a real.
  public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as text; null reads as the empty string.
  public func string(_ index: Int32) -> String {
    guard let text = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Column `index` as text, or nil when null.
  public func optionalString(_ index: Int32) -> String? {
    isNull(index) ? nil : string(index)
  }

  /// Column `index` as a date stored by ``Foundation/Date/databaseValue``.
  public func date(_ index: Int32) -> Date {
    Date(timeIntervalSinceReferenceDate: double(index))
  }

  /// Column `index` as a date, or nil when null.
  public func optionalDate(_ index: Int32) -> Date? { isNull(index) ? nil : date(index) }

  /// Column `index` as a UUID.
  /// - Throws: ``DatabaseError`` when the text is not a UUID: the file was edited by hand.
  public func uuid(_ index: Int32) throws -> UUID {
    let text = string(index)
    guard let id = UUID(uuidString: text) else {
      throw DatabaseError(
        resultCode: SQLITE_MISMATCH, message: "column \(index) holds '\(text)', not a UUID",
        sql: statement.sql)
    }
    return id
  }

  /// Column `index` as a UUID, or nil when null.
  public func optionalUUID(_ index: Int32) throws -> UUID? {
    isNull(index) ? nil : try uuid(index)
  }
}
