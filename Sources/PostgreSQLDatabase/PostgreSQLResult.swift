import CLibPQ
import Foundation
import SQLDatabase

/// The rows a query returned, in text format, with one of them current for
/// ``SQLDatabase/SQLRow``.
///
/// Not `Sendable`: it belongs to the query that made it and lives only while that runs.
final class PostgreSQLResult: SQLColumns {
  let handle: OpaquePointer
  /// The query's SQL, for messages.
  let sql: String
  /// The current row.
  var row: Int32 = 0

  init(_ handle: OpaquePointer, sql: String) {
    self.handle = handle
    self.sql = sql
  }

  deinit {
    PQclear(handle)
  }

  /// How many rows the query returned.
  var rowCount: Int32 { PQntuples(handle) }

  /// How many rows the statement changed, from its command tag (`UPDATE 3`).
  var changedRowCount: Int {
    guard let text = PQcmdTuples(handle) else { return 0 }
    return Int(String(cString: text)) ?? 0
  }

  // MARK: - SQLColumns

  /// Whether column `index` is null.
  func isNull(_ index: Int32) -> Bool { PQgetisnull(handle, row, index) != 0 }

  /// Column `index` as an integer: booleans read 1 or 0, reals are truncated.
  func int64(_ index: Int32) -> Int64 {
    guard !isNull(index) else { return 0 }
    if PQftype(handle, index) == PostgreSQLType.bool { return text(index) == "t" ? 1 : 0 }
    let text = text(index)
    if let value = Int64(text) { return value }
    guard let real = Double(text), real.isFinite, abs(real) < 9.2e18 else { return 0 }
    return Int64(real)
  }

  /// Column `index` as a real.
  func double(_ index: Int32) -> Double {
    guard !isNull(index) else { return 0 }
    if PQftype(handle, index) == PostgreSQLType.bool { return text(index) == "t" ? 1 : 0 }
    return Self.double(text(index)) ?? 0
  }

  /// Column `index` as text; null reads as the empty string.
  func string(_ index: Int32) -> String { isNull(index) ? "" : text(index) }

  /// How many columns the rows have.
  var columnCount: Int32 { PQnfields(handle) }

  /// Column `index` as a value of the kind its type maps to: integer types and booleans
  /// (0 or 1) as integers, floating and numeric types as reals, bytea as a blob, anything
  /// else as text.
  func value(_ index: Int32) -> SQLValue {
    guard !isNull(index) else { return .null }
    switch PQftype(handle, index) {
    case PostgreSQLType.int2, PostgreSQLType.int4, PostgreSQLType.int8, PostgreSQLType.bool:
      return .integer(int64(index))
    case PostgreSQLType.float4, PostgreSQLType.float8, PostgreSQLType.numeric:
      return .real(double(index))
    case PostgreSQLType.bytea: return .blob(blob(index))
    default: return .text(text(index))
    }
  }

  // MARK: - Internals

  /// The column's text as PostgreSQL sent it.
  private func text(_ index: Int32) -> String {
    guard let value = PQgetvalue(handle, row, index) else { return "" }
    let count = Int(PQgetlength(handle, row, index))
    return value.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }

  /// A bytea column's bytes, decoded from the text format's `\x` hex.
  private func blob(_ index: Int32) -> [UInt8] {
    guard let value = PQgetvalue(handle, row, index) else { return [] }
    var length = 0
    guard
      let bytes = PQunescapeBytea(
        UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), &length)
    else { return [] }
    defer { PQfreemem(bytes) }
    return Array(UnsafeBufferPointer(start: bytes, count: length))
  }

  /// A float8's text (`1.5`, `Infinity`, `NaN`) as a Double.
  static func double(_ text: String) -> Double? {
    switch text {
    case "Infinity": return .infinity
    case "-Infinity": return -.infinity
    case "NaN": return .nan
    default: return Double(text)
    }
  }
}

/// The type OIDs the driver sends and reads (`pg_type.oid`, fixed in every PostgreSQL).
enum PostgreSQLType {
  static let bool: Oid = 16
  static let bytea: Oid = 17
  static let int8: Oid = 20
  static let int2: Oid = 21
  static let int4: Oid = 23
  static let text: Oid = 25
  static let float4: Oid = 700
  static let float8: Oid = 701
  static let numeric: Oid = 1700
}
