import Foundation

// MARK: - Sets in binary property lists

extension AppPropertyList {
  /// Whether a binary property list holds a set (an object whose marker byte is `0xCn`).
  ///
  /// The iPhone apps never write sets, and Foundation on Linux crashes the process while
  /// bridging a parsed set to Swift (found by `Fuzzing/Targets/IOSChecklistsPlist`), so such a
  /// file must be refused before it reaches `PropertyListSerialization`. The walk reads the
  /// trailer and offset table only as far as they are consistent; a table that is not is left
  /// for Foundation to refuse.
  ///
  /// - Complexity: O(*n*) in the number of objects.
  static func holdsSet(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    let trailerSize = 32
    guard bytes.count >= Signature.binaryPlist.count + trailerSize else { return false }
    let trailer = bytes.count - trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize),
      let count = integer(in: bytes, at: trailer + 8, size: 8),
      let table = integer(in: bytes, at: trailer + 24, size: 8),
      table <= trailer, count <= (trailer - table) / offsetSize
    else { return false }
    for index in 0..<count {
      guard let offset = integer(in: bytes, at: table + index * offsetSize, size: offsetSize),
        offset < bytes.count
      else { continue }
      if bytes[offset] >> 4 == 0xC { return true }
    }
    return false
  }

  /// The big-endian unsigned integer of `size` bytes at `start`, or `nil` when it is out of
  /// bounds or does not fit in `Int`.
  private static func integer(in bytes: [UInt8], at start: Int, size: Int) -> Int? {
    guard start >= 0, start <= bytes.count - size else { return nil }
    var value: UInt64 = 0
    for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
    return value > UInt64(Int.max) ? nil : Int(value)
  }
}
