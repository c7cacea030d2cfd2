import CLibPQ
import SQLDatabase

/// A statement's arguments laid out as `PQexecParams` takes them: a type, a value, a length and
/// a format for each.
///
/// Integers go as int8, reals as float8 and text as text, in text format (a double's shortest
/// round-trip text reads back as the same double); blobs go as binary bytea; null goes with no
/// type, so PostgreSQL infers it from where it stands.
struct PostgreSQLParameters {
  /// Each parameter's type OID (0 for a null, which the server infers).
  private(set) var types: [Oid] = []
  private var offsets: [Int?] = []
  private var lengths: [Int32] = []
  private var formats: [Int32] = []
  /// Every value's bytes, text values each followed by a NUL.
  private var storage: [UInt8] = []

  /// Lays out `values`.
  /// - Throws: ``SQLDatabase/SQLError`` when a text holds a NUL character, which PostgreSQL
  ///   cannot store (sending it would cut the text short without a word).
  init(_ values: [SQLValue], sql: String) throws {
    for value in values {
      switch value {
      case .null:
        append(type: 0, bytes: nil, format: 0)
      case .integer(let integer):
        append(type: PostgreSQLType.int8, bytes: Array(String(integer).utf8), format: 0)
      case .real(let real):
        append(type: PostgreSQLType.float8, bytes: Array(Self.text(real).utf8), format: 0)
      case .text(let text):
        let bytes = Array(text.utf8)
        guard !bytes.contains(0) else {
          throw SQLError(
            .other, code: "invalid text",
            message: "a text value holds a NUL character, which PostgreSQL cannot store", sql: sql)
        }
        append(type: PostgreSQLType.text, bytes: bytes, format: 0)
      case .blob(let bytes):
        append(type: PostgreSQLType.bytea, bytes: bytes, format: 1)
      }
    }
    storage.append(0)  // so that the buffer is never empty and has an address
  }

  private mutating func append(type: Oid, bytes: [UInt8]?, format: Int32) {
    types.append(type)
    formats.append(format)
    guard let bytes else {
      offsets.append(nil)
      lengths.append(0)
      return
    }
    offsets.append(storage.count)
    lengths.append(Int32(bytes.count))
    storage.append(contentsOf: bytes)
    if format == 0 { storage.append(0) }
  }

  /// A double as text PostgreSQL's float8 input reads back exactly.
  static func text(_ real: Double) -> String {
    if real.isNaN { return "NaN" }
    if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
    return "\(real)"
  }

  /// Calls `body` with pointers to the types, values, lengths and formats, valid only inside it.
  func withPointers<R>(
    _ body: (
      UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
      UnsafePointer<Int32>?
    ) -> R
  ) -> R {
    storage.withUnsafeBufferPointer { buffer in
      let base = UnsafeRawPointer(buffer.baseAddress!)
      let values: [UnsafePointer<CChar>?] = offsets.map {
        $0.map { (base + $0).assumingMemoryBound(to: CChar.self) }
      }
      return types.withUnsafeBufferPointer { types in
        values.withUnsafeBufferPointer { values in
          lengths.withUnsafeBufferPointer { lengths in
            formats.withUnsafeBufferPointer { formats in
              body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
            }
          }
        }
      }
    }
  }
}
