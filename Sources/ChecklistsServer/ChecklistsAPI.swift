import ChecklistsCore
import ChecklistsInterop
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

  /// Routes a request under `/api/` for the signed-in user, turning every failure into a
  /// problem response.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    Self.catchingProblems { try Self.router.route(request, context: self) }
  }

  /// Runs `body`, turning every failure into a problem response: the one mapping.
  static func catchingProblems(_ body: () throws -> HTTPResponse) -> HTTPResponse {
    do {
      return try body()
    } catch let error as APIError {
      return .problem(status: error.status, detail: error.detail, headers: error.headers)
    } catch let error as ChecklistsError {
      let error = APIError(error)
      return .problem(status: error.status, detail: error.detail)
    } catch {
      return .problem(status: 500, detail: "Unexpected error: \(error)")
    }
  }

  /// Opens the live-update stream for the signed-in user.
  func subscribe(_ request: HTTPRequest) -> HTTPResponse {
    events.subscribe(request, service: service, isSignedIn: isSignedIn)
  }

  /// The routes, built once for every user.
  private static let router = routes()

  private static func routes() -> Router<ChecklistsAPI> {
    var router = Router<ChecklistsAPI>()
    router.on("GET", "/api/openapi.json") { _, _, _ in OpenAPIDocument.response }
    router.on("GET", "/api/v1/checklists") { api, request, _ in try api.listChecklists(request) }
    router.on("POST", "/api/v1/checklists") { api, request, _ in try api.createChecklist(request) }
    router.on("GET", "/api/v1/checklists/{id}") { api, request, p in
      try api.getChecklist(request, p["id"])
    }
    router.on("PATCH", "/api/v1/checklists/{id}") { api, request, p in
      try api.updateChecklist(request, p["id"])
    }
    router.on("DELETE", "/api/v1/checklists/{id}") { api, request, p in
      try api.deleteChecklist(request, p["id"])
    }
    router.on("GET", "/api/v1/checklists/{id}/items") { api, request, p in
      try api.listItems(request, p["id"])
    }
    router.on("POST", "/api/v1/checklists/{id}/items") { api, request, p in
      try api.addItem(request, p["id"])
    }
    router.on("GET", "/api/v1/items/{id}") { api, request, p in try api.getItem(request, p["id"]) }
    router.on("PATCH", "/api/v1/items/{id}") { api, request, p in
      try api.updateItem(request, p["id"])
    }
    router.on("DELETE", "/api/v1/items/{id}") { api, request, p in
      try api.deleteItem(request, p["id"])
    }
    router.on("POST", "/api/v1/items/{id}/toggle") { api, request, p in
      try api.toggleItem(request, p["id"])
    }
    router.on("POST", "/api/v1/items/{id}/move") { api, request, p in
      try api.moveItem(request, p["id"])
    }
    router.on("GET", "/api/v1/icons") { _, _, _ in
      try .json(["icons": ChecklistIcon.allCases.map(\.rawValue)])
    }
    router.on("GET", "/api/v1/due") { api, _, _ in try api.dueItems() }
    router.on("POST", "/api/v1/import") { api, request, _ in try api.importFile(request) }
    router.on("GET", "/api/v1/export") { api, request, _ in try api.exportFile(request) }
    router.on("GET", "/api/v1/events") { api, request, _ in api.subscribe(request) }
    router.on("GET", "/api/v1/changes") { api, request, _ in try api.changes(request) }
    addCatalogueRoutes(to: &router)
    addShoppingListRoutes(to: &router)
    addSharingRoutes(to: &router)
    return router
  }

  /// A path segment as an id; anything else names a resource that cannot exist.
  func id(_ segment: String, _ what: String) throws -> UUID {
    guard let id = UUID.parse(segment) else {
      throw APIError.notFound("There is no \(what) with id '\(segment)'.")
    }
    return id
  }
}
