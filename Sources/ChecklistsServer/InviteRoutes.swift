import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer

extension ChecklistsServer {
  /// Whether people may make their own account through an invite link.
  public enum SignUp: String, Sendable, CaseIterable {
    /// Whoever holds a working invite link may make an account, which joins the list.
    case invitation
    /// Accounts are made only with `checklists user add`; links are for existing accounts.
    case off
  }
}

/// Invite links (docs/API.md, "Invite links"): the owner of a list makes, lists and revokes
/// them under the list; whoever holds one reads it, accepts it signed in, or signs up through
/// it, under `/api/v1/invitations/{token}`. The routes are declared in ``RouteTable``.
struct InviteRoutes: Sendable {
  let authenticator: Authenticator
  /// Whether accounts may be made through a link.
  let signUp: ChecklistsServer.SignUp
  /// Called after every successful write, so live updates go out at once.
  let didWrite: @Sendable () -> Void

  var service: InviteService {
    InviteService(store: authenticator.directory.store, now: authenticator.directory.now)
  }

  // MARK: - JSON

  struct ListJSON: Encodable {
    var kind: String
    var id: UUID?
    var name: String
  }

  struct CreatedJSON: Encodable {
    var invite: InviteJSON
    var url: String
  }

  struct InvitationJSON: Encodable {
    var state: String
    var message: String
    var list: ListJSON
    var owner: String
    var role: String
    var signUp: Bool
  }

  struct AcceptedJSON: Encodable {
    var list: ListJSON
    var role: String
  }

  struct SignedUpJSON: Encodable {
    var user: String
    var list: ListJSON
    var role: String
    var csrfToken: String
  }

  // MARK: - The owner's routes

