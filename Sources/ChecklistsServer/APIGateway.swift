import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer

/// The door to the server: finds a request's route in the ``RouteTable``, works out who the
/// request is when the route needs a user (``Route/Access``), refuses what they may not do
/// (no session, a cross-site write), and hands the rest to the route's handler.
struct APIGateway: Sendable {
  let authenticator: Authenticator
  let locale: Locale
  let events: EventHub
  let cache: ResponseCache
  let didWrite: @Sendable () -> Void
  let commandRunner: RemoteCommandRunner?
  var table = RouteTable.server
  /// What `/metrics` counts and shows.
  let metrics: ServerMetrics
  /// `/readyz`'s check of the database.
  let readiness: ReadinessProbe
  /// `/api/v1/push`'s handlers (Web Push), nil when the server has none.
  var push: PushRoutes?
  /// Whether accounts may be made through invite links.
  var signUp: ChecklistsServer.SignUp = .invitation

  /// Answers a request: the API's, the document's, or a page or file of the web app.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    ChecklistsAPI.catchingProblems {
      let route: Route
      let parameters: Route.Parameters
      do {
        (route, parameters) = try table.router.route(request)
      } catch let error as APIError where CalDAVPath.contains(request.path) {
        return CalDAVRoutes.unrouted(error, path: request.path)
      }
      var identity: Identity?
      switch route.access {
      case .public:
        break
      case .signedIn, .listRole:
        guard let signedIn = try authenticator.identify(request) else {
          throw SessionRoutes.signInNeeded
        }
        try authenticator.checkWrite(request, identity: signedIn)
        identity = signedIn
      case .dav:
        identity = try authenticator.identifyDAV(request)
      case .page:
        if (try? authenticator.signInRequired()) == true,
          (try? authenticator.identify(request)) ?? nil == nil
        {
          return Self.signInFirst(request)
        }
      }
      return try route.handler(
        RouteContext(gateway: self, identity: identity), request, parameters)
    }
  }

  /// Sends a person who must sign in first to the sign-in page, which brings them back.
  private static func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
    let next = request.rawPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
    return HTTPResponse(
      status: 303, headers: ["Location": "/login?next=\(next)", "Cache-Control": "no-store"])
  }
}
