import ChecklistsInterop
import Foundation

extension JSONValue {
  /// The JSON of an encodable value, as the API would send it.
  static func encoding(_ value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(
      JSONValue.self, from: ChecklistsJSONEncoding.encode(value, pretty: false))
  }
}
