import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
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
/// message for an unknown name and a wrong password. The routes are declared in ``RouteTable``.
struct TokenRoutes: Sendable {
  let authenticator: Authenticator

  /// What a sign-in answers: the token, shown this once.
  struct CreatedTokenJSON: Encodable {
    var id: UUID
    var name: String
    var user: String
    var token: String
  }

  /// GET: the signed-in user's tokens, marking the one the request came with.
  func list(_ request: HTTPRequest, identity: Identity) throws -> HTTPResponse {
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

  /// DELETE `{tokenID}`: revokes one of the signed-in user's tokens.
  func revoke(_ text: String, identity: Identity) throws -> HTTPResponse {
    guard let id = UUID.parse(text) else {
      throw APIError.notFound(MessageText("server.api.noToken", ["text": "\(text)"]))
    }
    try authenticator.accounts.revokeAPIToken(id: id, userID: identity.user.id)
    return HTTPResponse(status: 204)
  }

  /// POST: checks a user name and password and answers a new API token.
  func create(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newToken)
    guard let name = try body.string("user"), let password = try body.string("password") else {
      throw APIError(
        status: 422, detail: MessageCatalogue.english.text("server.api.tokenNeedsBoth"))
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

  /// DELETE `current`: revokes the token the request came with.
  func revokeCurrent(_ request: HTTPRequest, identity: Identity) throws -> HTTPResponse {
    guard case .apiToken(let bearer) = identity.credential else {
      throw APIError(
        status: 422,
        detail: MessageCatalogue.english.text("server.api.onlyRequestAuthorization"))
    }
    try authenticator.accounts.revokeAPIToken(bearer: bearer)
    return HTTPResponse(status: 204)
  }
}
