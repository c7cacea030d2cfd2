import ChecklistsCore
import ChecklistsMessages
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization

/// Who is asking: the single local user of a server without accounts, a browser with a
/// session cookie, or a script with an API token.
struct Identity: Sendable {
  /// How the request proved who it is.
  enum Credential: Sendable {
    /// No accounts and a loopback address: everyone is the one local user.
    case singleUser
    /// A browser's session cookie; writes must also send its anti-CSRF token.
    case session(Session, token: String)
    /// `Authorization: Bearer` with an API token, or the token as the password of HTTP Basic
    /// (a CalDAV app password).
    case apiToken(String)
    /// HTTP Basic with the account's password (CalDAV).
    case password
  }

  let user: User
  let credential: Credential
}

/// Decides who a request is, and whether a write may go ahead (CSRF).
///
/// A server without accounts on a loopback address needs no sign-in. Once any account exists,
/// or on any other address, every API request needs a session cookie or an API token.
final class Authenticator: Sendable {
  /// The session cookie's name.
  static let cookieName = "checklists_session"
  /// The header that carries a session's anti-CSRF token on writes.
  static let csrfHeader = "X-CSRF-Token"

  let accounts: AccountService
  let directory: UserDirectory
  /// Slows down password guessing; its counts are in the database, so every instance on it
  /// counts a guesser together.
  let throttle: SignInThrottle
  /// Whether the server listens on a loopback address only.
  let isLoopback: Bool
  /// Whether cookies get `Secure` (the server speaks TLS, or sits behind a TLS proxy).
  let secureCookies: Bool
  /// Whether requests come through a reverse proxy, whose `X-Forwarded-For` names the client.
  let behindProxy: Bool
  /// The origins whose pages may make changes.
  let origins: ServerOrigins
  /// Whether accounts exist, read at most once a second (users are added by the CLI).
  private let accountsCache = Mutex<(Bool, Date)?>(nil)
  /// Basic credentials checked lately (``BasicCredentialCache``): CalDAV clients send the
  /// password with every request, and argon2id is meant to be slow.
  let basicCredentials = BasicCredentialCache()

  init(
    accounts: AccountService, directory: UserDirectory, isLoopback: Bool, secureCookies: Bool,
    behindProxy: Bool = false, origins: ServerOrigins
  ) {
    self.throttle = SignInThrottle(ledger: directory.store)
    self.origins = origins
    self.accounts = accounts
    self.directory = directory
    self.isLoopback = isLoopback
    self.secureCookies = secureCookies
    self.behindProxy = behindProxy
  }

  /// The client's address, for throttling: behind a proxy, the address the proxy added last
  /// to `X-Forwarded-For` (earlier ones are the client's to forge); else the peer's.
  func clientAddress(_ request: HTTPRequest) -> String {
    if behindProxy, let forwarded = request.headers["X-Forwarded-For"],
      let last = forwarded.split(separator: ",").last
    {
      return last.trimmingCharacters(in: .whitespaces)
    }
    return request.remoteAddress ?? "unknown"
  }

  /// Whether sign-in is needed: accounts exist, or the server is reachable beyond this machine.
  func signInRequired() throws -> Bool {
    try hasAccounts() || !isLoopback
  }

  /// Whether any account exists.
  func hasAccounts() throws -> Bool {
    let now = directory.now()
    if let (known, at) = accountsCache.withLock({ $0 }), abs(now.timeIntervalSince(at)) < 1 {
      return known
    }
    let known = try directory.store.hasAccounts()
    accountsCache.withLock { $0 = (known, now) }
    return known
  }

  /// Who the request is, or nil when it must sign in first.
  func identify(_ request: HTTPRequest) throws -> Identity? {
    guard try signInRequired() else {
      return Identity(user: try directory.localUser(), credential: .singleUser)
    }
    if let authorization = request.headers["Authorization"] {
      let parts = authorization.split(separator: " ", maxSplits: 1)
      let bearer = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
      guard parts.count == 2, parts[0].lowercased() == "bearer",
        let user = try accounts.user(bearer: bearer)
      else { return nil }
      return Identity(user: user, credential: .apiToken(bearer))
    }
    guard let token = Self.cookie(Self.cookieName, in: request),
      let (user, session) = try accounts.session(token: token)
    else { return nil }
    return Identity(user: user, credential: .session(session, token: token))
  }

  /// Refuses a cross-site write made with the session cookie: it must carry the session's
  /// anti-CSRF token. API tokens are not sent by browsers on their own, so scripts using them
  /// need none. (The `Origin` of every write, whoever makes it, is checked once before this, by
  /// ``APIGateway``.)
  /// - Throws: ``APIError`` 403 naming what is missing.
  func checkWrite(_ request: HTTPRequest, identity: Identity?) throws {
    guard !["GET", "HEAD", "OPTIONS"].contains(request.method) else { return }
    if case .session(let session, _) = identity?.credential {
      let sent = request.headers[Self.csrfHeader] ?? ""
      guard !sent.isEmpty, Self.constantTimeEquals(sent, session.csrfToken) else {
        throw APIError(
          status: 403,
          detail:
            MessageCatalogue.english.text(
              "server.api.changeMissingHeader", ["csrfHeader": "\(Self.csrfHeader)"]))
      }
    }
  }

  /// Refuses a request whose `Origin` (or `Referer`) is not one of this server's own origins
  /// (``ServerOrigins``); ``APIGateway`` asks it for every route that changes anything. A request with neither comes from no web page, so there is no site
  /// to forge it.
  /// - Throws: ``APIError`` 403 naming the origin it refused.
  func checkSameOrigin(_ request: HTTPRequest) throws {
    // A browser sends one of each; a second might be the one something else in front reads.
    for name in ["Origin", "Referer"] where request.headers.values(for: name).count > 1 {
      throw APIError(
        status: 403,
        detail: MessageCatalogue.english.text("server.api.requestMoreThan", ["name": "\(name)"]))
    }
    guard let source = request.headers["Origin"] ?? request.headers["Referer"] else { return }
    guard !origins.isOwn(source) else { return }
    throw APIError(
      status: 403,
      detail: MessageCatalogue.english.text("server.api.changesMustCome", ["source": "\(source)"]))
  }

  // MARK: - Cookies

  /// The `Set-Cookie` value that stores a session in the browser.
  func sessionCookie(_ token: String) -> String {
    let maxAge = Int(Session.absoluteLifetime)
    return "\(Self.cookieName)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax"
      + (secureCookies ? "; Secure" : "")
  }

  /// The `Set-Cookie` value that removes it.
  func expiredCookie() -> String {
    "\(Self.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
      + (secureCookies ? "; Secure" : "")
  }

  /// A cookie's value from the `Cookie` header.
  static func cookie(_ name: String, in request: HTTPRequest) -> String? {
    guard let header = request.headers["Cookie"] else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// Compares two secrets in time that depends only on their lengths.
  static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
