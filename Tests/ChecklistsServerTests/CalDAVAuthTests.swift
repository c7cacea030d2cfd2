import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV sign-in: HTTP Basic with a password or an app password, never a cookie")
struct CalDAVAuthTests {
  static let challenge = "Basic realm=\"Checklists\", charset=\"UTF-8\""

  static func principal(_ client: CalDAVTestClient) async throws -> TestServer.Response {
    try await client.request(
      "PROPFIND", "/dav/",
      body: CalDAVTestClient.xml(
        "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:current-user-principal/></d:prop></d:propfind>"),
      depth: "0")
  }

  @Test("Without credentials: 401 with the Basic challenge; with the password: the principal")
  func password() async throws {
    let home = try await Household()
    let anonymous = try await Self.principal(CalDAVTestClient(home.server))
    #expect(anonymous.status == 401)
    #expect(anonymous.header("WWW-Authenticate") == Self.challenge)

    let alice = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let response = try await Self.principal(alice)
    #expect(response.status == 207, "\(response.text)")
    let answer = try MultiStatusAnswer(response.body)
    #expect(answer.responses.first?.hrefs("d:current-user-principal") == ["/dav/principals/alice/"])
    #expect(response.header("Set-Cookie") == nil)
    // A second request is answered from the checked credentials, and is still alice.
    let again = try await Self.principal(alice)
    #expect(
      try MultiStatusAnswer(again.body).responses.first?.hrefs("d:current-user-principal")
        == ["/dav/principals/alice/"])
    // The user name is not case-sensitive, as at sign-in.
    let capitalized = CalDAVTestClient(home.server, user: "Alice", password: "wonderland-42")
    #expect(try await Self.principal(capitalized).status == 207)
  }

  @Test("An API token works as an app password (for its own user only) and as Bearer")
  func appPassword() async throws {
    let home = try await Household()
    let token = try home.accounts.createAPIToken(userName: "bob", name: "phone").1.value
    let bob = CalDAVTestClient(home.server, user: "bob", password: token)
    let response = try await Self.principal(bob)
    #expect(response.status == 207, "\(response.text)")
    #expect(
      try MultiStatusAnswer(response.body).responses.first?.hrefs("d:current-user-principal")
        == ["/dav/principals/bob/"])
    // Bob's token with alice's name is no one.
    let mixed = try await Self.principal(
      CalDAVTestClient(home.server, user: "alice", password: token))
    #expect(mixed.status == 401)
    var bearer = CalDAVTestClient(home.server)
    bearer.authorization = "Bearer \(token)"
    #expect(try await Self.principal(bearer).status == 207)
    // A revoked token stops working at once.
    _ = try home.accounts.revokeAPIToken(bearer: token)
    #expect(try await Self.principal(bob).status == 401)
  }

  @Test("A changed password is refused on the next request, though it passed a moment ago")
  func passwordChanged() async throws {
    let home = try await Household()
    let bob = CalDAVTestClient(home.server, user: "bob", password: "builder-1234")
    #expect(try await Self.principal(bob).status == 207)
    #expect(try await Self.principal(bob).status == 207)
    // The command line changes it through its own connection; the server's clock stands still,
    // so only the check against the account as it is now can refuse it.
    try home.accounts.setPassword(userName: "bob", password: "new-builder-5678")
    let refused = try await Self.principal(bob)
    #expect(refused.status == 401)
    #expect(refused.header("WWW-Authenticate") == Self.challenge)
    let renewed = CalDAVTestClient(home.server, user: "bob", password: "new-builder-5678")
    #expect(try await Self.principal(renewed).status == 207)
    #expect(try await Self.principal(renewed).status == 207)
  }

  @Test("A deleted user's password is 401 for reads and writes, never a database error")
  func deletedUser() async throws {
    let home = try await Household()
    let bob = CalDAVTestClient(home.server, user: "bob", password: "builder-1234")
    let token = try home.accounts.createAPIToken(userName: "bob", name: "phone").1.value
    let app = CalDAVTestClient(home.server, user: "bob", password: token)
    for client in [bob, bob, app] {
      let home = try await client.request("PROPFIND", "/dav/calendars/bob/", depth: "0")
      #expect(home.status == 207, "\(home.text)")
    }
    try home.accounts.deleteUser(named: "bob")
    for client in [bob, app] {
      let read = try await client.request("PROPFIND", "/dav/calendars/bob/", depth: "0")
      #expect(read.status == 401, "\(read.text)")
      let write = try await client.request(
        "MKCALENDAR", "/dav/calendars/bob/\(UUID().uuidString.lowercased())/")
      #expect(write.status == 401, "\(write.text)")
      #expect(write.header("WWW-Authenticate") == Self.challenge)
      for secret in ["Database", "FOREIGN KEY", "constraint", home.server.databasePath] {
        #expect(!write.text.contains(secret), "\(write.text)")
      }
    }
  }

  @Test("A wrong password is 401, and guessing is throttled like signing in (429)")
  func wrongPasswordThrottled() async throws {
    let home = try await Household()
    let guesser = CalDAVTestClient(home.server, user: "alice", password: "password123")
    var statuses: [Int] = []
    for _ in 0..<8 {
      let response = try await Self.principal(guesser)
      statuses.append(response.status)
      if response.status == 401 {
        #expect(response.header("WWW-Authenticate") == Self.challenge)
      }
      if response.status == 429 { #expect(response.header("Retry-After") != nil) }
    }
    #expect(statuses == [401, 401, 401, 401, 401, 401, 429, 429])
    // The right password waits too while throttled.
    let right = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    #expect(try await Self.principal(right).status == 429)
    // The same throttle as the web's sign-in.
    let signIn = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": "alice", "password": "wonderland-42"],
      headers: ["Origin": home.origin])
    #expect(signIn.status == 429)
  }

  @Test("A browser's session cookie is not a CalDAV credential, so a page cannot use it")
  func noCookies() async throws {
    let home = try await Household()
    let browser = try await home.signIn("alice")
    let response = try await Self.principal(
      CalDAVTestClient(home.server).withHeaders(browser.writeHeaders))
    #expect(response.status == 401)
    #expect(response.header("WWW-Authenticate") == Self.challenge)
  }

  @Test("Malformed Basic credentials and unknown schemes are 401 naming the problem")
  func malformed() async throws {
    let home = try await Household()
    for value in ["Basic !!!", "Basic " + Data("no-colon".utf8).base64EncodedString(), "Digest x"] {
      var client = CalDAVTestClient(home.server)
      client.authorization = value
      let response = try await Self.principal(client)
      #expect(response.status == 401, "\(value)")
      #expect(response.header("WWW-Authenticate") == Self.challenge)
      #expect(response.text.contains("Basic"), "\(value): \(response.text)")
    }
  }

  @Test("A single-user server on loopback without accounts needs no sign-in")
  func singleUser() async throws {
    let server = try TestServer()
    let response = try await Self.principal(CalDAVTestClient(server))
    #expect(response.status == 207, "\(response.text)")
    let user = server.service.owner.name
    #expect(
      try MultiStatusAnswer(response.body).responses.first?.hrefs("d:current-user-principal")
        == ["/dav/principals/\(user)/"])
  }
}

extension CalDAVTestClient {
  /// The same client sending these headers too (a cookie, an origin).
  func withHeaders(_ extra: [String: String]) -> CalDAVTestClient {
    var copy = self
    copy.extraHeaders.merge(extra) { $1 }
    return copy
  }
}
