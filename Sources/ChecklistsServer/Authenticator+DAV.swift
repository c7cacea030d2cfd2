import ChecklistsCore
import ChecklistsMessages
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer

extension Authenticator {
  /// What a CalDAV client is asked for when it must sign in: HTTP Basic, in UTF-8 (RFC 7617).
  static let davChallenge = "Basic realm=\"Checklists\", charset=\"UTF-8\""

  /// A CalDAV request that must sign in (again): 401 with the Basic challenge, naming why.
  static func davSignInNeeded(_ detail: String) -> APIError {
    APIError(
      status: 401, detail: detail,
      headers: ["WWW-Authenticate": davChallenge, "Cache-Control": "no-store"])
  }

  /// Who a CalDAV request is: the single local user of a server without accounts; else HTTP
  /// Basic with the account's password or an API token as an app password, or
  /// `Authorization: Bearer` with an API token. A cookie never counts, so a web page cannot
  /// make a CalDAV change in the user's name and no anti-CSRF token is needed.
  ///
  /// Passwords are checked under the sign-in throttle (``checkingPassword(_:userName:_:)``);
  /// a password that passed is remembered for a short while, as long as the account's password
  /// hash stays the one it passed against (``BasicCredentialCache``).
  /// - Throws: ``APIError`` 401 with `WWW-Authenticate` for missing or wrong credentials, 429
  ///   while throttled, 403 for credentials over plain HTTP from another machine.
  func identifyDAV(_ request: HTTPRequest) throws -> Identity {
    guard try signInRequired() else {
      return Identity(user: try directory.localUser(), credential: .singleUser)
    }
    try checkDAVTransport(request)
    guard let authorization = request.headers["Authorization"] else {
      throw Self.davSignInNeeded(
        "Sign in with your user name and password, or your user name and a CalDAV app "
          + "password from the web app's \"Command line & tokens\" sheet.")
    }
    let parts = authorization.split(separator: " ", maxSplits: 1)
    let scheme = parts.first.map { $0.lowercased() } ?? ""
    let value = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    switch scheme {
    case "bearer":
      guard let user = try accounts.user(bearer: value) else {
        throw Self.davSignInNeeded("The bearer token is not a live API token of this server.")
      }
      return Identity(user: user, credential: .apiToken(value))
    case "basic":
      let (name, password) = try Self.basicCredentials(value)
      return try identify(userName: name, password: password, request)
    default:
      throw Self.davSignInNeeded(
        "Authorization '\(scheme)' is not understood here; use Basic (or Bearer with an API "
          + "token).")
    }
  }

  /// Refuses credentials sent in the clear across a network: CalDAV sends the password with
  /// every request. HTTPS (or an HTTPS proxy in front) and this machine's own clients pass.
  /// - Throws: ``APIError`` 403 saying how to serve HTTPS.
  func checkDAVTransport(_ request: HTTPRequest) throws {
    if secureCookies || isLoopback { return }
    if let address = request.remoteAddress, HostName.isLoopback(address) { return }
    throw APIError(
      status: 403,
      detail: MessageCatalogue.english.text("server.api.caldavSendsYour"))
  }

  /// The user name and password of a Basic `Authorization` value (RFC 7617): base64 of
  /// `name:password` in UTF-8.
  /// - Throws: ``APIError`` 401 when it is not that.
  static func basicCredentials(_ value: String) throws -> (name: String, password: String) {
    guard let data = Data(base64Encoded: value),
      let text = String(data: data, encoding: .utf8),
      let colon = text.firstIndex(of: ":")
    else {
      throw davSignInNeeded(
        "The Basic credentials are not base64 of 'name:password' in UTF-8.")
    }
    let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
    let password = String(text[text.index(after: colon)...])
    guard !name.isEmpty, !password.isEmpty else {
      throw davSignInNeeded("Sign in with both a user name and a password.")
    }
    return (name, password)
  }

  /// Checks a Basic user name with a password or an app password (an API token, which must
  /// be that user's), under the throttle. A password that passed lately against the hash the
  /// account has now is taken without running argon2id again (``BasicCredentialCache``); the
  /// account's row is read on every request, so a changed password or a deleted account ends
  /// it at once.
  private func identify(userName: String, password: String, _ request: HTTPRequest) throws
    -> Identity
  {
    do {
      if password.hasPrefix(AccountService.apiTokenPrefix) {
        let user = try checkingPassword(request, userName: userName) { () throws -> User in
          guard let user = try accounts.user(bearer: password),
            user.name == userName.lowercased()
          else { throw ChecklistsError(.unauthorized, AccountService.signInFailure) }
          return user
        }
        return Identity(user: user, credential: .apiToken(password))
      }
      let account = try accounts.account(named: userName)
      if let account,
        basicCredentials.passed(
          name: userName, password: password, account: account, at: directory.now())
      {
        return Identity(user: account.user, credential: .password)
      }
      let user = try checkingPassword(request, userName: userName) {
        try verifiedUser(account, password: password)
      }
      if let account {
        basicCredentials.remember(
          name: userName, password: password, account: account, at: directory.now())
      }
      return Identity(user: user, credential: .password)
    } catch let error as ChecklistsError where error.code == .unauthorized {
      throw Self.davSignInNeeded(error.description)
    }
  }

  /// The user of `account` when `password` is theirs, with the same work for an unknown name
  /// (no account) as for a wrong password (as ``AccountService`` signs in, but without
  /// opening a session).
  /// - Throws: `unauthorized` with ``AccountService/signInFailure``.
  private func verifiedUser(_ account: (user: User, passwordHash: String)?, password: String)
    throws -> User
  {
    guard let account else {
      _ = accounts.hasher.verify(password, against: basicCredentials.decoyHash(accounts.hasher))
      throw ChecklistsError(.unauthorized, AccountService.signInFailure)
    }
    guard accounts.hasher.verify(password, against: account.passwordHash) else {
      throw ChecklistsError(.unauthorized, AccountService.signInFailure)
    }
    return account.user
  }
}
