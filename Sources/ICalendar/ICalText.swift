/// TEXT values (RFC 5545 §3.3.11): backslash escapes and comma-separated lists.
public enum ICalText {
  /// `text` escaped for a TEXT value: backslash, semicolon, comma and newline.
  ///
  /// - Parameter text: Plain text; CRLF and CR newlines are written as `\n` too.
  /// - Returns: The escaped value.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scalars = text.unicodeScalars.makeIterator()
    var pendingCR = false
    while let scalar = scalars.next() {
      if pendingCR {
        pendingCR = false
        result += "\\n"
        if scalar == "\n" { continue }
      }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n": result += "\\n"
      case "\r": pendingCR = true
      default: result.unicodeScalars.append(scalar)
      }
    }
    if pendingCR { result += "\\n" }
    return result
  }

  /// A TEXT value's escapes undone: `\n` and `\N` become a newline, `\\`, `\;` and `\,` the
  /// character; any other backslash pair keeps its second character (some clients write `\:`).
  public static func unescape(_ value: String) -> String {
    guard value.contains("\\") else { return value }
    var result = ""
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        escaping = false
        result.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
      } else if scalar == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if escaping { result += "\\" }
    return result
  }

  /// A list value split at its unescaped commas, each part still escaped (`CATEGORIES:a\,b,c`
  /// gives `a\,b` and `c`). An empty value gives no parts.
  public static func splitList(_ value: String) -> [String] {
    guard !value.isEmpty else { return [] }
    var parts: [String] = []
    var current = ""
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        escaping = false
        current.unicodeScalars.append(scalar)
      } else if scalar == "\\" {
        escaping = true
        current.unicodeScalars.append(scalar)
      } else if scalar == "," {
        parts.append(current)
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    parts.append(current)
    return parts
  }

  /// TEXT values joined into one escaped list value.
  public static func joinList(_ values: [String]) -> String {
    values.map(escape).joined(separator: ",")
  }
}
