import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer
import WebDAV

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
  /// Logs the server's own failures and answers them without their details.
  let faults: ServerFaults
  /// `/api/v1/push`'s handlers (Web Push), nil when the server has none.
  var push: PushRoutes?
  /// Whether accounts may be made through invite links.
  var signUp: ChecklistsServer.SignUp = .invitation

  /// Answers a request: the API's, the document's, or a page or file of the web app.
  func handle(_ request: HTTPRequest) -> HTTPResponse {
    let route: Route
    let parameters: Route.Parameters
    do {
      (route, parameters) = try table.router.route(request)
    } catch let error as APIError where CalDAVPath.contains(request.path) {
      // Under /dav/ a client speaks WebDAV: 404 and 405 come as DAV:error bodies.
      return CalDAVRoutes.unrouted(error, path: request.path)
    } catch {
      return answer(error, to: request, dav: false)
    }
    do {
      return try serve(request, route, parameters)
    } catch {
      return answer(error, to: request, dav: route.access == .dav)
    }
  }

  /// Checks who may call `route` and runs its handler.
  private func serve(
    _ request: HTTPRequest, _ route: Route, _ parameters: Route.Parameters
  ) throws -> HTTPResponse {
    // One rule for every route that changes anything, whoever asks and however they sign in:
    // a write that names a page (`Origin`, else `Referer`) must name one of this server's.
    if route.changesState {
      do {
        try authenticator.checkSameOrigin(request)
      } catch let error as APIError where route.access == .dav {
        throw WebDAVError(status: error.status, message: error.detail)
      }
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

  /// Turns every failure into its answer: the one mapping. The server's own failures are
  /// logged and answered without their details (``ServerFaults``), on a CalDAV route as a
  /// WebDAV error body.
  func answer(_ error: any Error, to request: HTTPRequest, dav: Bool) -> HTTPResponse {
    if let fault = faults.fault(error, in: request) {
      return dav ? fault.davError : fault.problem.response
    }
    switch error {
    case let error as APIError:
      return error.response
    case let error as ChecklistsError:
      return APIError(error).response
    case let error as WebDAVError:
      return .davError(error)
    default:
      // ``ServerFaults/fault(_:in:)`` takes every other error.
      return APIError(status: 500, detail: ServerFaults.unexpected).response
    }
  }

  /// Sends a person who must sign in first to the sign-in page, which brings them back.
  private static func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
    let next = request.rawPath.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
    return HTTPResponse(
      status: 303, headers: ["Location": "/login?next=\(next)", "Cache-Control": "no-store"])
  }
}
