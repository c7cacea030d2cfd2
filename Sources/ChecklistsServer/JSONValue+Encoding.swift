import Foundation

/// JSON values written in Swift (`["type": "string"]`) and encoded back to text, for the
/// OpenAPI document that is built from the route table.
extension JSONValue: Encodable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  init(nilLiteral: ()) { self = .null }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object: [String: JSONValue] = [:]
    for (key, value) in elements {
      precondition(object.updateValue(value, forKey: key) == nil, "key '\(key)' twice")
    }
    self = .object(object)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      // Whole numbers as integers: `20`, not `20.0`.
      if value.rounded() == value, abs(value) < 1e15 {
        try container.encode(Int(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// The value as JSON text with sorted keys, the same bytes every time.
  var sortedJSONBytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a value made of strings, numbers and containers cannot fail.
    return Array(try! encoder.encode(self))
  }

  /// The members of an object; empty for any other value.
  var objectMembers: [String: JSONValue] {
    if case .object(let members) = self { return members }
    return [:]
  }
}
