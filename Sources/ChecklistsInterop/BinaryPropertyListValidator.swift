import Foundation

/// Checks the structure of a binary property list (`bplist00`) before Foundation reads it.
///
/// Foundation on Linux leaks about half a kilobyte each time it refuses a damaged binary
/// property list, and crashes bridging a parsed set to Swift (both found by `Fuzzing/`), so
/// `AppPropertyList` hands it only files that pass this walk. The checks follow
/// `CFBinaryPList.c` (swift-corelibs-foundation), a little stricter where the iPhone apps never
/// write the shape:
///
/// - the 32-byte trailer (its six unused bytes ignored, as Foundation does): offsets and
///   references of 1 to 8 bytes, at least one object, the top object among them, the offset
///   table right before the trailer and wide enough for its own offset, references wide enough
///   for the object count;
/// - every offset in the table inside the object area (after the header, before the table);
/// - every object reachable from the top one: a known marker (null, booleans, integers of 1 to
///   16 bytes, 4- or 8-byte reals, dates, data, ASCII and UTF-16 strings, UIDs of at most 32
///   bits, arrays, dictionaries), its length and contents inside the object area, references
///   below the object count, dictionary keys that are not collections, no set, no reference
///   back to an object on the current path (a cycle) and no nesting deeper than
///   ``maximumDepth``.
///
/// `BinaryPropertyListValidatorTests` checks that every binary file in `Fuzzing/Corpus` passes
/// exactly when Foundation reads it (sets aside).
///
/// - Complexity: O(*n*) time and memory in the size of the file: each object is walked once
///   (a shared object is remembered with its height), and the walk is at most ``maximumDepth``
///   deep.
struct BinaryPropertyListValidator {
  /// Why a file was refused.
  enum Refusal: Error, Equatable {
    /// The structure is damaged; the text says where, for tests and debugging.
    case damaged(String)
    /// A reachable object is a set, which the apps never write and Foundation crashes on.
    case holdsSet
  }

  /// The deepest nesting of arrays and dictionaries accepted; the apps' files nest at most 5.
  static let maximumDepth = 256

  /// The size of the trailer at the end of every binary property list.
  static let trailerSize = 32

  /// Why `data` is not a structurally valid binary property list, or `nil` when it is.
  static func refusal(_ data: Data) -> Refusal? {
    do {
      var validator = try BinaryPropertyListValidator([UInt8](data))
      _ = try validator.visit(validator.top, depth: 1)
      return nil
    } catch {
      return error
    }
  }

  private let bytes: [UInt8]
  private let offsetSize: Int
  private let referenceSize: Int
  private let count: Int
  private let top: Int
  /// Where the offset table starts, which is also where the object area ends.
  private let table: Int
  /// Per object: 0 not yet walked, -1 on the current path, otherwise the height of its tree.
  private var heights: [Int32]

