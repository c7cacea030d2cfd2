import Foundation

/// The OpenAPI document's `components`: schemas, parameters, responses and headers, which
/// the route table's operations refer to by name.
///
/// For now they are read from the hand-written text of ``OpenAPIDocument/legacyComponents``;
/// they are to be generated from the JSON Schema values beside the JSON types
/// (ChecklistsInterop), keeping the same names.
enum OpenAPIComponents {
  /// The `components` object.
  static let json: JSONValue = {
    do {
      return try JSONDecoder().decode(
        JSONValue.self, from: Data(OpenAPIDocument.legacyComponents.utf8))
    } catch {
      preconditionFailure("The OpenAPI components are not JSON: \(error)")
    }
  }()
}
