import CSQLite
import SQLDatabase

/// The current row of a statement, read column by column for ``SQLDatabase/SQLRow``.
///
/// Valid only while the statement stands on a row: the next step replaces it.
extension Statement: SQLColumns {
  /// Whether column `index` is null.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` as an integer.
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as a real.
  public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as text; null reads as the empty string.
  public func string(_ index: Int32) -> String {
    guard let text = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// How many columns the row has.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// Column `index` as the value the engine stored, whatever its kind.
  public func value(_ index: Int32) -> SQLValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(int64(index))
    case SQLITE_FLOAT: return .real(double(index))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .text(string(index))
    }
  }
}
