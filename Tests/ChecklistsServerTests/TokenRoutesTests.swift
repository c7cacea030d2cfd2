import ChecklistsCore
import ChecklistsInterop
import ChecklistsServer
import ChecklistsStore
import Foundation
import Synchronization
import Testing

@Suite("Signing a command line in and out (/api/v1/tokens), and POST /api/v1/cli, on a real server")
struct TokenRoutesTests {
  /// Asks for a token with a name and password, as `checklists login` does.
  static func createToken(
    _ home: Household, user: String, password: String? = nil, name: String? = nil
  ) async throws -> TestServer.Response {
    var body = [
      "user": user, "password": password ?? Household.passwords[user.lowercased()] ?? "?",
    ]
    if let name { body["name"] = name }
    return try await home.server.request("POST", "/api/v1/tokens", json: body)
  }

  /// A token for `user`, through the API.
  static func token(_ home: Household, _ user: String, name: String? = nil) async throws -> String {
    let response = try await createToken(home, user: user, name: name)
    #expect(response.status == 201, "\(response.text)")
    return try #require(try response.json()["token"] as? String)
  }

  static func bearer(_ token: String) -> [String: String] {
    ["Authorization": "Bearer \(token)"]
  }

  /// The names of the checklists a request sees.
  static func listNames(_ home: Household, headers: [String: String]) async throws -> [String]? {
    let response = try await home.server.get("/api/v1/checklists", headers: headers)
    guard response.status == 200 else { return nil }
    return (try response.json()["checklists"] as? [[String: Any]])?.compactMap {
      $0["name"] as? String
    }
  }

  // MARK: - /api/v1/tokens

  @Test("A token from POST /api/v1/tokens works as Bearer, and is its user's")
  func createdTokenWorks() async throws {
    let home = try await Household()
    try home.lists("alice").createList(named: "Alice's list")
    try home.lists("bob").createList(named: "Bob's list")
    let response = try await Self.createToken(home, user: "Bob", name: "laptop")
    #expect(response.status == 201)
    #expect(response.header("Cache-Control") == "no-store")
    #expect(response.header("Set-Cookie") == nil)
    let body = try response.json()
    #expect(body["user"] as? String == "bob")
    #expect(body["name"] as? String == "laptop")
    let token = try #require(body["token"] as? String)
    #expect(token.hasPrefix(AccountService.apiTokenPrefix))
    let stored = try home.accounts.apiTokens(userName: "bob")
    #expect(stored.map(\.name) == ["laptop"])
    #expect(stored.map(\.id.uuidString) == [body["id"] as? String])
    #expect(try home.accounts.apiTokens(userName: "alice").isEmpty)

    let names = try await Self.listNames(home, headers: Self.bearer(token))
    #expect(names == ["Bob's list"])
    let session = try await home.server.get("/api/v1/session", headers: Self.bearer(token))
    #expect(try session.json()["user"] as? String == "bob")
  }

  @Test("A wrong password and an unknown user get the same 401 and no token")
  func failures() async throws {
    let home = try await Household()
    var answers: [String] = []
    for (user, password) in [("alice", "wrong-password"), ("mallory", "wonderland-42")] {
      let response = try await Self.createToken(home, user: user, password: password)
      #expect(response.status == 401)
      let body = try response.json()
      #expect(body["token"] == nil)
      answers.append(body["detail"] as? String ?? "")
    }
    #expect(answers[0] == answers[1])
    #expect(answers[0] == AccountService.signInFailure)
    #expect(try home.accounts.apiTokens(userName: "alice").isEmpty)
    let missing = try await home.server.request(
      "POST", "/api/v1/tokens", json: ["user": "alice"])
    #expect(missing.status == 422)
    #expect(missing.text.contains("'password'"))
  }

