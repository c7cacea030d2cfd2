import Foundation
import Synchronization
import Testing

/// Two `checklists serve` processes on one database, and the command line changing accounts
/// beside them: a changed password, a deleted user and a revoked token end every way in on
/// both instances on the very next request, however recently each instance checked it.
@Suite("Several instances on one database: credentials end everywhere at once", .serialized)
struct MultiInstanceCredentialTests {
  /// What a client sends to sign in with HTTP Basic.
  static func basic(_ user: String, _ password: String) -> [String: String] {
    ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
  }

  static func bearer(_ token: String) -> [String: String] {
    ["Authorization": "Bearer \(token)"]
  }

  /// `PROPFIND` of one collection (an empty body asks for every property).
  static func propfind(
    _ instance: ServeProcess, _ path: String, _ headers: [String: String]
  ) throws -> InstanceHTTP.Response {
    try InstanceHTTP.request(
      port: instance.port, "PROPFIND", path, headers: headers.merging(["Depth": "0"]) { $1 })
  }

  /// Signs in on `instance`; the session cookie.
  static func signIn(_ instance: ServeProcess, _ user: String, _ password: String) throws
    -> String
  {
    let response = try InstanceHTTP.request(
      port: instance.port, "POST", "/api/v1/session",
      body: #"{"user": "\#(user)", "password": "\#(password)"}"#)
    #expect(response.status == 200, "\(response.body)")
    return try #require(
      response.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
  }

  /// An API token made with the command line, straight on the database.
  static func token(_ cli: CLI, _ location: String, user: String) throws -> String {
    let created = try cli.ok(
      ["--database", location, "token", "create", "phone", "--user", user, "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any]
    return try #require(json?["token"] as? String)
  }

  /// The status of every way in that `user` has, on `instance`: CalDAV Basic with the
  /// password and with the token as an app password, the API with the token (as a script and
  /// as the remote command line) and with the session cookie.
  static func ways(
    into instance: ServeProcess, user: String, password: String, token: String, cookie: String
  ) throws -> [String: Int] {
    let home = "/dav/calendars/\(user)/"
    let cli = #"{"arguments": ["lists"]}"#
    var statuses: [String: Int] = [:]
    statuses["password"] = try propfind(instance, home, basic(user, password)).status
    statuses["app password"] = try propfind(instance, home, basic(user, token)).status
    statuses["token"] =
      try InstanceHTTP.request(
        port: instance.port, "GET", "/api/v1/checklists", headers: bearer(token)
      ).status
    statuses["remote CLI"] =
      try InstanceHTTP.request(
        port: instance.port, "POST", "/api/v1/cli", headers: bearer(token), body: cli
      ).status
    statuses["cookie"] =
      try InstanceHTTP.request(
        port: instance.port, "GET", "/api/v1/checklists", headers: ["Cookie": cookie]
      ).status
    return statuses
  }

  /// What a client may never be told: where the database is, or what it said.
  static func expectNothingLeaks(
    _ response: InstanceHTTP.Response, _ cli: CLI, _ location: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for secret in [
      "Database error", "FOREIGN KEY", "constraint", cli.folder.path, location, "postgres://",
    ] {
      #expect(!response.body.contains(secret), "\(response.body)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "After 'user passwd' the old password is refused on both instances at once; the new one works",
    arguments: MultiInstanceTests.engines)
  func passwordChange(_ database: InstanceDatabase) throws {
    let (cli, location, a, b) = try MultiInstanceTests.twoInstances(database, accounts: true)
    let old = Self.basic("alice", "wonderland-42")
    // Both instances check the password and remember it; the second request is answered from
    // what they remember.
    for instance in [a, b, a, b] {
      #expect(try Self.propfind(instance, "/dav/calendars/alice/", old).status == 207)
    }
    let cookie = try Self.signIn(a, "alice", "wonderland-42")
    let token = try Self.token(cli, location, user: "alice")

    try cli.ok(["--database", location, "user", "passwd", "alice"], input: "looking-glass-7\n")

    for instance in [b, a] {
      let refused = try Self.propfind(instance, "/dav/calendars/alice/", old)
      #expect(refused.status == 401, "\(refused.body)")
      #expect(refused.header("WWW-Authenticate")?.hasPrefix("Basic") == true)
      let session = try InstanceHTTP.request(
        port: instance.port, "GET", "/api/v1/checklists", headers: ["Cookie": cookie])
      #expect(session.status == 401)
      let new = Self.basic("alice", "looking-glass-7")
      #expect(try Self.propfind(instance, "/dav/calendars/alice/", new).status == 207)
      // Tokens are credentials of their own: a new password leaves them, as SECURITY.md says.
      #expect(
        try Self.propfind(instance, "/dav/calendars/alice/", Self.basic("alice", token))
          .status == 207)
    }
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test(
    "After 'user delete' every way in of the user is 401 on both instances, never a database error",
    arguments: MultiInstanceTests.engines)
  func deletedUser(_ database: InstanceDatabase) throws {
    let (cli, location, a, b) = try MultiInstanceTests.twoInstances(database, accounts: true)
    try cli.ok(["--database", location, "user", "add", "gone"], input: "vanishing-act-9\n")
    let token = try Self.token(cli, location, user: "gone")
    let cookie = try Self.signIn(b, "gone", "vanishing-act-9")
    for instance in [a, b, a, b] {
      let ways = try Self.ways(
        into: instance, user: "gone", password: "vanishing-act-9", token: token, cookie: cookie)
      #expect(
        ways == [
          "password": 207, "app password": 207, "token": 200, "remote CLI": 200, "cookie": 200,
        ],
        "\(ways)")
    }

    try cli.ok(["--database", location, "user", "delete", "gone"], input: "y\n")

    for instance in [a, b] {
      let ways = try Self.ways(
        into: instance, user: "gone", password: "vanishing-act-9", token: token, cookie: cookie)
      #expect(ways.values.allSatisfy { $0 == 401 }, "\(ways)")
      let made = try InstanceHTTP.request(
        port: instance.port, "MKCALENDAR", "/dav/calendars/gone/\(UUID().uuidString.lowercased())/",
        headers: Self.basic("gone", "vanishing-act-9"))
      #expect(made.status == 401, "\(made.body)")
      Self.expectNothingLeaks(made, cli, location)
    }
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test(
    "A token revoked with the command line stops working on both instances at once",
    arguments: MultiInstanceTests.engines)
  func revokedToken(_ database: InstanceDatabase) throws {
    let (cli, location, a, b) = try MultiInstanceTests.twoInstances(database, accounts: true)
    let token = try Self.token(cli, location, user: "alice")
    let cookie = try Self.signIn(a, "alice", "wonderland-42")
    for instance in [a, b, a, b] {
      let ways = try Self.ways(
        into: instance, user: "alice", password: "wonderland-42", token: token, cookie: cookie)
      #expect(ways.values.allSatisfy { $0 < 300 }, "\(ways)")
    }

    try cli.ok(["--database", location, "token", "revoke", "phone", "--user", "alice"])

    for instance in [b, a] {
      let ways = try Self.ways(
        into: instance, user: "alice", password: "wonderland-42", token: token, cookie: cookie)
      #expect(
        ways == [
          "password": 207, "app password": 401, "token": 401, "remote CLI": 401, "cookie": 200,
        ],
        "\(ways)")
    }
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test(
    "Forty wrong passwords at once over two instances get no more 401s than one after another",
    arguments: MultiInstanceTests.engines)
  func parallelGuesses(_ database: InstanceDatabase) throws {
    let (_, _, a, b) = try MultiInstanceTests.twoInstances(database, accounts: true)
    let statuses = Mutex<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let began = Date()
    for attempt in 0..<40 {
      let port = attempt.isMultiple(of: 2) ? a.port : b.port
      Thread {
        let status =
          (try? InstanceHTTP.request(
            port: port, "POST", "/api/v1/session",
            body: #"{"user": "alice", "password": "guess-\#(attempt)"}"#
          ).status) ?? 0
        statuses.withLock { $0.append(status) }
        done.signal()
      }.start()
    }
    for _ in 0..<40 { _ = done.wait(timeout: .now() + 120) }
    let elapsed = Date().timeIntervalSince(began)
    let all = statuses.withLock { $0 }
    #expect(all.count == 40)
    #expect(all.allSatisfy { $0 == 401 || $0 == 429 }, "\(all)")
    // Five failures are free and the sixth sets the first wait (1 s, then 2 s, 4 s…): one after
    // another, six get through at once and one more after each wait. However slow this machine
    // is, no more than that can have got through in the time all of them took.
    var allowed = 6
    var waited = 1.0
    while waited <= elapsed {
      allowed += 1
      waited = waited * 2 + 1
    }
    let unauthorized = all.filter { $0 == 401 }.count
    #expect(unauthorized <= allowed, "\(unauthorized) × 401 in \(elapsed) s: \(all)")
    #expect(unauthorized >= 6, "\(all)")
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }
}
