import ChecklistsCore
import ChecklistsMessages
import ChecklistsSecurity
import Foundation

/// Invite links: the owner of a list makes, lists and revokes them; whoever holds one sees
/// what it is for, and joins the list at its role, signed in or by making an account.
///
/// Joining adds the share exactly as ``SharingService`` does (logged for both users), and
/// counts a use in the same transaction, so a one-use link lets one person in however many
/// try at once.
public struct InviteService: Sendable {
  /// Where everything is kept.
  public let store: any InviteStore
  /// The clock.
  public let now: @Sendable () -> Date
  /// Where the dates of messages are read.
  public let timeZone: TimeZone

  /// Creates the service.
  public init(
    store: any InviteStore, now: @escaping @Sendable () -> Date = Date.init,
    timeZone: TimeZone = .current
  ) {
    self.store = store
    self.now = now
    self.timeZone = timeZone
  }

  /// How many invites that still work a list may have at once.
  public static let maximumLiveInvites = 100

  /// An invite with the names a person sees beside it.
  public struct Details: Hashable, Sendable {
    /// The invite.
    public var invite: Invite
    /// The list's name.
    public var listName: String
    /// The owner's user name.
    public var ownerName: String
    /// Its state when it was read.
    public var state: Invite.State
    /// What the state means, in a sentence.
    public var message: String
  }

  /// What accepting an invite did.
  public struct Acceptance: Hashable, Sendable {
    /// The list joined, its kind, and the role the user has on it now.
    public var share: Share
    /// The list's name.
    public var listName: String
    /// False when the user was a member already (nothing changed).
    public var joined: Bool
  }

  /// The error for an invite that no longer works: expired, used up or revoked.
  public struct Unusable: Error, Sendable, CustomStringConvertible {
    /// Why it does not work.
    public var state: Invite.State
    /// What that means, in a sentence a person reads.
    public var message: String
    public var description: String { message }
  }

  /// The one message for a token that names no invite (unknown, mistyped or cut short).
  public static var unknownToken: String {
    MessageCatalogue.english.text("errors.invite.unknownToken")
  }

  // MARK: - The owner's side

  /// Makes an invite link to one of the user's lists.
  ///
  /// Sent again with the same `id` and the same settings (a client that lost the answer), it
  /// answers the same invite with a new token, and the first token stops working, as long as
  /// nobody used it yet: the token is shown only once, so it cannot be shown again.
  /// - Parameters:
  ///   - listID: The checklist or shopping list.
  ///   - scope: Which of the two it must be; nil for either.
  ///   - role: What whoever accepts may do.
  ///   - expiresInDays: 1 to 90 days; nil for 7.
  ///   - maxUses: 1 to 100 uses; nil for any number until it expires.
  ///   - id: The invite's id, chosen by the client; nil lets the service choose.
  ///   - user: Who makes it: the list's owner.
  /// - Returns: The invite, its token (shown only now) and whether it was made by this call.
  /// - Throws: `notFound` for a list that is not the user's, `forbidden` for one shared with
  ///   them, `invalidInput` for limits out of range, `conflict` without accounts, for too many
  ///   live invites, or for an `id` that names something else.
  public func create(
    listID: UUID, scope expected: Change.Scope? = nil, role: ShareRole, expiresInDays: Int? = nil,
    maxUses: Int? = nil,
    id: UUID? = nil, by user: User
  ) throws -> (details: Details, token: SecretToken, isNew: Bool) {
    let days = try Invite.validated(expiresInDays: expiresInDays, maxUses: maxUses)
    let token = SecretToken.generate()
    let date = now()
    return try store.writeInvites { tx in
      let (scope, name) = try ownList(listID, scope: expected, user: user, in: tx)
      guard try tx.passwordHash(userID: user.id) != nil else {
        throw ChecklistsError(
          .conflict,
          MessageText("errors.invite.inviteLinksNeed"))
      }
      let lifetime = TimeInterval(days) * 24 * 3600
      if let id, let existing = try tx.invite(id: id) {
        try checkReplay(
          existing, id: id, listID: listID, role: role, lifetime: lifetime, maxUses: maxUses,
          user: user)
        try tx.setInviteToken(id: id, tokenDigest: token.sha256Digest)
        var invite = existing
        invite.tokenDigest = token.sha256Digest
        return (details(invite, listName: name, ownerName: user.name, at: date), token, false)
      }
      let live = try tx.invites(collectionID: listID).filter { $0.isUsable(at: date) }
      guard live.count < Self.maximumLiveInvites else {
        throw ChecklistsError(
          .conflict,
          MessageText(
            "errors.invite.invitationsStillWork", ["name": name, "liveCount": String(live.count)]))
      }
      let invite = Invite(
        id: id ?? UUID(), collectionID: listID, scope: scope, ownerID: user.id, role: role,
        tokenDigest: token.sha256Digest, createdAt: date,
        expiresAt: date.addingTimeInterval(lifetime), maxUses: maxUses)
      try tx.insertInvite(invite)
      return (details(invite, listName: name, ownerName: user.name, at: date), token, true)
    }
  }

