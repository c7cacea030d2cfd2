import ChecklistsCore
import ChecklistsMessages
import ChecklistsSecurity
import Foundation
import Synchronization

/// Accounts, sign-in and API tokens, with the rules applied once: names, password quality,
/// argon2id hashes, sessions that expire, tokens stored only as digests.
///
/// Messages about signing in never say whether the user exists, and a sign-in for an unknown
/// user does the same hashing work as one for a known user, so timing does not say it either.
public struct AccountService: Sendable {
  /// Where accounts are kept.
  public let store: any AccountStore
  /// How passwords are hashed.
  public let hasher: PasswordHasher
  /// The clock, so tests can move time.
  public let now: @Sendable () -> Date

  /// Creates the service.
  public init(
    store: any AccountStore, hasher: PasswordHasher = PasswordHasher(),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.hasher = hasher
    self.now = now
  }

  /// The one message for every failed sign-in.
  public static var signInFailure: String {
    MessageCatalogue.english.text("errors.account.signInFailure")
  }

  // MARK: - Users

  /// The users with accounts (not the passwordless local user), by name.
  public func users() throws -> [User] {
    try store.readAccounts { tx in
      try tx.users().filter { try tx.passwordHash(userID: $0.id) != nil }
    }.sorted { $0.name < $1.name }
  }

  /// Whether any account exists: then the server asks everyone to sign in.
  public func hasAccounts() throws -> Bool {
    try !users().isEmpty
  }

  /// Adds an account.
  ///
  /// The first account takes over what the single local user made before accounts existed:
  /// its lists and shopping become the new account's.
  /// - Returns: The user, and whether it took over the local user's data.
  /// - Throws: `invalidInput` for a bad name or password, `conflict` when the name is taken.
  @discardableResult
  public func addUser(named rawName: String, password: String) throws -> (
    user: User, tookOverLocalData: Bool
  ) {
    let name = try User.validatedName(rawName)
    try PasswordRules.validate(password, userName: name)
    let hash = try hashed(password)
    return try store.writeAccounts { tx in
      if try tx.user(named: name) != nil {
        throw ChecklistsError(
          .conflict, MessageText("errors.account.alreadyUserCalled", ["name": name]))
      }
      let everyone = try tx.users()
      let accounts = try everyone.filter { try tx.passwordHash(userID: $0.id) != nil }
      if accounts.isEmpty, let local = everyone.first(where: { $0.name == User.localName }) {
        try tx.renameUser(id: local.id, to: name)
        try tx.setPasswordHash(hash, userID: local.id)
        return (User(id: local.id, name: name, createdAt: local.createdAt), true)
      }
      let user = User(name: name, createdAt: now())
      try tx.insertUser(user, passwordHash: hash)
      return (user, false)
    }
  }

  /// Sets a user's password and signs out every session of theirs.
  /// - Throws: `notFound` for an unknown user, `invalidInput` for a bad password.
  public func setPassword(userName: String, password: String) throws {
    let user = try existingUser(userName)
    try PasswordRules.validate(password, userName: user.name)
    let hash = try hashed(password)
    try store.writeAccounts { tx in
      try tx.setPasswordHash(hash, userID: user.id)
      try tx.deleteSessions(userID: user.id, except: nil)
    }
  }

  /// Deletes a user and everything they own.
  /// - Returns: The user as it was.
  @discardableResult
  public func deleteUser(named name: String) throws -> User {
    let user = try existingUser(name)
    try store.writeAccounts { tx in try tx.deleteUser(id: user.id) }
    return user
  }

  /// The account with this name.
  /// - Throws: `notFound`.
  public func existingUser(_ rawName: String) throws -> User {
    let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
    let user = try store.readAccounts { tx -> User? in
      guard let user = try tx.user(named: name), try tx.passwordHash(userID: user.id) != nil
      else { return nil }
      return user
    }
    guard let user else {
      let names = try users().map(\.name)
      throw ChecklistsError.notFound("user", named: rawName, candidates: names)
    }
    return user
  }

  // MARK: - Sessions

  /// Signs in: checks the password and opens a session.
  /// - Returns: The user, the token for the cookie (shown once, stored only as its digest) and
  ///   the session.
  /// - Throws: `unauthorized` with ``signInFailure`` for an unknown user or a wrong password.
  public func signIn(userName: String, password: String) throws -> (User, SecretToken, Session) {
    let (user, upgraded) = try verify(userName: userName, password: password)
    let token = SecretToken.generate()
    let date = now()
    let session = Session(
      userID: user.id, tokenDigest: token.digest, csrfToken: SecretToken.generate().value,
      createdAt: date, lastSeenAt: date)
    try store.writeAccounts { tx in
      try tx.deleteExpiredSessions(at: date)
      if let upgraded { try tx.setPasswordHash(upgraded, userID: user.id) }
      try tx.insertSession(session)
    }
    return (user, token, session)
  }

