import Foundation

/// One unfolded content line split into name, parameters and value (RFC 5545 §3.1):
/// `name *(";" param) ":" value`, where parameter values may be quoted and hold `;`, `:`, `,`.
struct ContentLine {
  var name: String
  var parameters: [ICalParameter]
  var value: String

  /// Splits `line`; nil when it has no name or no colon after the parameters.
  init?(_ line: String) {
    let scalars = Array(line.unicodeScalars)
    var index = 0
    func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
      var text = String.UnicodeScalarView()
      while index < scalars.count, predicate(scalars[index]) {
        text.append(scalars[index])
        index += 1
      }
      return String(text)
    }
    let name = take { $0 != ";" && $0 != ":" }
    guard !name.isEmpty, name.unicodeScalars.allSatisfy(ContentLine.isNameScalar) else {
      return nil
    }
    var parameters: [ICalParameter] = []
    while index < scalars.count, scalars[index] == ";" {
      index += 1
      let parameterName = take { $0 != "=" && $0 != ";" && $0 != ":" }
      guard !parameterName.isEmpty, index < scalars.count, scalars[index] == "=" else {
        return nil
      }
      index += 1
      var values: [String] = []
      while true {
        if index < scalars.count, scalars[index] == "\"" {
          index += 1
          values.append(take { $0 != "\"" })
          guard index < scalars.count else { return nil }
          index += 1
        } else {
          values.append(take { $0 != "," && $0 != ";" && $0 != ":" })
        }
        guard index < scalars.count, scalars[index] == "," else { break }
        index += 1
      }
      parameters.append(ICalParameter(name: parameterName, values: values))
    }
    guard index < scalars.count, scalars[index] == ":" else { return nil }
    index += 1
    self.name = name.uppercased()
    self.parameters = parameters
    var value = String.UnicodeScalarView()
    value.append(contentsOf: scalars[index...])
    self.value = String(value)
  }

  /// Letters, digits and `-` (RFC 5545 `iana-token` and `x-name`).
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        || ("0"..."9").contains(scalar) || scalar == "-")
  }

  /// The unfolded line for a property: parameter values quoted when they hold `:`, `;` or `,`
  /// (or are empty), as RFC 5545 requires.
  static func text(of property: ICalProperty) -> String {
    var line = property.name
    for parameter in property.parameters {
      line += ";" + parameter.name + "="
      line += parameter.values.map(quotedIfNeeded).joined(separator: ",")
    }
    return line + ":" + property.value
  }

  private static func quotedIfNeeded(_ value: String) -> String {
    let needsQuotes =
      value.isEmpty || value.unicodeScalars.contains { $0 == ":" || $0 == ";" || $0 == "," }
    // A DQUOTE cannot appear inside a quoted value; RFC 6868 would write it as ^'.
    let safe = value.replacingOccurrences(of: "\"", with: "'")
    return needsQuotes ? "\"" + safe + "\"" : safe
  }
}
