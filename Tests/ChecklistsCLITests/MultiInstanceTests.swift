import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A database several `checklists serve` processes share, made fresh for each test.
struct InstanceDatabase: Sendable, CustomTestStringConvertible {
  /// The engine's name, for the test's name.
  var engine: String
  /// Makes the database for a test and returns what `--database` takes.
  var make: @Sendable (CLI) throws -> String

  var testDescription: String { engine }

  /// One SQLite file both processes open.
  static let sqlite = InstanceDatabase(engine: "SQLite") { cli in cli.databasePath }

  /// A fresh PostgreSQL database on the test server (``PostgreSQLTestDatabase``).
  static let postgreSQL = InstanceDatabase(engine: "PostgreSQL") { _ in
    try PostgreSQLTestDatabase.make().url
  }
}

/// Two `checklists serve` processes on one database, as behind a load balancer: what a client
/// of one sees of what went through the other.
@Suite("Several instances on one database", .serialized)
struct MultiInstanceTests {
  /// The engines every test here runs on, a fresh database per test.
  static let engines: [InstanceDatabase] =
    PostgreSQLTestDatabase.isEnabled ? [.sqlite, .postgreSQL] : [.sqlite]

  /// The database, made, with a user's first list in it (so neither instance races the other
  /// to create the single local user), and two instances serving it.
  static func twoInstances(_ database: InstanceDatabase, accounts: Bool = false) throws
    -> (cli: CLI, location: String, a: ServeProcess, b: ServeProcess)
  {
    let cli = CLI()
    let location = try database.make(cli)
    if accounts {
      try cli.ok(["--database", location, "user", "add", "alice"], input: "wonderland-42\n")
    }
    try cli.ok(["--database", location, "list", "add", "Groceries"])
    let a = try ServeProcess(database: location, environment: cli.environment)
    let b = try ServeProcess(database: location, environment: cli.environment)
    return (cli, location, a, b)
  }

  @Test("Each instance logs which database it serves, with no password", arguments: engines)
  func logsTheDatabase(_ database: InstanceDatabase) throws {
    let cli = CLI()
    var location = try database.make(cli)
    let isServer = location.contains("://")
    // The test server trusts its clients, so a password in the URL is taken and not needed.
    if isServer { location = location.replacingOccurrences(of: "@", with: ":pw-never-shown@") }
    try cli.ok(["--database", location, "list", "add", "Groceries"])
    let a = try ServeProcess(database: location, environment: cli.environment)
    #expect(a.text.contains("Database: \(database.engine) "), "\(a.text)")
    if isServer {
      let database = try #require(location.split(separator: "/").last.map(String.init))
      #expect(a.text.contains("@127.0.0.1:"), "\(a.text)")
      #expect(a.text.contains("/" + database), "\(a.text)")
    } else {
      #expect(a.text.contains(location))
    }
    #expect(!a.text.contains("pw-never-shown"), "\(a.text)")
    #expect(a.stop() == 0)
    #expect(!a.text.contains("pw-never-shown"), "\(a.text)")
  }