  /// The invites of one of the user's lists that were not revoked, newest first.
  /// - Throws: `notFound` for a list that is not the user's, `forbidden` for one shared with
  ///   them.
  public func invites(ofList listID: UUID, scope: Change.Scope? = nil, by user: User) throws
    -> [Details]
  {
    let date = now()
    return try store.readInvites { tx in
      let (_, name) = try ownList(listID, scope: scope, user: user, in: tx)
      return try tx.invites(collectionID: listID).filter { $0.revokedAt == nil }.reversed().map {
        details($0, listName: name, ownerName: user.name, at: date)
      }
    }
  }

  /// Revokes one of the user's invites: its link stops working at once, and says so. Revoking
  /// it again changes nothing.
  /// - Returns: The invite as it is now.
  /// - Throws: `notFound` when the user made no invite with that id: another user's reads as
  ///   one that never existed.
  @discardableResult
  public func revoke(inviteID: UUID, by user: User) throws -> Details {
    let date = now()
    return try store.writeInvites { tx in
      guard var invite = try tx.invite(id: inviteID), invite.ownerID == user.id else {
        throw ChecklistsError(
          .notFound, MessageText("errors.invite.noSuchId", ["id": inviteID.uuidString]))
      }
      if invite.revokedAt == nil {
        try tx.revokeInvite(id: inviteID, at: date)
        invite.revokedAt = date
      }
      let name = try listName(invite, in: tx) ?? ""
      return details(invite, listName: name, ownerName: user.name, at: date)
    }
  }

  // MARK: - The invited person's side

  /// What an invite link is for: the list, its owner, the role and whether it still works.
  /// - Throws: `notFound` with ``unknownToken`` for a token that names no invite.
  public func lookUp(token: String) throws -> Details {
    let digest = Self.digest(token)
    let date = now()
    return try store.readInvites { tx in
      let (invite, name, owner) = try found(digest, in: tx)
      return details(invite, listName: name, ownerName: owner.name, at: date)
    }
  }

  /// Accepts an invite as a signed-in user: they join the list at the invite's role, and one
  /// use is counted. A member already stays as they are, and no use is counted.
  /// - Throws: `notFound` for an unknown token, ``Unusable`` for one that no longer works,
  ///   `conflict` for the list's owner.
  public func accept(token: String, as user: User) throws -> Acceptance {
    let digest = Self.digest(token)
    let date = now()
    return try store.writeInvites { tx in
      let (invite, name, _) = try found(digest, in: tx)
      return try join(invite, listName: name, user: user, at: date, in: tx)
    }
  }

