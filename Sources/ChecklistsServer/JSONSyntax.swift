import Foundation

/// A check of JSON text against RFC 8259's grammar, exactly: no trailing commas, comments,
/// single quotes, unquoted keys, `NaN` or other extensions, which Foundation's decoder on
/// Linux lets through (it reads `{"name": "X",}` as `{"name": "X"}`).
///
/// A key twice in one object is refused too (RFC 8259 leaves its meaning open: one reader
/// takes the first, another the last). It only checks; decoding is still Foundation's. Nesting deeper than ``maximumDepth`` is
/// refused, so a body of a million `[` cannot exhaust the stack.
struct JSONSyntax {
  /// How deeply arrays and objects may nest.
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private var index = 0

  /// Whether `bytes` is one JSON value, with white space around it at most.
  /// - Complexity: O(*n*) in the number of bytes.
  static func isValid(_ bytes: [UInt8]) -> Bool {
    var parser = JSONSyntax(bytes: bytes)
    parser.skipSpace()
    guard parser.value(depth: 0) else { return false }
    parser.skipSpace()
    return parser.index == bytes.count
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  private mutating func value(depth: Int) -> Bool {
    switch current {
    case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
    case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
    case UInt8(ascii: "\""): return string()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return number()
    }
  }

  /// An object or array: members separated by commas, none after the last.
  private mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Bool {
    guard depth < Self.maximumDepth else { return false }
    index += 1
    skipSpace()
    if consume(close) { return true }
    var keys: Set<String> = []
    while true {
      if keyed {
        let start = index
        guard current == UInt8(ascii: "\""), string(),
          let key = Self.key(bytes[start..<index]), keys.insert(key).inserted
        else { return false }
        skipSpace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipSpace()
      }
      guard value(depth: depth + 1) else { return false }
      skipSpace()
      if consume(close) { return true }
      guard consume(UInt8(ascii: ",")) else { return false }
      skipSpace()
    }
  }

  /// A key's text, its escapes decoded (`"n\u0061me"` is `"name"`).
  private static func key(_ quoted: ArraySlice<UInt8>) -> String? {
    guard quoted.contains(UInt8(ascii: "\\")) else {
      return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
    }
    return try? JSONDecoder().decode(String.self, from: Data(quoted))
  }

  private mutating func literal(_ word: String) -> Bool {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count,
      bytes[index..<index + expected.count].elementsEqual(expected)
    else { return false }
    index += expected.count
    return true
  }

  private mutating func string() -> Bool {
    index += 1
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return true
      case UInt8(ascii: "\\"):
        guard let escape = current else { return false }
        index += 1
        if escape == UInt8(ascii: "u") {
          for _ in 0..<4 {
            guard let digit = current, isHexDigit(digit) else { return false }
            index += 1
          }
        } else if !Array("\"\\/bfnrt".utf8).contains(escape) {
          return false
        }
      case 0..<0x20: return false
      default: continue
      }
    }
    return false
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func number() -> Bool {
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
    } else if digits() == 0 {
      return false
    }
    if consume(UInt8(ascii: ".")), digits() == 0 { return false }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      if digits() == 0 { return false }
    }
    return true
  }

  private mutating func digits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
    }
    return index - start
  }

  private func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }
}
