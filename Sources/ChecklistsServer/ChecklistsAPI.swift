import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

/// The JSON API under `/api/v1` (docs/API.md): every CLI operation as a route, with ETags and
/// problem+json errors.
struct ChecklistsAPI: Sendable {
  /// The signed-in user's checklists (their own and those shared with them).
  let service: ChecklistService
  /// The same user's catalogue and shopping lists.
  let shopping: ShoppingService
  /// The same user's shares.
  let sharing: SharingService
  /// The server's locale: how prices are read and shown when a request has no Accept-Language.
  let locale: Locale
  let events: EventHub
  /// Called after every successful write, so live updates go out at once.
  let didWrite: @Sendable () -> Void
  /// Encoded bodies of the read-heavy routes, per user.
  let cache: ResponseCache
  /// Whether the request's credential still signs its user in (for the event stream).
  var isSignedIn: @Sendable () -> Bool = { true }

  /// Opens the live-update stream for the signed-in user.
  func subscribe(_ request: HTTPRequest) -> HTTPResponse {
    events.subscribe(request, service: service, isSignedIn: isSignedIn)
  }

  /// A path segment as an id; anything else names a resource that cannot exist.
  func id(_ segment: String, _ what: String) throws -> UUID {
    guard let id = UUID.parse(segment) else {
      throw APIError.notFound(
        MessageText("server.api.noId", ["what": "\(what)", "segment": "\(segment)"]))
    }
    return id
  }
}
