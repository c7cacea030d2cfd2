/// A statement written with SQLite's parameters (`?`, `?2`) in PostgreSQL's spelling (`$1`,
/// `$2`), and how many parameters it takes.
///
/// Numbering follows SQLite: `?N` is parameter N, and a bare `?` is one more than the largest
/// number before it. Question marks inside string literals (`'…'`, `E'…'`), quoted
/// identifiers (`"…"`), dollar-quoted strings (`$$…$$`, `$tag$…$tag$`) and comments (`--`,
/// nested `/* */`) are left as they are.
struct PostgreSQLQuery: Sendable, Hashable {
  /// The statement as PostgreSQL reads it.
  let text: String
  /// The highest parameter number the statement uses.
  let parameterCount: Int

  /// Rewrites `sql`.
  init(rewriting sql: String) {
    let bytes = Array(sql.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var highest = 0
    var index = 0

    /// Copies bytes up to and including the first `terminator` not escaped as `terminator`
    /// twice (or after a backslash, when `backslashEscapes`), starting after the opening quote.
    func copyQuoted(_ terminator: UInt8, backslashEscapes: Bool) {
      while index < bytes.count {
        let byte = bytes[index]
        output.append(byte)
        index += 1
        if backslashEscapes && byte == UInt8(ascii: "\\") && index < bytes.count {
          output.append(bytes[index])
          index += 1
        } else if byte == terminator {
          guard index < bytes.count, bytes[index] == terminator else { return }
          output.append(bytes[index])
          index += 1
        }
      }
    }

    while index < bytes.count {
      let byte = bytes[index]
      let previous: UInt8? = index > 0 ? bytes[index - 1] : nil
      let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
      switch byte {
      case UInt8(ascii: "?"):
        index += 1
        var number = 0
        var digits = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]) {
          number = number * 10 + digit
          digits += 1
          index += 1
        }
        if digits == 0 { number = highest + 1 }
        highest = max(highest, number)
        output.append(UInt8(ascii: "$"))
        output.append(contentsOf: String(number).utf8)
      case UInt8(ascii: "'"):
        let escapes = previous.map { ($0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "e")) } ?? false
        let standalone = index < 2 || !Self.isIdentifierByte(bytes[index - 2])
        output.append(byte)
        index += 1
        copyQuoted(byte, backslashEscapes: escapes && standalone)
      case UInt8(ascii: "\""):
        output.append(byte)
        index += 1
        copyQuoted(byte, backslashEscapes: false)
      case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
          output.append(bytes[index])
          index += 1
        }
      case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
        var depth = 0
        while index < bytes.count {
          if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "*")
          {
            depth += 1
            output.append(contentsOf: bytes[index...index + 1])
            index += 2
          } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "/")
          {
            depth -= 1
            output.append(contentsOf: bytes[index...index + 1])
            index += 2
            if depth == 0 { break }
          } else {
            output.append(bytes[index])
            index += 1
          }
        }
      case UInt8(ascii: "$") where !(previous.map(Self.isIdentifierByte) ?? false):
        if let tag = Self.dollarTag(bytes, at: index),
          let end = Self.find(tag, in: bytes, from: index + tag.count)
        {
          output.append(contentsOf: bytes[index..<end + tag.count])
          index = end + tag.count
        } else {
          output.append(byte)
          index += 1
        }
      default:
        output.append(byte)
        index += 1
      }
    }
    text = String(decoding: output, as: UTF8.self)
    parameterCount = highest
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }

  /// Letters, digits, `_`, `$` and any byte of a non-ASCII character: what continues a name.
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || digit(byte) != nil
  }

  /// The opening `$tag$` at `start`, if one is there (`$1` is a parameter, not a tag).
  private static func dollarTag(_ bytes: [UInt8], at start: Int) -> ArraySlice<UInt8>? {
    var end = start + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "$") {
      let byte = bytes[end]
      guard isIdentifierByte(byte), byte != UInt8(ascii: "$") else { return nil }
      if end == start + 1, digit(byte) != nil { return nil }
      end += 1
    }
    guard end < bytes.count else { return nil }
    return bytes[start...end]
  }

  /// Where `tag` next occurs in `bytes` at or after `start`.
  private static func find(_ tag: ArraySlice<UInt8>, in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= tag.count else { return nil }
    var index = start
    while index + tag.count <= bytes.count {
      if bytes[index..<index + tag.count].elementsEqual(tag) { return index }
      index += 1
    }
    return nil
  }
}
