import ChecklistsCore
import ChecklistsInterop
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer

/// `/api/v1/tokens`: a command line signs in (POST, with a password, answering an API token)
/// and out (`DELETE /api/v1/tokens/current`, revoking the token it sends); a signed-in user
/// lists their tokens (GET) and revokes one (`DELETE /api/v1/tokens/{id}`), say of a lost
/// laptop.
///
/// Signing in here follows the rules of `/api/v1/session`: the same throttle, the same one
/// message for an unknown name and a wrong password.
struct TokenRoutes: Sendable {
  let authenticator: Authenticator

  /// What a sign-in answers: the token, shown this once.
  struct CreatedTokenJSON: Encodable {
    var id: UUID
    var name: String
    var user: String
    var token: String
  }

  /// Whether a path is one of these routes.
  static func matches(_ path: String) -> Bool {
    path == "/api/v1/tokens" || path.hasPrefix("/api/v1/tokens/")
  }

  func handle(_ request: HTTPRequest) -> HTTPResponse {
    ChecklistsAPI.catchingProblems {
      let rest = request.path.dropFirst("/api/v1/tokens".count)
      switch (rest, request.method) {
      case ("", "POST"): return try create(request)
      case ("", "GET"), ("", "HEAD"): return try list(request)
      case ("", _):
        throw APIError.methodNotAllowed(request.method, allowed: ["GET", "HEAD", "POST"])
      case ("/current", "DELETE"): return try revokeCurrent(request)
      case (_, "DELETE"): return try revoke(request, id: String(rest.dropFirst()))
      default:
        throw APIError.methodNotAllowed(request.method, allowed: ["DELETE"])
      }
    }
  }

  private func identity(_ request: HTTPRequest) throws -> Identity {
    guard let identity = try authenticator.identify(request) else {
      throw SessionRoutes.signInNeeded
    }
    try authenticator.checkWrite(request, identity: identity)
    return identity
  }

  private func list(_ request: HTTPRequest) throws -> HTTPResponse {
    let identity = try identity(request)
    var currentDigest: String?
    if case .apiToken(let bearer) = identity.credential {
      currentDigest = SecretToken(value: bearer).digest
    }
    let tokens = try authenticator.accounts.apiTokens(userID: identity.user.id).map {
      APITokenJSON($0, current: $0.tokenDigest == currentDigest)
    }
    var response = try HTTPResponse.json(["tokens": tokens])
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  private func revoke(_ request: HTTPRequest, id text: String) throws -> HTTPResponse {
    let identity = try identity(request)
    guard let id = UUID.parse(text) else {
      throw APIError.notFound("There is no token '\(text)'.")
    }
    try authenticator.accounts.revokeAPIToken(id: id, userID: identity.user.id)
    return HTTPResponse(status: 204)
  }

  private func create(_ request: HTTPRequest) throws -> HTTPResponse {
    try authenticator.checkSameOrigin(request)
    let body = try RequestBody(request, schema: RequestSchemas.newToken)
    guard let name = try body.string("user"), let password = try body.string("password") else {
      throw APIError(status: 422, detail: "A token needs both 'user' and 'password'.")
    }
    let label = try body.string("name") ?? "checklists"
    let (user, token, secret) = try authenticator.checkingPassword(request, userName: name) {
      try authenticator.accounts.createAPIToken(signingInAs: name, password: password, name: label)
    }
    var response = try HTTPResponse.json(
      CreatedTokenJSON(id: token.id, name: token.name, user: user.name, token: secret.value),
      status: 201)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  private func revokeCurrent(_ request: HTTPRequest) throws -> HTTPResponse {
    guard let identity = try authenticator.identify(request) else {
      throw SessionRoutes.signInNeeded
    }
    guard case .apiToken(let bearer) = identity.credential else {
      throw APIError(
        status: 422,
        detail: "Only a request with 'Authorization: Bearer <token>' can revoke its token.")
    }
    try authenticator.accounts.revokeAPIToken(bearer: bearer)
    return HTTPResponse(status: 204)
  }
}