  /// Checks a password, spending the same work on an unknown name as on a wrong password.
  /// - Returns: The user, and a new hash when the stored one has weaker settings than the
  ///   hasher's (the caller stores it in its write).
  private func verify(userName: String, password: String) throws -> (User, upgraded: String?) {
    guard let (user, hash) = try account(named: userName) else {
      // The same work as a real check, so an unknown name takes as long as a wrong password.
      _ = hasher.verify(password, against: Self.decoyHash(hasher))
      throw ChecklistsError(.unauthorized, MessageText("errors.account.signInFailure"))
    }
    guard hasher.verify(password, against: hash) else {
      throw ChecklistsError(.unauthorized, MessageText("errors.account.signInFailure"))
    }
    return (user, hasher.needsRehash(hash) ? try hashed(password) : nil)
  }

  /// The account a sign-in names (as typed: spaces around it and case do not matter) and its
  /// password hash, in one read; nil for an unknown name and for the passwordless local user.
  /// What a password someone gave is checked against, and what a password checked lately must
  /// still match to be taken again without checking.
  public func account(named userName: String) throws -> (user: User, passwordHash: String)? {
    let name = userName.trimmingCharacters(in: .whitespaces).lowercased()
    return try store.readAccounts { tx in try tx.account(named: name) }
  }

  /// The user and session a cookie's token stands for, if it is live. Records the use (at most
  /// once a minute, so reads stay reads) and ends an expired session.
  public func session(token: String) throws -> (User, Session)? {
    let digest = SecretToken(value: token).digest
    let date = now()
    guard
      let (user, session) = try store.readAccounts({ tx -> (User, Session)? in
        guard let session = try tx.session(tokenDigest: digest),
          let user = try tx.user(id: session.userID)
        else { return nil }
        return (user, session)
      })
    else { return nil }
    if session.hasExpired(at: date) {
      try store.writeAccounts { tx in try tx.deleteSession(tokenDigest: digest) }
      return nil
    }
    var live = session
    if date.timeIntervalSince(session.lastSeenAt) >= 60 {
      try store.writeAccounts { tx in try tx.touchSession(tokenDigest: digest, at: date) }
      live.lastSeenAt = date
    }
    return (user, live)
  }

  /// Signs out: ends the session of this token.
  public func signOut(token: String) throws {
    let digest = SecretToken(value: token).digest
    try store.writeAccounts { tx in try tx.deleteSession(tokenDigest: digest) }
  }

  // MARK: - API tokens

  /// The prefix of API tokens, so a leaked one is recognisable.
  public static let apiTokenPrefix = "ckl_"

  /// Creates an API token for scripts.
  /// - Returns: The token's record and the token itself, which is shown only now.
  /// - Throws: `notFound` for an unknown user, `invalidInput` for a bad name, `conflict` when
  ///   the user already has a token of that name.
  public func createAPIToken(userName: String, name rawName: String) throws -> (
    APIToken, SecretToken
  ) {
    let user = try existingUser(userName)
    let name = try TextRules.validated(
      rawName, field: MessageCatalogue.english.text("errors.field.tokenName"),
      maximumLength: TextRules.maximumListNameLength)
    let secret = SecretToken.generate(prefix: Self.apiTokenPrefix)
    let token = APIToken(
      userID: user.id, name: name, tokenDigest: secret.digest, createdAt: now())
    try store.writeAccounts { tx in
      if try tx.apiTokens(userID: user.id).contains(where: {
        $0.name.lowercased() == name.lowercased()
      }) {
        throw ChecklistsError(
          .conflict,
          MessageText("errors.account.alreadyTokenCalled", ["userName": user.name, "name": name]))
      }
      try tx.insertAPIToken(token)
    }
    return (token, secret)
  }

  /// Creates an API token for someone who gives their password: how `checklists login`
  /// signs a command line in. A name already taken gets a number: "laptop (2)".
  /// - Throws: `unauthorized` with ``signInFailure`` for an unknown user or a wrong password,
  ///   `invalidInput` for a bad token name.
  public func createAPIToken(
    signingInAs userName: String, password: String, name rawName: String
  ) throws -> (User, APIToken, SecretToken) {
    let (user, upgraded) = try verify(userName: userName, password: password)
    let name = try TextRules.validated(
      rawName, field: MessageCatalogue.english.text("errors.field.tokenName"),
      maximumLength: TextRules.maximumListNameLength - 6)
    let secret = SecretToken.generate(prefix: Self.apiTokenPrefix)
    let token = try store.writeAccounts { tx in
      if let upgraded { try tx.setPasswordHash(upgraded, userID: user.id) }
      let taken = Set(try tx.apiTokens(userID: user.id).map { $0.name.lowercased() })
      var (free, number) = (name, 2)
      while taken.contains(free.lowercased()) {
        (free, number) = ("\(name) (\(number))", number + 1)
      }
      let token = APIToken(
        userID: user.id, name: free, tokenDigest: secret.digest, createdAt: now())
      try tx.insertAPIToken(token)
      return token
    }
    return (user, token, secret)
  }

