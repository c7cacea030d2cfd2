/// Escaping of text and attribute values for XML 1.0.
enum XMLEscaping {
  /// Character data: `&`, `<` and `>` escaped, a carriage return as `&#13;` (so that the CRLF
  /// line ends of iCalendar survive a reader's line-end normalisation), and characters XML 1.0
  /// cannot hold (other C0 controls, lone surrogates' replacements, U+FFFE, U+FFFF) as U+FFFD.
  static func text(_ string: String) -> String {
    escape(string, quote: false)
  }

  /// An attribute value, for double quotes: as ``text(_:)``, plus `"`, tab and line feed.
  static func attribute(_ string: String) -> String {
    escape(string, quote: true)
  }

  private static func escape(_ string: String, quote: Bool) -> String {
    var copy = string
    let escaped = copy.withUTF8 { bytes -> String? in
      // Most values need nothing: they are returned as they are.
      guard let first = bytes.firstIndex(where: { needsWork($0, quote: quote) }) else {
        return nil
      }
      // Byte by byte (calendar data always has CRLFs): every character that changes is
      // ASCII but U+FFFE and U+FFFF, which are EF BF BE and EF BF BF.
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + bytes.count / 16 + 16)
      out.append(contentsOf: bytes[..<first])
      var index = first
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case 0x0D: out.append(contentsOf: "&#13;".utf8)
        case UInt8(ascii: "\"") where quote: out.append(contentsOf: "&quot;".utf8)
        case 0x09 where quote: out.append(contentsOf: "&#9;".utf8)
        case 0x0A where quote: out.append(contentsOf: "&#10;".utf8)
        case 0x09, 0x0A: out.append(byte)
        case ..<0x20: out.append(contentsOf: replacement)
        case 0xEF
        where index + 1 < bytes.count && bytes[index] == 0xBF
          && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
          out.append(contentsOf: replacement)
          index += 2
        default: out.append(byte)
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
    return escaped ?? string
  }

  /// U+FFFD in UTF-8.
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// Whether a byte may start something to escape (0xEF: maybe U+FFFE or U+FFFF).
  private static func needsWork(_ byte: UInt8, quote: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0x0D, 0xEF: return true
    case UInt8(ascii: "\""), 0x09, 0x0A: return quote
    default: return byte < 0x20
    }
  }

  /// XML 1.0's `Char` production.
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