  /// Makes an account through an invite, signs it in and accepts the invite, in one
  /// transaction: if any step fails (the link was used meanwhile, the name was taken), there
  /// is no account.
  ///
  /// The name and password follow the rules of `checklists user add` (``User/validatedName(_:)``,
  /// ``PasswordRules``). The link is checked before the password is hashed, so a dead link
  /// costs the server no hashing.
  /// - Parameters:
  ///   - token: The link's token.
  ///   - userName: The new account's name.
  ///   - password: Its password.
  ///   - hasher: How passwords are hashed (the server's).
  /// - Returns: The new user, the token for the session cookie (stored only as its digest),
  ///   the session, and what accepting did.
  /// - Throws: `invalidInput` for a bad name or password, `conflict` for a name that is taken,
  ///   `notFound` for an unknown token, ``Unusable`` for a link that no longer works.
  public func signUp(
    token: String, userName: String, password: String, hasher: PasswordHasher
  ) throws -> (user: User, sessionToken: SecretToken, session: Session, acceptance: Acceptance) {
    let name = try User.validatedName(userName)
    try PasswordRules.validate(password, userName: name)
    let digest = Self.digest(token)
    try store.readInvites { tx in
      let (invite, _, _) = try found(digest, in: tx)
      try Self.requireUsable(invite, at: now(), timeZone: timeZone)
      if try tx.user(named: name) != nil { throw Self.nameTaken(name) }
    }
    let hash: String
    do {
      hash = try hasher.hash(password)
    } catch {
      throw ChecklistsError(.storage, "\(error)")
    }
    let sessionToken = SecretToken.generate()
    let date = now()
    return try store.writeInvites { tx in
      let (invite, listName, _) = try found(digest, in: tx)
      try Self.requireUsable(invite, at: date, timeZone: timeZone)
      guard try tx.passwordHash(userID: invite.ownerID) != nil else {
        throw ChecklistsError(.conflict, MessageText("errors.invite.serverNoAccounts"))
      }
      if try tx.user(named: name) != nil { throw Self.nameTaken(name) }
      let user = User(name: name, createdAt: date)
      try tx.insertUser(user, passwordHash: hash)
      let acceptance = try join(invite, listName: listName, user: user, at: date, in: tx)
      // The session /api/v1/session's sign-in opens (AccountService.signIn), in this transaction.
      let session = Session(
        userID: user.id, tokenDigest: sessionToken.digest,
        csrfToken: SecretToken.generate().value, createdAt: date, lastSeenAt: date)
      try tx.deleteExpiredSessions(at: date)
      try tx.insertSession(session)
      return (user, sessionToken, session, acceptance)
    }
  }

  // MARK: - Rules

  /// The digest a token is stored as; a token of the wrong shape gets one that matches none.
  static func digest(_ token: String) -> String {
    let secret = SecretToken(value: token)
    return secret.isWellFormed ? secret.sha256Digest : ""
  }

  /// The invite of a digest, its list's name and its owner.
  private func found(_ digest: String, in tx: any InviteStoreReader) throws -> (
    Invite, String, User
  ) {
    guard !digest.isEmpty, let invite = try tx.invite(tokenDigest: digest),
      SecretToken.constantTimeEquals(invite.tokenDigest, digest),
      let name = try listName(invite, in: tx), let owner = try tx.user(id: invite.ownerID)
    else { throw ChecklistsError(.notFound, MessageText("errors.invite.unknownToken")) }
    return (invite, name, owner)
  }

  /// Adds the share an invite gives, as ``SharingService/share(listID:with:role:)`` does, and
  /// counts the use.
  private func join(
    _ invite: Invite, listName: String, user: User, at date: Date, in tx: any InviteStoreWriter
  ) throws -> Acceptance {
    guard invite.ownerID != user.id else {
      throw ChecklistsError(
        .conflict, MessageText("errors.invite.yoursInvitationSomeone", ["listName": listName]))
    }
    if let existing = try tx.share(collectionID: invite.collectionID, userID: user.id) {
      return Acceptance(share: existing, listName: listName, joined: false)
    }
    try Self.requireUsable(invite, at: date, timeZone: timeZone)
    guard try tx.countInviteUse(id: invite.id, at: date) else {
      // Someone else took the last use between the read and the count.
      let now = try tx.invite(id: invite.id) ?? invite
      try Self.requireUsable(now, at: date, timeZone: timeZone)
      throw Unusable(state: .usedUp, message: "This invitation has been used already.")
    }
    let share = Share(
      collectionID: invite.collectionID, scope: invite.scope, ownerID: invite.ownerID,
      userID: user.id, role: invite.role, createdAt: date)
    try tx.saveShare(share)
    for audience in [share.ownerID, share.userID] {
      _ = try tx.appendChange(
        Change(
          ownerID: audience, collectionID: share.collectionID, kind: .shareAdded, revision: 0,
          date: date))
    }
    return Acceptance(share: share, listName: listName, joined: true)
  }

