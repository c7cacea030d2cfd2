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
}
