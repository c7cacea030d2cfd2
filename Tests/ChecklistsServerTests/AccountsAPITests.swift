import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Signing in, sessions, API tokens and CSRF on a real server")
struct AccountsAPITests {
  @Test("Without accounts on 127.0.0.1 nobody signs in: the session is the local user's")
  func singleUser() async throws {
    let server = try TestServer()
    let session = try await server.get("/api/v1/session")
    #expect(session.status == 200)
    #expect(try session.json()["mode"] as? String == "single-user")
    #expect(try session.json()["user"] as? String == "local")
    #expect(try session.json()["csrfToken"] == nil)
    #expect(try await server.get("/api/v1/checklists").status == 200)
    let signIn = try await server.request(
      "POST", "/api/v1/session", json: ["user": "alice", "password": "wonderland-42"])
    #expect(signIn.status == 409)
    #expect(signIn.text.contains("no accounts"))
  }

  @Test("Once accounts exist every API route needs a session or a token; pages go to /login")
  func signInRequired() async throws {
    let home = try await Household()
    let server = home.server
    for path in [
      "/api/v1/checklists", "/api/v1/catalogue", "/api/v1/shopping-lists", "/api/v1/due",
      "/api/v1/events", "/api/v1/export", "/api/v1/icons",
    ] {
      let response = try await server.get(path)
      #expect(response.status == 401, "\(path)")
      #expect(response.header("WWW-Authenticate") == "Bearer realm=\"Checklists\"")
      #expect(response.text.contains("Sign in first"))
    }
    #expect(
      try await server.request("POST", "/api/v1/checklists", json: ["name": "X"]).status == 401)
    #expect(try await server.get("/api/openapi.json").status == 200)
    // The app's pages send a person to sign in and back; its files and /login are open.
    let page = try RawHTTPConnection.get(port: server.server.port, "/lists/abc")
    #expect(page.status == 303)
    #expect(page.text.contains("Location: /login?next=%2Flists%2Fabc"))
    #expect(try await server.get("/login").text.contains("<form id=\"sign-in\""))
    #expect(try await server.get("/login.js").status == 200)
    #expect(try await server.get("/app.js").status == 200)
  }

  @Test("Signing in sets an HttpOnly, SameSite=Lax cookie; the session sees only its user's lists")
  func signIn() async throws {
    let home = try await Household()
    try home.lists("alice").createList(named: "Alice's list")
    try home.lists("bob").createList(named: "Bob's list")
    let response = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "Alice", "password": "wonderland-42"],
      headers: ["Origin": home.origin])
    #expect(response.status == 200)
    let cookie = try #require(response.header("Set-Cookie"))
    #expect(cookie.hasPrefix("checklists_session="))
    for attribute in ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=7776000"] {
      #expect(cookie.contains(attribute))
    }
    #expect(!cookie.contains("Secure"), "plain HTTP on loopback: no Secure")
    #expect(response.header("Cache-Control") == "no-store")
    let token = String(cookie.split(separator: ";")[0].dropFirst("checklists_session=".count))
    #expect(token.count == 43)

    let alice = try await home.signIn("alice")
    let lists = try await home.server.get("/api/v1/checklists", headers: alice.readHeaders)
    let names = (try lists.json()["checklists"] as? [[String: Any]])?.compactMap {
      $0["name"] as? String
    }
    // Alice, the first account, took over the single-user list "List".
    #expect(names == ["Alice's list", "List"])
    let me = try await home.server.get("/api/v1/session", headers: alice.readHeaders)
    #expect(try me.json()["user"] as? String == "alice")
    #expect(try me.json()["csrfToken"] as? String == alice.csrfToken)
  }

  @Test("A wrong password and an unknown user get the same answer")
  func failures() async throws {
    let home = try await Household()
    var answers: [String] = []
    for (user, password) in [("alice", "wrong-password"), ("mallory", "wonderland-42")] {
      let response = try await home.server.request(
        "POST", "/api/v1/session", json: ["user": user, "password": password],
        headers: ["Origin": home.origin])
      #expect(response.status == 401)
      #expect(response.header("Set-Cookie") == nil)
      answers.append(try response.json()["detail"] as? String ?? "")
    }
    #expect(answers[0] == answers[1])
    #expect(answers[0] == AccountService.signInFailure)
  }

  @Test("Guessing passwords is slowed down: after five failures the server answers 429")
  func bruteForce() async throws {
    let home = try await Household()
    var statuses: [Int] = []
    for attempt in 1...8 {
      let response = try await home.server.request(
        "POST", "/api/v1/session", json: ["user": "alice", "password": "guess-\(attempt)"],
        headers: ["Origin": home.origin])
      statuses.append(response.status)
      if response.status == 429 {
        #expect(response.header("Retry-After") == "1")
        #expect(response.text.contains("Too many sign-in attempts; try again in 1 second."))
      }
    }
    // Five free failures, the sixth sets a 1 s wait that the (stopped) clock never ends.
    #expect(statuses == [401, 401, 401, 401, 401, 401, 429, 429])
    // Even the right password waits its turn...
    let right = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "alice", "password": "wonderland-42"],
      headers: ["Origin": home.origin])
    #expect(right.status == 429)
    // ...and once the wait is over it gets in; bob was never slowed down.
    home.server.clock.advance(by: 2)
    #expect(try await home.signIn("alice").csrfToken.isEmpty == false)
    #expect(try await home.signIn("bob").csrfToken.isEmpty == false)
  }

  @Test("Cookie-authenticated writes need this site's Origin and the anti-CSRF token")
  func csrf() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let body = ["name": "Forged"]
    let noToken = try await home.server.request(
      "POST", "/api/v1/checklists", json: body,
      headers: ["Cookie": alice.cookie, "Origin": home.origin])
    #expect(noToken.status == 403)
    #expect(noToken.text.contains("X-CSRF-Token"))
    let wrongToken = try await home.server.request(
      "POST", "/api/v1/checklists", json: body,
      headers: ["Cookie": alice.cookie, "Origin": home.origin, "X-CSRF-Token": "nope"])
    #expect(wrongToken.status == 403)
    var crossSite = alice.writeHeaders
    crossSite["Origin"] = "https://evil.example"
    let forged = try await home.server.request(
      "POST", "/api/v1/checklists", json: body, headers: crossSite)
    #expect(forged.status == 403)
    #expect(forged.text.contains("evil.example"))
    #expect(try home.lists("alice").checklists().allSatisfy { $0.name != "Forged" })

    let good = try await home.server.request(
      "POST", "/api/v1/checklists", json: ["name": "Real"], headers: alice.writeHeaders)
    #expect(good.status == 201)
    // Reads need no token.
    #expect(
      try await home.server.get("/api/v1/checklists", headers: alice.readHeaders).status == 200)
    // Signing in from another site is refused too (login CSRF).
    let loginForged = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "alice", "password": "wonderland-42"],
      headers: ["Origin": "https://evil.example"])
    #expect(loginForged.status == 403)
  }

  @Test("API tokens work as Bearer without CSRF, and stop when revoked")
  func apiTokens() async throws {
    let home = try await Household()
    let (_, secret) = try home.accounts.createAPIToken(userName: "bob", name: "script")
    let bearer = ["Authorization": "Bearer \(secret.value)"]
    let created = try await home.server.request(
      "POST", "/api/v1/checklists", json: ["name": "From a script"], headers: bearer)
    #expect(created.status == 201)
    #expect(try home.lists("bob").checklists().map(\.name).contains("From a script"))
    #expect(try home.lists("alice").checklists().allSatisfy { $0.name != "From a script" })
    try home.accounts.revokeAPIToken(userName: "bob", token: "script")
    #expect(try await home.server.get("/api/v1/checklists", headers: bearer).status == 401)
    let garbage = try await home.server.get(
      "/api/v1/checklists", headers: ["Authorization": "Bearer ckl_not-a-token"])
    #expect(garbage.status == 401)
  }

  @Test("Sessions end after 14 idle days, after a password change, and on sign-out")
  func sessionEnds() async throws {
    let home = try await Household()
    let idle = try await home.signIn("alice")
    home.server.clock.advance(by: Session.idleLifetime + 60)
    #expect(
      try await home.server.get("/api/v1/checklists", headers: idle.readHeaders).status == 401)

    let before = try await home.signIn("alice")
    try home.accounts.setPassword(userName: "alice", password: "looking-glass-7")
    #expect(
      try await home.server.get("/api/v1/checklists", headers: before.readHeaders).status == 401)

    let bob = try await home.signIn("bob")
    let noToken = try await home.server.request(
      "DELETE", "/api/v1/session", headers: ["Cookie": bob.cookie, "Origin": home.origin])
    #expect(noToken.status == 403)
    let out = try await home.server.request("DELETE", "/api/v1/session", headers: bob.writeHeaders)
    #expect(out.status == 204)
    #expect(out.header("Set-Cookie")?.contains("Max-Age=0") == true)
    #expect(try await home.server.get("/api/v1/checklists", headers: bob.readHeaders).status == 401)
  }

  @Test("The server refuses a non-loopback address without accounts, and says how to add one")
  func refusesOpenServer() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-open-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try SQLChecklistStore(sqlitePath: folder.appendingPathComponent("db.sqlite").path)
    var configuration = ChecklistsServer.Configuration()
    configuration.host = "0.0.0.0"
    configuration.port = 0
    let error = #expect(throws: ChecklistsError.self) {
      try ChecklistsServer(store: store, configuration: configuration, logsRequests: false)
    }
    #expect(error?.message.contains("without accounts") == true)
    #expect(error?.message.contains("checklists user add <name>") == true)
    try AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
      .addUser(named: "alice", password: "wonderland-42")
    let server = try ChecklistsServer(
      store: store, configuration: configuration, logsRequests: false)
    try server.start()
    server.shutdown()
  }

  @Test("Behind an HTTPS proxy: accounts required on loopback too, and cookies are Secure")
  func behindProxy() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-proxy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = try SQLChecklistStore(sqlitePath: folder.appendingPathComponent("db.sqlite").path)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.secureCookies = true
    let error = #expect(throws: ChecklistsError.self) {
      try ChecklistsServer(store: store, configuration: configuration, logsRequests: false)
    }
    #expect(error?.message.contains("through a proxy without accounts") == true)
    try AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
      .addUser(named: "alice", password: "wonderland-42")
    let server = try ChecklistsServer(
      store: store, configuration: configuration, logsRequests: false)
    try server.start()
    defer { server.shutdown() }
    var request = URLRequest(url: URL(string: server.url + "/api/v1/session")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"user":"alice","password":"wonderland-42"}"#.utf8)
    let (_, response) = try await TestServer.session.data(for: request)
    let cookie = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie") ?? ""
    #expect(cookie.hasSuffix("; Secure"))
  }
}
