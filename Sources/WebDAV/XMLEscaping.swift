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
    // Most values need nothing: return them as they are.
    if !string.unicodeScalars.contains(where: { needsWork($0, quote: quote) }) { return string }
    var out = ""
    out.reserveCapacity(string.utf8.count + 16)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\r": out += "&#13;"
      case "\"" where quote: out += "&quot;"
      case "\t" where quote: out += "&#9;"
      case "\n" where quote: out += "&#10;"
      case _ where !isXMLCharacter(scalar): out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func needsWork(_ scalar: Unicode.Scalar, quote: Bool) -> Bool {
    switch scalar {
    case "&", "<", ">", "\r": return true
    case "\"", "\t", "\n": return quote
    default: return !isXMLCharacter(scalar)
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