  @Test(
    "A change through B reaches A's event stream, and A's GET and ETag show it at once",
    arguments: engines)
  func changeThroughOtherInstance(_ database: InstanceDatabase) throws {
    let (_, _, a, b) = try Self.twoInstances(database)
    let stream = try InstanceEventStream(port: a.port)
    // A answers, and answers again from its cache: the same ETag, 304 for it.
    let before = try InstanceHTTP.request(port: a.port, "GET", "/api/v1/checklists")
    #expect(before.status == 200)
    let etag = try #require(before.header("ETag"))
    let cached = try InstanceHTTP.request(
      port: a.port, "GET", "/api/v1/checklists", headers: ["If-None-Match": etag])
    #expect(cached.status == 304)

    let id = UUID()
    let created = try InstanceHTTP.request(
      port: b.port, "POST", "/api/v1/checklists",
      body: #"{"name": "Made on B", "id": "\#(id.uuidString)"}"#)
    #expect(created.status == 201, "\(created.body)")

    let seen = stream.wait(seconds: 5) { $0.lowercased().contains(id.uuidString.lowercased()) }
    #expect(seen, "A's event stream never told of the list made on B: \(stream.text)")
    // Once A told its pages, its answers must be the new ones: no cached list, no 304.
    let after = try InstanceHTTP.request(
      port: a.port, "GET", "/api/v1/checklists", headers: ["If-None-Match": etag])
    #expect(after.status == 200)
    #expect(after.body.contains("Made on B"))
    #expect(after.header("ETag") != etag)
    let plain = try InstanceHTTP.request(port: a.port, "GET", "/api/v1/checklists")
    #expect(plain.body.contains("Made on B"))
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test("A password guesser alternating between instances is throttled as one", arguments: engines)
  func throttleShared(_ database: InstanceDatabase) throws {
    let (_, _, a, b) = try Self.twoInstances(database, accounts: true)
    // Five failures are free, the sixth makes the next attempt wait. Counted per instance,
    // alternating would get twelve failures before the first 429, at attempt 13.
    var statuses: [Int] = []
    var throttled: InstanceHTTP.Response?
    for attempt in 1...14 {
      let port = attempt.isMultiple(of: 2) ? b.port : a.port
      let response = try InstanceHTTP.request(
        port: port, "POST", "/api/v1/session",
        body: #"{"user": "alice", "password": "guess-\#(attempt)"}"#)
      statuses.append(response.status)
      if response.status == 429 {
        throttled = response
        break
      }
    }
    #expect(statuses.prefix(6).allSatisfy { $0 == 401 }, "\(statuses)")
    // At attempt 7, or a little later on a machine slow enough to outwait the first second.
    #expect(statuses.count <= 10, "\(statuses)")
    let refusal = try #require(throttled, "never throttled: \(statuses)")
    #expect(refusal.body.contains("Too many sign-in attempts"))
    #expect(refusal.header("Retry-After").flatMap(Int.init) ?? 0 >= 1)
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test("A session made on A works on B, and signing out on A ends it on B", arguments: engines)
  func sessionsShared(_ database: InstanceDatabase) throws {
    let (_, _, a, b) = try Self.twoInstances(database, accounts: true)
    let signedIn = try InstanceHTTP.request(
      port: a.port, "POST", "/api/v1/session",
      body: #"{"user": "alice", "password": "wonderland-42"}"#)
    #expect(signedIn.status == 200, "\(signedIn.body)")
    let cookie = try #require(
      signedIn.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
    let csrf = try #require(
      signedIn.body.firstRange(of: #/"csrfToken":"([^"]+)"/#).map {
        String(signedIn.body[$0].dropFirst(#""csrfToken":""#.count).dropLast())
      })

    let onB = try InstanceHTTP.request(
      port: b.port, "GET", "/api/v1/checklists", headers: ["Cookie": cookie])
    #expect(onB.status == 200)
    #expect(onB.body.contains("Groceries"))

    let signedOut = try InstanceHTTP.request(
      port: a.port, "DELETE", "/api/v1/session",
      headers: ["Cookie": cookie, "X-CSRF-Token": csrf])
    #expect(signedOut.status == 204, "\(signedOut.body)")
    let afterOnB = try InstanceHTTP.request(
      port: b.port, "GET", "/api/v1/checklists", headers: ["Cookie": cookie])
    #expect(afterOnB.status == 401)
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }

  @Test(
    "While PostgreSQL refuses the instance, writes get 503 with Retry-After; it recovers by itself",
    .timeLimit(.minutes(2)), .enabled(if: PostgreSQLTestDatabase.isEnabled))
  func postgreSQLOutage() throws {
    let cli = CLI()
    let (name, location) = try PostgreSQLTestDatabase.make()
    try cli.ok(["--database", location, "list", "add", "Groceries"])
    let a = try ServeProcess(database: location, environment: cli.environment)
    let write = #"{"name": "During"}"#
    #expect(
      try InstanceHTTP.request(port: a.port, "POST", "/api/v1/checklists", body: write).status
        == 201)

    // Only this test's database: no new connections, and the instance's ones ended.
    try PostgreSQLTestDatabase.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
    try PostgreSQLTestDatabase.terminateBackends(of: name)
    let began = Date()
    var refusals: [InstanceHTTP.Response] = []
    for _ in 0..<5 {
      refusals.append(
        try InstanceHTTP.request(port: a.port, "POST", "/api/v1/checklists", body: write))
    }
    let seconds = Date().timeIntervalSince(began)
    #expect(refusals.map(\.status) == [503, 503, 503, 503, 503], "\(refusals.map(\.body))")
    #expect(refusals.allSatisfy { $0.header("Retry-After") == "2" })
    #expect(refusals.allSatisfy { $0.body.contains("try again") }, "\(refusals.map(\.body))")
    a.waitForOutput(containing: "database unavailable: ", seconds: 2)
    let lines = a.occurrences(of: "database unavailable: ")
    #expect(lines >= 1 && lines <= Int(seconds / 5) + 2, "\(a.text)")

    try PostgreSQLTestDatabase.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
    var recovered: InstanceHTTP.Response?
    for _ in 0..<60 where recovered?.status != 201 {
      recovered = try InstanceHTTP.request(
        port: a.port, "POST", "/api/v1/checklists", body: #"{"name": "After"}"#)
      if recovered?.status != 201 { usleep(250_000) }
    }
    #expect(recovered?.status == 201, "\(recovered?.body ?? "")")
    #expect(kill(a.pid, 0) == 0, "the instance is still running")
    #expect(a.stop() == 0, "\(a.text)")
  }
}