  /// A user's API tokens, oldest first.
  public func apiTokens(userName: String) throws -> [APIToken] {
    try apiTokens(userID: existingUser(userName).id)
  }

  /// Revokes a user's API token, named by its id, its name (ignoring case), its number in
  /// `checklists token list` or the start of a name only one token has.
  /// - Returns: The revoked token.
  @discardableResult
  public func revokeAPIToken(userName: String, token reference: String) throws -> APIToken {
    let tokens = try apiTokens(userName: userName)
    let token =
      try tokens.first { $0.id.uuidString == reference.uppercased() }
      ?? NameLookup.resolve(
        reference, in: tokens, name: \.name, what: "token", noun: "tokens",
        numbersFrom: "checklists token list",
        noNumber: { "There is no token number \($0); there are \(tokens.count)." })
    try store.writeAccounts { tx in try tx.deleteAPIToken(id: token.id) }
    return token
  }

  /// A user's API tokens, oldest first; none for the passwordless local user.
  public func apiTokens(userID: UUID) throws -> [APIToken] {
    try store.readAccounts { tx in try tx.apiTokens(userID: userID) }
  }

  /// Revokes one of a user's API tokens by its id.
  /// - Returns: The revoked token.
  /// - Throws: `notFound` when the user has no token with that id: another user's token is
  ///   as unknown as one that never existed.
  @discardableResult
  public func revokeAPIToken(id: UUID, userID: UUID) throws -> APIToken {
    try store.writeAccounts { tx in
      guard let token = try tx.apiTokens(userID: userID).first(where: { $0.id == id }) else {
        throw ChecklistsError(
          .notFound, MessageText("errors.account.noToken", ["id": id.uuidString]))
      }
      try tx.deleteAPIToken(id: token.id)
      return token
    }
  }

  /// Revokes the API token a request came with: how `checklists logout` signs out.
  /// - Returns: The revoked token, or nil when it was not a live token.
  @discardableResult
  public func revokeAPIToken(bearer: String) throws -> APIToken? {
    let digest = SecretToken(value: bearer).digest
    return try store.writeAccounts { tx in
      guard let token = try tx.apiToken(tokenDigest: digest) else { return nil }
      try tx.deleteAPIToken(id: token.id)
      return token
    }
  }

  /// The user a bearer token stands for, recording its use (at most once a minute).
  public func user(bearer: String) throws -> User? {
    guard bearer.hasPrefix(Self.apiTokenPrefix) else { return nil }
    let digest = SecretToken(value: bearer).digest
    guard
      let (user, token) = try store.readAccounts({ tx -> (User, APIToken)? in
        guard let token = try tx.apiToken(tokenDigest: digest),
          let user = try tx.user(id: token.userID)
        else { return nil }
        return (user, token)
      })
    else { return nil }
    let date = now()
    if token.lastUsedAt.map({ date.timeIntervalSince($0) >= 60 }) ?? true {
      try store.writeAccounts { tx in try tx.touchAPIToken(id: token.id, at: date) }
    }
    return user
  }

  // MARK: - Hashing

  private func hashed(_ password: String) throws -> String {
    do {
      return try hasher.hash(password)
    } catch {
      throw ChecklistsError(.storage, "\(error)")
    }
  }

  /// A hash of a random password with the hasher's settings, to spend the same time on
  /// unknown names as on known ones.
  private static func decoyHash(_ hasher: PasswordHasher) -> String {
    DecoyHashes.shared.hash(for: hasher)
  }
}

/// One decoy hash per hasher strength, made once.
private final class DecoyHashes: Sendable {
  static let shared = DecoyHashes()
  private let hashes = Mutex<[PasswordHasher.Strength: String]>([:])

  func hash(for hasher: PasswordHasher) -> String {
    if let hash = hashes.withLock({ $0[hasher.strength] }) { return hash }
    let hash = (try? hasher.hash(SecretToken.generate().value)) ?? ""
    hashes.withLock { $0[hasher.strength] = hash }
    return hash
  }
}
