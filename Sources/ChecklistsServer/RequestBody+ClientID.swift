import ChecklistsCore
import ChecklistsMessages
import Foundation

extension RequestBody {
  /// The `id` a client chose for what its POST creates, so that sending the create twice makes
  /// one thing: absent or `null` lets the server choose.
  /// - Throws: 422 naming the field for anything but a UUID string.
  func clientID() throws -> UUID? {
    guard
      let text = try nullableString(
        "id", expected: "a UUID string such as \"0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F\"")
    else { return nil }
    guard let text else { return nil }
    guard let id = UUID.parse(text) else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldIdMust", ["text": "\(text)"]))
    }
    return id
  }
}
