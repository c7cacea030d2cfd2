import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

/// `/api/v1/tokens`: a command line signs in (POST, with a password, answering an API token)
/// and out (`DELETE /api/v1/tokens/current`, revoking the token it sends).
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

  func handle(_ request: HTTPRequest) -> HTTPResponse {
    ChecklistsAPI.catchingProblems {
      switch (request.path, request.method) {
      case ("/api/v1/tokens", "POST"): return try create(request)
      case ("/api/v1/tokens/current", "DELETE"): return try revokeCurrent(request)
      case ("/api/v1/tokens", _):
        throw APIError.methodNotAllowed(request.method, allowed: ["POST"])
      case ("/api/v1/tokens/current", _):
        throw APIError.methodNotAllowed(request.method, allowed: ["DELETE"])
      default:
        throw APIError.notFound("There is no \(request.path).")
      }
    }
  }

  private func create(_ request: HTTPRequest) throws -> HTTPResponse {
    try authenticator.checkSameOrigin(request)
    let body = try RequestBody(request, allowed: ["user", "password", "name"])
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
