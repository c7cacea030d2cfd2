import ChecklistsStore
import HTTPServer

/// What a route's handler is given besides the request: the gateway's parts, and who is
/// asking once the gate has checked (``Route/Access``).
struct RouteContext: Sendable {
  let gateway: APIGateway
  /// The signed-in user on routes that need one; nil on public routes.
  let identity: Identity?

  /// The user the gate admitted.
  /// - Throws: 401 on a route that did not ask the gate for a user (a programming slip that
  ///   must not hand out anyone's lists).
  func signedIn() throws -> Identity {
    guard let identity else { throw SessionRoutes.signInNeeded }
    return identity
  }

  /// The API with the signed-in user's services.
  func api(_ request: HTTPRequest) throws -> ChecklistsAPI {
    let identity = try signedIn()
    let authenticator = gateway.authenticator
    let services = try authenticator.directory.services(for: identity.user)
    var api = ChecklistsAPI(
      service: services.checklists, shopping: services.shopping, sharing: services.sharing,
      locale: gateway.locale, events: gateway.events, didWrite: gateway.didWrite,
      cache: gateway.cache)
    // An open event stream ends once its token or session no longer signs this user in.
    api.isSignedIn = { [authenticator] in
      (try? authenticator.identify(request))??.user.id == identity.user.id
    }
    return api
  }

  /// Runs a command line sent to `POST /api/v1/cli`.
  func runCommand(_ request: HTTPRequest) throws -> HTTPResponse {
    let identity = try signedIn()
    let authenticator = gateway.authenticator
    let services = try authenticator.directory.services(for: identity.user)
    // A command that changed something ends the cached answers now, as the API's own
    // writes do; one that only read leaves them.
    let store = authenticator.directory.store
    let before = try store.lastChangeSequence()
    defer { if (try? store.lastChangeSequence()) != before { gateway.didWrite() } }
    return try CommandRoute(runner: gateway.commandRunner, accounts: authenticator.accounts)
      .handle(request, services: services)
  }

  /// `/api/v1/session`'s handlers.
  var session: SessionRoutes { SessionRoutes(authenticator: gateway.authenticator) }
  /// `/api/v1/tokens`' handlers.
  var tokens: TokenRoutes { TokenRoutes(authenticator: gateway.authenticator) }
}