  private static func requireUsable(_ invite: Invite, at date: Date, timeZone: TimeZone) throws {
    let state = invite.state(at: date)
    guard state == .valid else {
      throw Unusable(state: state, message: invite.message(at: date, timeZone: timeZone))
    }
  }

  private static func nameTaken(_ name: String) -> ChecklistsError {
    ChecklistsError(.conflict, MessageText("errors.invite.alreadyUserCalled", ["name": name]))
  }

  private func details(_ invite: Invite, listName: String, ownerName: String, at date: Date)
    -> Details
  {
    Details(
      invite: invite, listName: listName, ownerName: ownerName, state: invite.state(at: date),
      message: invite.message(at: date, timeZone: timeZone))
  }

  private func listName(_ invite: Invite, in tx: any InviteStoreReader) throws -> String? {
    switch invite.scope {
    case .checklist: try tx.checklist(id: invite.collectionID)?.name
    default: try tx.shoppingList(id: invite.collectionID)?.name
    }
  }

  /// One of the user's own lists, checklist or shopping list, as sharing finds it.
  private func ownList(
    _ id: UUID, scope expected: Change.Scope?, user: User, in tx: any InviteStoreReader
  ) throws -> (Change.Scope, String) {
    let found: (Change.Scope, UUID, String)? =
      if expected != .shoppingList, let list = try tx.checklist(id: id) {
        (.checklist, list.ownerID, list.name)
      } else if expected != .checklist, let list = try tx.shoppingList(id: id) {
        (.shoppingList, list.ownerID, list.name)
      } else { nil }
    guard let (scope, ownerID, name) = found else {
      throw ChecklistsError(.notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString]))
    }
    guard ownerID != user.id else { return (scope, name) }
    if let share = try tx.share(collectionID: id, userID: user.id) {
      throw ChecklistsError.forbidden(.own, listName: name, role: share.role)
    }
    throw ChecklistsError(.notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString]))
  }

  private func checkReplay(
    _ existing: Invite, id: UUID, listID: UUID, role: ShareRole, lifetime: TimeInterval,
    maxUses: Int?, user: User
  ) throws {
    guard existing.ownerID == user.id else {
      throw ChecklistsError(
        .conflict, MessageText("errors.id.taken", ["id": id.uuidString]))
    }
    var differences: [String] = []
    let difference = { (field: String, stored: String, sent: String) in
      MessageCatalogue.english.text(
        "errors.id.difference", ["field": field, "stored": stored, "sent": sent])
    }
    if existing.collectionID != listID {
      differences.append(MessageCatalogue.english.text("errors.invite.anotherList"))
    }
    if existing.role != role {
      differences.append(difference("role", existing.role.rawValue, role.rawValue))
    }
    let days = Int((existing.expiresAt.timeIntervalSince(existing.createdAt) / 86400).rounded())
    if abs(existing.expiresAt.timeIntervalSince(existing.createdAt) - lifetime) > 1 {
      differences.append(
        difference("expiresInDays", String(days), String(Int((lifetime / 86400).rounded()))))
    }
    if existing.maxUses != maxUses {
      differences.append(
        difference(
          "maxUses", existing.maxUses.map(String.init) ?? "null",
          maxUses.map(String.init) ?? "null"))
    }
    guard differences.isEmpty else {
      throw ChecklistsError(
        .conflict,
        MessageText(
          "errors.id.otherContent",
          [
            "article": "An", "what": "invitation", "id": id.uuidString,
            "differences": differences.joined(separator: ", "),
          ]))
    }
    guard existing.revokedAt == nil else {
      throw ChecklistsError(
        .conflict,
        MessageText("errors.invite.invitationIdRevoked", ["id": id.uuidString]))
    }
    guard existing.uses == 0 else {
      throw ChecklistsError(
        .conflict,
        MessageText("errors.invite.invitationIdBeen", ["id": id.uuidString]))
    }
  }
}