  /// POST: makes an invite link to one of the user's lists of this kind.
  func create(
    _ request: HTTPRequest, _ segment: String, kind: Change.Scope, identity: Identity
  ) throws -> HTTPResponse {
    let listID = try listID(segment, kind)
    let body = try RequestBody(request, schema: RequestSchemas.newInvite)
    let role = try ShareRole.named(try body.requiredString("role"))
    let days = try body.integer("expiresInDays")
    let maxUses = try body.nullableInteger("maxUses") ?? nil
    let clientID = try Self.clientID(body)
    let (details, token, isNew) = try service.create(
      listID: listID, scope: kind, role: role, expiresInDays: days, maxUses: maxUses,
      id: clientID, by: identity.user)
    var response = try HTTPResponse.json(
      CreatedJSON(invite: InviteJSON(details), url: url(request, token: token.value)),
      status: isNew ? 201 : 200)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// GET: the invites of one of the user's lists of this kind.
  func list(_ segment: String, kind: Change.Scope, identity: Identity) throws -> HTTPResponse {
    let invites = try service.invites(
      ofList: try listID(segment, kind), scope: kind, by: identity.user)
    var response = try HTTPResponse.json(["invites": invites.map(InviteJSON.init)])
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// DELETE `/api/v1/invites/{inviteID}`: revokes one of the user's invites.
  func revoke(_ segment: String, identity: Identity) throws -> HTTPResponse {
    guard let id = UUID.parse(segment) else {
      throw APIError.notFound(MessageText("server.api.noInvitationId", ["segment": "\(segment)"]))
    }
    try service.revoke(inviteID: id, by: identity.user)
    return HTTPResponse(status: 204)
  }

  // MARK: - The invited person's routes

  /// GET `/api/v1/invitations/{token}`: what the link is for. No session needed.
  func info(_ token: String) throws -> HTTPResponse {
    let details = try service.lookUp(token: token)
    var response = try HTTPResponse.json(
      InvitationJSON(
        state: details.state.rawValue, message: details.message,
        list: ListJSON(kind: details.invite.scope.rawValue, id: nil, name: details.listName),
        owner: details.ownerName, role: details.invite.role.rawValue,
        signUp: try signUpAllowed()))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// POST `…/accept`: the signed-in user joins the list.
  func accept(_ token: String, identity: Identity) throws -> HTTPResponse {
    let acceptance = try Self.usable { try service.accept(token: token, as: identity.user) }
    if acceptance.joined { didWrite() }
    var response = try HTTPResponse.json(
      AcceptedJSON(
        list: Self.list(acceptance), role: acceptance.share.role.rawValue))
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// POST `…/sign-up`: makes the account, signs it in (the session cookie of `/login`) and
  /// joins the list, in one transaction. Throttled as signing in is.
  func signUp(_ request: HTTPRequest, _ token: String) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.signUp)
    let (name, password) = (
      try body.requiredString("username"), try body.requiredString("password")
    )
    guard try signUpAllowed() else {
      throw APIError(
        status: 403,
        detail: MessageCatalogue.english.text("server.api.serverDoesMake"))
    }
    let made = try authenticator.throttlingSignUp(request, userName: name) {
      try Self.usable {
        try service.signUp(
          token: token, userName: name, password: password,
          hasher: authenticator.accounts.hasher)
      }
    }
    didWrite()
    var response = try HTTPResponse.json(
      SignedUpJSON(
        user: made.user.name, list: Self.list(made.acceptance),
        role: made.acceptance.share.role.rawValue, csrfToken: made.session.csrfToken),
      status: 201)
    response.headers["Set-Cookie"] = authenticator.sessionCookie(made.sessionToken.value)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  // MARK: - Helpers

  /// Whether accounts may be made through a link now: sign-up by invitation is on and the
  /// server has accounts (without them there is no one to be invited by).
  private func signUpAllowed() throws -> Bool {
    try signUp == .invitation && authenticator.hasAccounts()
  }

  /// The link to send: the first public URL (else the address the request came to) and
  /// `/invite/<token>`.
  private func url(_ request: HTTPRequest, token: String) -> String {
    let origins = authenticator.origins
    let base =
      origins.publicURLs.first?.origin
      ?? "\(origins.scheme)://\(request.headers["Host"] ?? "127.0.0.1")"
    return base + "/invite/" + token
  }

  private func listID(_ segment: String, _ kind: Change.Scope) throws -> UUID {
    guard let id = UUID.parse(segment) else {
      throw APIError.notFound(
        kind == .checklist
          ? MessageText("server.api.noListId", ["id": segment])
          : MessageText("server.api.noShoppingListId", ["id": segment]))
    }
    return id
  }

  private static func list(_ acceptance: InviteService.Acceptance) -> ListJSON {
    ListJSON(
      kind: acceptance.share.scope.rawValue, id: acceptance.share.collectionID,
      name: acceptance.listName)
  }

  /// The invite's id a client chose, from `clientID`.
  private static func clientID(_ body: RequestBody) throws -> UUID? {
    guard
      let text = try body.nullableString(
        "clientID", expected: "a UUID string such as \"0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F\"")
    else { return nil }
    guard let text else { return nil }
    guard let id = UUID.parse(text) else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldClientidMustUuid", ["text": "\(text)"]))
    }
    return id
  }

  /// Runs `body`, answering a link that no longer works with 410 Gone, its message, and its
  /// `state` as a member of the problem.
  private static func usable<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as InviteService.Unusable {
      throw APIError(
        status: 410, detail: error.message, headers: ["Cache-Control": "no-store"],
        members: ["state": .string(error.state.rawValue)])
    }
  }
}

extension RouteContext {
  /// The invite links' handlers.
  var invites: InviteRoutes {
    InviteRoutes(
      authenticator: gateway.authenticator, signUp: gateway.signUp, didWrite: gateway.didWrite)
  }
}

extension InviteJSON {
  /// The JSON of an invite as the service read it.
  init(_ details: InviteService.Details) {
    self.init(
      details.invite, listName: details.listName, state: details.state,
      message: details.message)
  }
}
