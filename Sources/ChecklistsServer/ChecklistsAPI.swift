import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

/// The JSON API under `/api/v1` (docs/API.md): every CLI operation as a route, with ETags and
/// problem+json errors.
struct ChecklistsAPI: Sendable {
  let service: ChecklistService
  /// The same user's catalogue and shopping lists.
  let shopping: ShoppingService
  /// The server's locale: how prices are read and shown when a request has no Accept-Language.
  let locale: Locale
  let events: EventHub
  /// Called after every successful write, so live updates go out at once.
  let didWrite: @Sendable () -> Void
  /// Encoded bodies of the read-heavy routes.
  let cache: ResponseCache
  private var router = Router()

  init(
    service: ChecklistService, shopping: ShoppingService, locale: Locale, events: EventHub,
    cache: ResponseCache, didWrite: @escaping @Sendable () -> Void
  ) {
    self.service = service
    self.shopping = shopping
    self.locale = locale
    self.events = events
    self.cache = cache
    self.didWrite = didWrite
    router = routes()
  }

  /// Routes a request under `/api/`, turning every failure into a problem response.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    do {
      return try router.route(request)
    } catch let error as APIError {
      return .problem(status: error.status, detail: error.detail, headers: error.headers)
    } catch let error as ChecklistsError {
      let error = APIError(error)
      return .problem(status: error.status, detail: error.detail)
    } catch {
      return .problem(status: 500, detail: "Unexpected error: \(error)")
    }
  }

  private func routes() -> Router {
    var router = Router()
    router.on("GET", "/api/openapi.json") { _, _ in OpenAPIDocument.response }
    router.on("GET", "/api/v1/checklists") { request, _ in try listChecklists(request) }
    router.on("POST", "/api/v1/checklists") { request, _ in try createChecklist(request) }
    router.on("GET", "/api/v1/checklists/{id}") { request, p in try getChecklist(request, p["id"]) }
    router.on("PATCH", "/api/v1/checklists/{id}") { request, p in
      try updateChecklist(request, p["id"])
    }
    router.on("DELETE", "/api/v1/checklists/{id}") { request, p in
      try deleteChecklist(request, p["id"])
    }
    router.on("GET", "/api/v1/checklists/{id}/items") { request, p in
      try listItems(request, p["id"])
    }
    router.on("POST", "/api/v1/checklists/{id}/items") { request, p in
      try addItem(request, p["id"])
    }
    router.on("GET", "/api/v1/items/{id}") { request, p in try getItem(request, p["id"]) }
    router.on("PATCH", "/api/v1/items/{id}") { request, p in try updateItem(request, p["id"]) }
    router.on("DELETE", "/api/v1/items/{id}") { request, p in try deleteItem(request, p["id"]) }
    router.on("POST", "/api/v1/items/{id}/toggle") { request, p in
      try toggleItem(request, p["id"])
    }
    router.on("POST", "/api/v1/items/{id}/move") { request, p in try moveItem(request, p["id"]) }
    router.on("GET", "/api/v1/icons") { _, _ in
      try .json(["icons": ChecklistIcon.allCases.map(\.rawValue)])
    }
    router.on("GET", "/api/v1/due") { _, _ in try dueItems() }
    router.on("POST", "/api/v1/import") { request, _ in try importFile(request) }
    router.on("GET", "/api/v1/export") { request, _ in try exportFile(request) }
    router.on("GET", "/api/v1/events") { request, _ in events.subscribe(request) }
    addCatalogueRoutes(to: &router)
    addShoppingListRoutes(to: &router)
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