  private init(_ bytes: [UInt8]) throws(Refusal) {
    let header = Array("bplist00".utf8)
    guard bytes.count >= header.count + Self.trailerSize + 1, bytes.starts(with: header) else {
      throw .damaged("shorter than a header, one object and a trailer")
    }
    let trailer = bytes.count - Self.trailerSize
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw .damaged("offsets of \(offsetSize) bytes, references of \(referenceSize) bytes")
    }
    let count = Self.integer(bytes, at: trailer + 8, size: 8)
    let top = Self.integer(bytes, at: trailer + 16, size: 8)
    let table = Self.integer(bytes, at: trailer + 24, size: 8)
    guard count >= 1, count <= UInt64(trailer), top < count, table >= 9, table < UInt64(trailer)
    else {
      throw .damaged("\(count) objects, top object \(top), offset table at \(table)")
    }
    self.count = Int(count)
    self.top = Int(top)
    self.table = Int(table)
    // The table fills exactly the bytes between its start and the trailer.
    let tableSize = trailer - self.table
    guard tableSize % offsetSize == 0, tableSize / offsetSize == self.count else {
      throw .damaged("an offset table of \(tableSize) bytes for \(count) objects")
    }
    guard referenceSize >= 8 || count < 1 << (8 * referenceSize),
      offsetSize >= 8 || table < 1 << (8 * offsetSize)
    else { throw .damaged("references or offsets too narrow for the file") }
    self.bytes = bytes
    for index in 0..<self.count {
      let offset = Self.integer(bytes, at: self.table + index * offsetSize, size: offsetSize)
      guard offset < table else { throw .damaged("object \(index) starts past the objects") }
    }
    heights = Array(repeating: 0, count: self.count)
  }

  /// Walks object `index` at nesting `depth` (the top object is at 1) and returns the height of
  /// its tree (1 for a value that holds no references).
  private mutating func visit(_ index: Int, depth: Int) throws(Refusal) -> Int {
    let known = Int(heights[index])
    if known < 0 { throw .damaged("object \(index) refers back to itself") }
    if known > 0 {
      guard depth + known - 1 <= Self.maximumDepth else { throw .damaged("nested too deep") }
      return known
    }
    guard depth <= Self.maximumDepth else { throw .damaged("nested too deep") }
    let start = Int(Self.integer(bytes, at: table + index * offsetSize, size: offsetSize))
    guard start >= 8 else { throw .damaged("object \(index) starts inside the header") }
    let marker = bytes[start]
    let nibble = Int(marker & 0x0F)
    var height = 1
    switch marker >> 4 {
    case 0x0:
      guard [0x00, 0x08, 0x09].contains(marker) else { throw .damaged(unknown(marker, index)) }
    case 0x1:
      guard nibble <= 4 else { throw .damaged(unknown(marker, index)) }
      try need(1 << nibble, after: start + 1, index)
    case 0x2:
      guard nibble == 2 || nibble == 3 else { throw .damaged(unknown(marker, index)) }
      try need(1 << nibble, after: start + 1, index)
    case 0x3:
      guard marker == 0x33 else { throw .damaged(unknown(marker, index)) }
      try need(8, after: start + 1, index)
    case 0x4:
      let (length, contents) = try self.length(nibble, after: start, index)
      try need(length, after: contents, index)
    case 0x5:
      let (length, contents) = try self.length(nibble, after: start, index)
      try need(length, after: contents, index)
    case 0x6:
      let (length, contents) = try self.length(nibble, after: start, index)
      guard length <= (table - contents) / 2 else { throw .damaged(overrun(index)) }
    case 0x8:
      try need(nibble + 1, after: start + 1, index)
      for byte in bytes[start + 1..<start + 1 + nibble + 1].dropLast(4) where byte != 0 {
        throw .damaged("object \(index) is a UID wider than 32 bits")
      }
    case 0xA, 0xD:
      let (length, contents) = try self.length(nibble, after: start, index)
      let isDictionary = marker >> 4 == 0xD
      let references = isDictionary ? 2 : 1
      guard length <= (table - contents) / referenceSize / references else {
        throw .damaged(overrun(index))
      }
      heights[index] = -1
      for position in 0..<length * references {
        let child = Self.integer(
          bytes, at: contents + position * referenceSize, size: referenceSize)
        guard child < count else {
          throw .damaged("object \(index) refers to object \(child) of \(count)")
        }
        let below = try visit(Int(child), depth: depth + 1)
        height = max(height, below + 1)
        if isDictionary, position < length, isCollection(Int(child)) {
          throw .damaged("object \(index) is a dictionary with a collection as a key")
        }
      }
    case 0xC:
      throw .holdsSet
    default:
      throw .damaged(unknown(marker, index))
    }
    heights[index] = Int32(height)
    return height
  }

  /// Whether object `index` is an array, set or dictionary.
  private func isCollection(_ index: Int) -> Bool {
    let start = Int(Self.integer(bytes, at: table + index * offsetSize, size: offsetSize))
    return [0xA, 0xC, 0xD].contains(bytes[start] >> 4)
  }

  /// The length of an object whose marker at `start` has `nibble`, either the nibble itself or,
  /// when it is 15, the integer object that follows; and where the contents start.
  private func length(_ nibble: Int, after start: Int, _ index: Int) throws(Refusal) -> (
    Int, Int
  ) {
    if nibble < 0x0F { return (nibble, start + 1) }
    try need(1, after: start + 1, index)
    let marker = bytes[start + 1]
    guard marker >> 4 == 0x1 else {
      throw .damaged("object \(index) has a length that is no integer")
    }
    let size = 1 << Int(marker & 0x0F)
    try need(size, after: start + 2, index)
    // Foundation reads the integer's size into a byte: a length of 256 bytes or more is 0, and
    // of 16 or 128 bytes only the last 8 count.
    let read = size & 0xFF
    let length = Self.integer(bytes, at: start + 2 + max(read - 8, 0), size: min(read, 8))
    guard length <= UInt64(table) else { throw .damaged(overrun(index)) }
    return (Int(length), start + 2 + size)
  }

  /// Throws unless `size` bytes from `start` lie inside the object area.
  private func need(_ size: Int, after start: Int, _ index: Int) throws(Refusal) {
    guard start <= table, size <= table - start else { throw .damaged(overrun(index)) }
  }

  private func overrun(_ index: Int) -> String { "object \(index) runs past the objects" }

  private func unknown(_ marker: UInt8, _ index: Int) -> String {
    "object \(index) has the unknown marker 0x\(String(marker, radix: 16))"
  }

  /// The big-endian unsigned integer of `size` (1 to 8) bytes at `start`, which the caller has
  /// checked lie inside `bytes`.
  private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
    return value
  }
}
