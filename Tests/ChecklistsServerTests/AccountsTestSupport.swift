import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsServer
import ChecklistsStore
import Foundation
import HTTPServer
import Testing

/// A test server with two accounts, alice and bob, and helpers to act as each.
struct Household {
  let server: TestServer
  let store: SQLChecklistStore
  let accounts: AccountService

  static let passwords = ["alice": "wonderland-42", "bob": "builder-1234"]

  /// Starts the server, with `commandRunner` for `POST /api/v1/cli` if given, its clock at
  /// `start`.
  init(
    commandRunner: RemoteCommandRunner? = nil, publicURLs: [PublicURL] = [],
    signUp: ChecklistsServer.SignUp = .invitation,
    start: Date = Date(timeIntervalSince1970: 1_800_000_000)
  ) async throws {
    server = try TestServer(
      start: start, commandRunner: commandRunner, publicURLs: publicURLs, signUp: signUp)
    store = try SQLChecklistStore(sqlitePath: server.databasePath)
    accounts = AccountService(
      store: store, hasher: PasswordHasher(strength: .minimum), now: server.clock.now)
    for (name, password) in Self.passwords.sorted(by: { $0.key < $1.key }) {
      try accounts.addUser(named: name, password: password)
    }
    // The server reads whether accounts exist at most once a second of its clock.
    server.clock.advance(by: 2)
  }

  /// This site's origin, as its pages send it.
  var origin: String { server.origin }

  /// A signed-in browser: its cookie and anti-CSRF token.
  struct Browser {
    var cookie: String
    var csrfToken: String
    var origin: String
    /// The headers a page of this site sends with a change.
    var writeHeaders: [String: String] {
      ["Cookie": cookie, "X-CSRF-Token": csrfToken, "Origin": origin]
    }
    var readHeaders: [String: String] { ["Cookie": cookie] }
  }

  /// Signs in through the API as a browser would.
  func signIn(_ name: String) async throws -> Browser {
    let response = try await server.request(
      "POST", "/api/v1/session", json: ["user": name, "password": Self.passwords[name]!],
      headers: ["Origin": origin])
    #expect(response.status == 200, "\(response.text)")
    let setCookie = try #require(response.header("Set-Cookie"))
    let pair = try #require(setCookie.split(separator: ";").first)
    let csrf = try #require(try response.json()["csrfToken"] as? String)
    return Browser(cookie: String(pair), csrfToken: csrf, origin: origin)
  }

  /// A user's services, straight on the store, to set up what a test needs.
  func lists(_ name: String) throws -> ChecklistService {
    ChecklistService(store: store, owner: try accounts.existingUser(name), now: server.clock.now)
  }

  func shopping(_ name: String) throws -> ShoppingService {
    try ShoppingService.open(
      store: store, owner: try accounts.existingUser(name), currency: .euro, now: server.clock.now)
  }

  func sharing(_ name: String) throws -> SharingService {
    SharingService(store: store, user: try accounts.existingUser(name), now: server.clock.now)
  }
}
