import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

/// `/api/v1/session`: who is signed in (GET), signing in (POST) and out (DELETE); the
/// routes are declared in ``RouteTable``.
struct SessionRoutes: Sendable {
  let authenticator: Authenticator

  /// What GET and POST answer.
  struct SessionJSON: Encodable {
    /// The signed-in user's name.
    var user: String
    /// "single-user" (no accounts, no sign-in) or "accounts".
    var mode: String
    /// The token a page sends in `X-CSRF-Token` with every change; only for session cookies.
    var csrfToken: String?
  }

  /// GET: who is signed in (the gate has checked that someone is).
  func current(_ request: HTTPRequest, identity: Identity) throws -> HTTPResponse {
    var body = SessionJSON(user: identity.user.name, mode: "accounts")
    switch identity.credential {
    case .singleUser: body.mode = "single-user"
    case .session(let session, _): body.csrfToken = session.csrfToken
    case .apiToken, .password: break
    }
    var response = try HTTPResponse.json(body)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// POST: signs in with a user name and password, setting the session cookie.
  func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.signIn)
    guard let name = try body.string("user"), let password = try body.string("password") else {
      throw APIError(
        status: 422, detail: MessageCatalogue.english.text("server.api.signingNeedsBoth"))
    }
    let (user, token, session) = try authenticator.checkingPassword(request, userName: name) {
      try authenticator.accounts.signIn(userName: name, password: password)
    }
    var response = try HTTPResponse.json(
      SessionJSON(user: user.name, mode: "accounts", csrfToken: session.csrfToken))
    response.headers["Set-Cookie"] = authenticator.sessionCookie(token.value)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// DELETE: ends the session, if any, and removes the cookie.
  func signOut(_ request: HTTPRequest) throws -> HTTPResponse {
    let identity = try authenticator.identify(request)
    try authenticator.checkWrite(request, identity: identity)
    if case .session(_, let token) = identity?.credential {
      try authenticator.accounts.signOut(token: token)
    }
    var response = HTTPResponse(status: 204)
    response.headers["Set-Cookie"] = authenticator.expiredCookie()
    return response
  }

  /// The answer to a request that must sign in first.
  static let signInNeeded = APIError(
    status: 401, detail: MessageCatalogue.english.text("server.api.signFirstServer"),
    headers: ["WWW-Authenticate": "Bearer realm=\"Checklists\""])
}
