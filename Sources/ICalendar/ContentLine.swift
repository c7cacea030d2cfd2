import Foundation

/// One unfolded content line split into name, parameters and value (RFC 5545 §3.1):
/// `name *(";" param) ":" value`, where parameter values may be quoted and hold `;`, `:`, `,`.
struct ContentLine {
  var name: String
  var parameters: [ICalParameter]
  var value: String

  /// Splits `line`; nil when it has no name or no colon after the parameters.
  ///
  /// Works on the UTF-8 bytes: every delimiter is ASCII, and a multi-byte sequence never
  /// holds an ASCII byte, so slicing at delimiters keeps every character whole.
  init?(_ line: String) {
    var line = line
    let parsed: ContentLine?? = line.withUTF8 { bytes in
      ContentLine.split(bytes)
    }
    guard let parsed, let parsed else { return nil }
    self = parsed
  }

  private init(name: String, parameters: [ICalParameter], value: String) {
    self.name = name
    self.parameters = parameters
    self.value = value
  }

  private static let semicolon = UInt8(ascii: ";")
  private static let colon = UInt8(ascii: ":")
  private static let comma = UInt8(ascii: ",")
  private static let equals = UInt8(ascii: "=")
  private static let quote = UInt8(ascii: "\"")

  private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> ContentLine? {
    var index = 0
    let count = bytes.count
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    while index < count, bytes[index] != semicolon, bytes[index] != colon { index += 1 }
    guard index > 0, (0..<index).allSatisfy({ isNameByte(bytes[$0]) }) else { return nil }
    let name = text(0..<index).uppercased()
    var parameters: [ICalParameter] = []
    while index < count, bytes[index] == semicolon {
      index += 1
      let nameStart = index
      while index < count, bytes[index] != equals, bytes[index] != semicolon,
        bytes[index] != colon
      {
        index += 1
      }
      guard index > nameStart, index < count, bytes[index] == equals else { return nil }
      let parameterName = text(nameStart..<index)
      index += 1
      var values: [String] = []
      while true {
        if index < count, bytes[index] == quote {
          index += 1
          let start = index
          while index < count, bytes[index] != quote { index += 1 }
          guard index < count else { return nil }
          values.append(text(start..<index))
          index += 1
        } else {
          let start = index
          while index < count, bytes[index] != comma, bytes[index] != semicolon,
            bytes[index] != colon
          {
            // RFC 5545 §3.1: an unquoted value is SAFE-CHARs, so no DQUOTE inside it.
            guard bytes[index] != quote else { return nil }
            index += 1
          }
          values.append(text(start..<index))
        }
        guard index < count, bytes[index] == comma else { break }
        index += 1
      }
      parameters.append(ICalParameter(name: parameterName, values: values))
    }
    guard index < count, bytes[index] == colon else { return nil }
    return ContentLine(name: name, parameters: parameters, value: text((index + 1)..<count))
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || (byte >= 0x30 && byte <= 0x39)
      || byte == 0x2D
  }

  /// A control character RFC 5545 does not allow in a content line: all but HTAB (§3.1,
  /// `CONTROL`).
  static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
  }

  /// Letters, digits and `-` (RFC 5545 `iana-token` and `x-name`).
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "-")
  }

  /// The unfolded line for a property: parameter values quoted when they hold `:`, `;` or `,`
  /// (or are empty), as RFC 5545 requires. A line break inside a value (which no parsed value
  /// has; only a value set by hand could) is written as TEXT's `\n`, so it cannot end the line.
  static func text(of property: ICalProperty) -> String {
    var line = property.name
    for parameter in property.parameters {
      line += ";" + parameter.name + "="
      line += parameter.values.map { quotedIfNeeded(withoutLineBreaks($0)) }.joined(separator: ",")
    }
    return line + ":" + withoutLineBreaks(property.value)
  }

  private static func withoutLineBreaks(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else { return value }
    return value.replacingOccurrences(of: "\r\n", with: "\\n")
      .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\n")
  }

  private static func quotedIfNeeded(_ value: String) -> String {
    let needsQuotes =
      value.isEmpty || value.unicodeScalars.contains { $0 == ":" || $0 == ";" || $0 == "," }
    // A DQUOTE cannot appear inside a quoted value; RFC 6868 would write it as ^'.
    let safe = value.replacingOccurrences(of: "\"", with: "'")
    return needsQuotes ? "\"" + safe + "\"" : safe
  }
}