  @Test("Guessing passwords for a token is slowed down like signing in, and by the same count")
  func bruteForce() async throws {
    let home = try await Household()
    var statuses: [Int] = []
    for attempt in 1...8 {
      let response = try await Self.createToken(home, user: "alice", password: "guess-\(attempt)")
      statuses.append(response.status)
      if response.status == 429 {
        #expect(response.header("Retry-After") == "1")
        #expect(response.text.contains("Too many sign-in attempts; try again in 1 second."))
        #expect(try response.json()["token"] == nil)
      }
    }
    // Five free failures, the sixth sets a 1 s wait that the (stopped) clock never ends.
    #expect(statuses == [401, 401, 401, 401, 401, 401, 429, 429])
    // The right password waits too, here and when signing in a browser: one throttle.
    #expect(try await Self.createToken(home, user: "alice").status == 429)
    let browser = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "alice", "password": "wonderland-42"],
      headers: ["Origin": home.origin])
    #expect(browser.status == 429)
    #expect(try home.accounts.apiTokens(userName: "alice").isEmpty)
    // Once the wait is over it gets in; bob was never slowed down.
    home.server.clock.advance(by: 2)
    #expect(try await Self.createToken(home, user: "alice").status == 201)
    #expect(try await Self.createToken(home, user: "bob").status == 201)
  }

  @Test("A token name the user already has gets a number; the default name is 'checklists'")
  func numberedNames() async throws {
    let home = try await Household()
    var names: [String] = []
    for _ in 1...3 {
      let response = try await Self.createToken(home, user: "bob", name: "Laptop")
      #expect(response.status == 201)
      names.append(try response.json()["name"] as? String ?? "")
    }
    #expect(names == ["Laptop", "Laptop (2)", "Laptop (3)"])
    // Names ignore case, and are per user.
    let shouted = try await Self.createToken(home, user: "bob", name: "LAPTOP")
    #expect(try shouted.json()["name"] as? String == "LAPTOP (4)")
    let alices = try await Self.createToken(home, user: "alice", name: "laptop")
    #expect(try alices.json()["name"] as? String == "laptop")
    let unnamed = try await Self.createToken(home, user: "bob")
    #expect(try unnamed.json()["name"] as? String == "checklists")
    #expect(
      try home.accounts.apiTokens(userName: "bob").map(\.name) == [
        "Laptop", "Laptop (2)", "Laptop (3)", "LAPTOP (4)", "checklists",
      ])
  }

  @Test("DELETE /api/v1/tokens/current revokes exactly the token it is sent with")
  func revokeCurrent() async throws {
    let home = try await Household()
    let laptop = try await Self.token(home, "bob", name: "laptop")
    let phone = try await Self.token(home, "bob", name: "phone")
    let revoked = try await home.server.request(
      "DELETE", "/api/v1/tokens/current", headers: Self.bearer(laptop))
    #expect(revoked.status == 204)
    #expect(revoked.body.isEmpty)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: Self.bearer(laptop)).status == 401)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: Self.bearer(phone)).status == 200)
    #expect(try home.accounts.apiTokens(userName: "bob").map(\.name) == ["phone"])
    // The revoked token no longer proves anyone, nor does no token at all.
    let again = try await home.server.request(
      "DELETE", "/api/v1/tokens/current", headers: Self.bearer(laptop))
    #expect(again.status == 401)
    let anonymous = try await home.server.request("DELETE", "/api/v1/tokens/current")
    #expect(anonymous.status == 401)
    #expect(anonymous.header("WWW-Authenticate") == "Bearer realm=\"Checklists\"")
    #expect(try home.accounts.apiTokens(userName: "bob").map(\.name) == ["phone"])
  }

  @Test("DELETE /api/v1/tokens/current with a session cookie is 422, and the session goes on")
  func revokeWithCookie() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let response = try await home.server.request(
      "DELETE", "/api/v1/tokens/current", headers: alice.writeHeaders)
    #expect(response.status == 422)
    #expect(response.header("Content-Type") == "application/problem+json")
    #expect(response.text.contains("Authorization: Bearer"))
    let session = try await home.server.get("/api/v1/session", headers: alice.readHeaders)
    #expect(session.status == 200)
    #expect(try session.json()["user"] as? String == "alice")
  }

  @Test(
    "GET /api/v1/tokens lists the user's own tokens, never their values, marking the one in use")
  func listTokens() async throws {
    let home = try await Household()
    let laptop = try await Self.token(home, "alice", name: "laptop")
    _ = try await Self.token(home, "alice", name: "backup script")
    let bobs = try await Self.token(home, "bob", name: "bob's phone")

    let response = try await home.server.get("/api/v1/tokens", headers: Self.bearer(laptop))
    #expect(response.status == 200)
    #expect(response.header("Cache-Control") == "no-store")
    let tokens = try #require(try response.json()["tokens"] as? [[String: Any]])
    #expect(tokens.map { $0["name"] as? String } == ["laptop", "backup script"])
    #expect(tokens.map { $0["current"] as? Bool } == [true, false])
    #expect(tokens.allSatisfy { ($0["createdAt"] as? String)?.hasSuffix("Z") == true })
    #expect(!response.text.contains("ckl_"))
    #expect(!response.text.contains("bob's phone"))

    let alice = try await home.signIn("alice")
    let fromBrowser = try await home.server.get("/api/v1/tokens", headers: alice.readHeaders)
    let seen = try #require(try fromBrowser.json()["tokens"] as? [[String: Any]])
    #expect(seen.map { $0["current"] as? Bool } == [false, false])
    let bobsOwn = try await home.server.get("/api/v1/tokens", headers: Self.bearer(bobs))
    #expect(!bobsOwn.text.contains("laptop"))
    #expect(try await home.server.get("/api/v1/tokens").status == 401)
  }

  @Test("DELETE /api/v1/tokens/{id} revokes one's own token; another's is 404 and keeps working")
  func revokeByID() async throws {
    let home = try await Household()
    let laptop = try await Self.token(home, "alice", name: "lost laptop")
    let bobs = try await Self.token(home, "bob", name: "phone")
    let laptopID = try #require(try home.accounts.apiTokens(userName: "alice").first?.id)
    let bobsID = try #require(try home.accounts.apiTokens(userName: "bob").first?.id)
    let alice = try await home.signIn("alice")

    let notMine = try await home.server.request(
      "DELETE", "/api/v1/tokens/\(bobsID.uuidString)", headers: alice.writeHeaders)
    #expect(notMine.status == 404)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: Self.bearer(bobs)).status == 200)

    let forged = try await home.server.request(
      "DELETE", "/api/v1/tokens/\(laptopID.uuidString)", headers: alice.readHeaders)
    #expect(forged.status == 403)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: Self.bearer(laptop)).status == 200)

    let revoked = try await home.server.request(
      "DELETE", "/api/v1/tokens/\(laptopID.uuidString)", headers: alice.writeHeaders)
    #expect(revoked.status == 204)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: Self.bearer(laptop)).status == 401)
    let again = try await home.server.request(
      "DELETE", "/api/v1/tokens/\(laptopID.uuidString)", headers: alice.writeHeaders)
    #expect(again.status == 404)
    let garbage = try await home.server.request(
      "DELETE", "/api/v1/tokens/not-an-id", headers: alice.writeHeaders)
    #expect(garbage.status == 404)
    #expect(try home.accounts.apiTokens(userName: "bob").map(\.name) == ["phone"])
  }

  @Test("A server without accounts has nothing to sign in to: 409")
  func noAccounts() async throws {
    let server = try TestServer()
    let response = try await server.request(
      "POST", "/api/v1/tokens", json: ["user": "alice", "password": "wonderland-42"])
    #expect(response.status == 409)
    #expect(response.text.contains("no accounts"))
    #expect(try response.json()["token"] == nil)
  }

  // MARK: - /api/v1/cli

  @Test("POST /api/v1/cli on a server that runs no command lines is a 404 problem")
  func noRunner() async throws {
    let home = try await Household()
    let token = try await Self.token(home, "bob")
    let response = try await home.server.request(
      "POST", "/api/v1/cli", json: ["arguments": ["lists"]], headers: Self.bearer(token))
    #expect(response.status == 404)
    #expect(response.header("Content-Type") == "application/problem+json")
    #expect(try response.json()["detail"] as? String == "This server does not run command lines.")
    // It is behind the door like every other route.
    let anonymous = try await home.server.request(
      "POST", "/api/v1/cli", json: ["arguments": ["lists"]])
    #expect(anonymous.status == 401)
  }

  @Test(
    "The route hands the runner the user's services and the decoded command (a recording runner)"
  )
  func handsCommandToRunner() async throws {
    let calls = RunnerCalls()
    let home = try await Household(commandRunner: calls.runner)
    try home.lists("alice").createList(named: "Alice's list")
    try home.lists("bob").createList(named: "Bob's list")
    let token = try await Self.token(home, "bob")
    // Any bytes travel, not only text.
    let backup = Data(#"{"checklists": []}"#.utf8) + Data([0x00, 0xFF, 0x0A])
    let question = "Delete the list 'Groceries' and its 1 item?"
    let body: [String: Any] = [
      "arguments": ["import", "backup.json"],
      "files": ["backup.json": backup.base64EncodedString()],
      "answers": [question: true],
      "timeZone": "Europe/Berlin", "locale": "de_DE", "outputIsTerminal": true,
    ]
    let response = try await home.server.request(
      "POST", "/api/v1/cli", json: body, headers: Self.bearer(token))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.header("Cache-Control") == "no-store")
    let sent = RemoteCommand(
      arguments: ["import", "backup.json"], files: ["backup.json": backup],
      answers: [question: true], timeZone: "Europe/Berlin", locale: "de_DE",
      outputIsTerminal: true)
    #expect(calls.all == [RunnerCalls.Call(command: sent, user: "bob", lists: ["Bob's list"])])
    let result = try JSONDecoder().decode(RemoteCommandResult.self, from: response.body)
    #expect(
      result
        == RemoteCommandResult(
          exitCode: 0, standardOutput: Data("bob\n".utf8),
          standardError: Data("1 list\n".utf8), files: ["backup.json": backup]))

    // Only 'arguments' is required; what is left out has its default. Alice gets hers.
    let alice = try await Self.token(home, "alice")
    let short = try await home.server.request(
      "POST", "/api/v1/cli", json: ["arguments": ["lists"]], headers: Self.bearer(alice))
    #expect(short.status == 200)
    #expect(
      calls.all.last
        == RunnerCalls.Call(
          command: RemoteCommand(arguments: ["lists"]), user: "alice",
          lists: ["Alice's list", "List"]))
    let asked = try JSONDecoder().decode(RemoteCommandResult.self, from: short.body)
    #expect(asked.question == "Go on?")
  }

  @Test(
    "A body that is not a command is 422 naming the field, and reaches no runner",
    arguments: [
      (#"{"files": {}}"#, "'arguments' is missing"),
      (#"{"arguments": "lists"}"#, "'arguments' has the wrong type"),
      (#"{"arguments": ["import", "a.csv"], "files": {"a.csv": "not base64!"}}"#, "'files.a.csv'"),
      (#"{"arguments": ["lists"], "answers": {"Delete?": "yes"}}"#, "'answers.Delete?'"),
      (#"{"arguments": ["lists"], "db": "/etc/passwd"}"#, "Unknown field 'db'"),
      (#"["lists"]"#, "must be a JSON object"),
    ])
  func malformed(body: String, problem: String) async throws {
    let calls = RunnerCalls()
    let home = try await Household(commandRunner: calls.runner)
    let token = try await Self.token(home, "bob")
    var headers = Self.bearer(token)
    headers["Content-Type"] = "application/json"
    let response = try await home.server.request(
      "POST", "/api/v1/cli", body: Data(body.utf8), headers: headers)
    #expect(response.status == 422)
    #expect(response.header("Content-Type") == "application/problem+json")
    let detail = try response.json()["detail"] as? String ?? ""
    #expect(detail.contains(problem), "\(detail)")
    #expect(calls.all.isEmpty)
  }

  @Test("A body that is not JSON is 400, one sent as something else 415, and reach no runner")
  func notJSON() async throws {
    let calls = RunnerCalls()
    let home = try await Household(commandRunner: calls.runner)
    let token = try await Self.token(home, "bob")
    var json = Self.bearer(token)
    json["Content-Type"] = "application/json"
    for (body, status, problem) in [
      (#"{"arguments": ["#, 400, "not valid JSON"), ("", 400, "empty"),
      ("\u{FF}\u{FE}", 400, "not valid JSON"),
    ] {
      let response = try await home.server.request(
        "POST", "/api/v1/cli", body: Data(body.utf8), headers: json)
      #expect(response.status == status, "\(body)")
      #expect((try response.json()["detail"] as? String)?.contains(problem) == true)
    }
    var text = Self.bearer(token)
    text["Content-Type"] = "text/plain"
    let wrongType = try await home.server.request(
      "POST", "/api/v1/cli", body: Data(#"{"arguments": ["lists"]}"#.utf8), headers: text)
    #expect(wrongType.status == 415)
    #expect(calls.all.isEmpty)
  }

  @Test("With a session cookie, POST /api/v1/cli needs the anti-CSRF token like every write")
  func cookieNeedsCSRFToken() async throws {
    let calls = RunnerCalls()
    let home = try await Household(commandRunner: calls.runner)
    let alice = try await home.signIn("alice")
    let forged = try await home.server.request(
      "POST", "/api/v1/cli", json: ["arguments": ["lists"]],
      headers: ["Cookie": alice.cookie, "Origin": home.origin])
    #expect(forged.status == 403)
    #expect(forged.text.contains("X-CSRF-Token"))
    #expect(calls.all.isEmpty)
    let page = try await home.server.request(
      "POST", "/api/v1/cli", json: ["arguments": ["lists"]], headers: alice.writeHeaders)
    #expect(page.status == 200)
    #expect(calls.all.map(\.user) == ["alice"])
  }
}

/// A runner for `POST /api/v1/cli` that records what the route handed it (the command, whose
/// services) and answers from that alone: the route's routing and decoding are under test, not
/// the command line.
final class RunnerCalls: Sendable {
  struct Call: Equatable, Sendable {
    var command: RemoteCommand
    /// The owner of the services the runner was given.
    var user: String
    /// The checklists those services see.
    var lists: [String]
  }

  private let calls = Mutex<[Call]>([])

  var all: [Call] { calls.withLock { $0 } }

  /// Answers with the user's name on standard output, the number of their lists on standard
  /// error and the files sent, unchanged; without answers it asks "Go on?".
  var runner: RemoteCommandRunner {
    { [self] command, services, _ in
      let user = services.checklists.owner.name
      let lists = (try? services.checklists.checklists().map(\.name)) ?? []
      calls.withLock { $0.append(Call(command: command, user: user, lists: lists)) }
      return RemoteCommandResult(
        exitCode: 0, standardOutput: Data("\(user)\n".utf8),
        standardError: Data("\(lists.count) list\(lists.count == 1 ? "" : "s")\n".utf8),
        files: command.files, question: command.answers.isEmpty ? "Go on?" : nil)
    }
  }
}
