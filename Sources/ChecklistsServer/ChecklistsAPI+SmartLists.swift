import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsAPI {
  /// The handlers of the smart lists, search and templates (docs/API.md): views across every
  /// list the signed-in user sees, and their private templates.
  struct SmartLists: Sendable {
    let smart: SmartListService
    let templateService: TemplateService
    /// Prices in search results are shown in this locale.
    let locale: Locale
    /// Called after every successful write, so live updates go out at once.
    let didWrite: @Sendable () -> Void

    func counts(_ request: HTTPRequest) throws -> HTTPResponse {
      let counts = try smart.counts(in: Self.timeZone(request))
      return try .json(
        SmartListCountsJSON(counts.map { ($0.kind.rawValue, $0.kind.name, $0.count) }))
    }

    func items(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
      let kind = try SmartListKind.named(segment)
      let items = try smart.items(kind, in: Self.timeZone(request))
      let now = smart.now()
      return try .json(
        SmartListItemsJSON(
          kind: kind.rawValue, name: kind.name,
          items: items.map { SmartListItemJSON($0.1, on: $0.0, now: now) }))
    }

    func search(_ request: HTTPRequest) throws -> HTTPResponse {
      guard let query = request.queryValue("q") else {
        throw APIError.unprocessable(
          MessageText("server.api.queryParameterQRequired"))
      }
      let results = try smart.search(query)
      let now = smart.now()
      var groups: [SearchResultJSON.Group] = results.lists.map { list, items in
        .checklist(
          ChecklistReferenceJSON(list), items.map { ChecklistItemJSON($0, now: now) })
      }
      if !results.catalogue.isEmpty {
        groups.append(.catalogue(results.catalogue.map { ShoppingItemJSON($0, locale: locale) }))
      }
      return try .json(SearchResultJSON(query: query, groups: groups))
    }

    /// The `tz` query parameter's zone, else the server's.
    /// - Throws: 422 naming a zone that does not exist.
    static func timeZone(_ request: HTTPRequest) throws -> TimeZone {
      guard let name = request.queryValue("tz"), !name.isEmpty else { return .current }
      guard let zone = TimeZone(identifier: name) else {
        throw APIError.unprocessable(
          MessageText("server.api.queryParameterTz", ["name": "\(name)"]))
      }
      return zone
    }
  }
}

extension RouteContext {
  /// The smart lists', search's and templates' handlers for the signed-in user.
  func smartLists() throws -> ChecklistsAPI.SmartLists {
    let user = try signedIn().user
    let directory = gateway.authenticator.directory
    let now = try directory.services(for: user).checklists.now
    return ChecklistsAPI.SmartLists(
      smart: SmartListService(store: directory.store, user: user, now: now),
      templateService: TemplateService(store: directory.store, user: user, now: now),
      locale: gateway.locale, didWrite: gateway.didWrite)
  }
}
