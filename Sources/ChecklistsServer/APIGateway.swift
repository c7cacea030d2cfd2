import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer

/// The door to the API: works out who a request is, refuses what they may not do (no
/// session, a cross-site write), and hands the rest to the API with that user's services.
struct APIGateway: Sendable {
  let authenticator: Authenticator
  let locale: Locale
  let events: EventHub
  let cache: ResponseCache
  let didWrite: @Sendable () -> Void
  let commandRunner: RemoteCommandRunner?

  /// Answers a request under `/api/`.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    if request.path == "/api/openapi.json" { return OpenAPIDocument.response }
    if request.path == "/api/v1/session" {
      return SessionRoutes(authenticator: authenticator).handle(request)
    }
    if TokenRoutes.matches(request.path) {
      return TokenRoutes(authenticator: authenticator).handle(request)
    }
    return ChecklistsAPI.catchingProblems {
      guard let identity = try authenticator.identify(request) else {
        throw SessionRoutes.signInNeeded
      }
      try authenticator.checkWrite(request, identity: identity)
      let services = try authenticator.directory.services(for: identity.user)
      if request.path == "/api/v1/cli" {
        // A command that changed something ends the cached answers now, as the API's own
        // writes do; one that only read leaves them.
        let store = authenticator.directory.store
        let before = try store.lastChangeSequence()
        defer { if (try? store.lastChangeSequence()) != before { didWrite() } }
        return try CommandRoute(runner: commandRunner, accounts: authenticator.accounts)
          .handle(request, services: services)
      }
      var api = ChecklistsAPI(
        service: services.checklists, shopping: services.shopping, sharing: services.sharing,
        locale: locale, events: events, didWrite: didWrite, cache: cache)
      // An open event stream ends once its token or session no longer signs this user in.
      api.isSignedIn = { [authenticator] in
        (try? authenticator.identify(request))??.user.id == identity.user.id
      }
      return api.handle(request)
    }
  }

  /// Answers a page of the web app. A person who must sign in first and opens a page of the
  /// app is sent to the sign-in page, which brings them back; the app's files themselves are
  /// served to anyone (they hold no data).
  func page(_ request: HTTPRequest) -> HTTPResponse {
    let isPage = request.method == "GET" && !request.path.contains(".")
    if isPage, (try? authenticator.signInRequired()) == true,
      (try? authenticator.identify(request)) ?? nil == nil
    {
      let next = request.rawPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
      return HTTPResponse(
        status: 303, headers: ["Location": "/login?next=\(next)", "Cache-Control": "no-store"])
    }
    return StaticFiles.response(for: request)
  }
}
