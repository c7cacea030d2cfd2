import ChecklistsInterop
import Foundation

extension JSONValue: Encodable {
  /// Writes the value back as JSON; a whole number is written without a fraction (`12`, not
  /// `12.0`), as the types it was encoded from wrote it.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members)
    }
  }

  /// The JSON of an encodable value, as the API would send it.
  static func encoding(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(
      JSONValue.self, from: ChecklistsJSONEncoding.encode(value, pretty: false))
  }
}
