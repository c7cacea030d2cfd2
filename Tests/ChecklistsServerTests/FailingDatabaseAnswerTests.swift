import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import ChecklistsTestSupport
import Foundation
import HTTPServer
import PostgreSQLDatabase
import Synchronization
import Testing

@testable import ChecklistsServer

/// What a client is told while the database fails underneath, on every route of the route
/// table and on both engines: a short sentence and a request id, never the database's
/// location, a file path or a Swift type's name; the log line with the same request id has
/// the whole error.
@Suite("A failing database: answers say nothing of it, the log says everything")
struct FailingDatabaseAnswerTests {
  enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres
    var testDescription: String { rawValue }

    /// The engines this run tests (``TestEngines``).
    static let allCases: [Engine] = TestEngines.names.compactMap(Engine.init(rawValue:))
  }

  /// A server whose database the test makes fail, with its log in a file.
  final class Outage {
    let server: ChecklistsServer
    let logPath: String
    /// What an answer must never contain: the database's address, name and file.
    let secrets: [String]
    /// The single local user's name, for CalDAV's paths.
    let userName: String
    private let failure: () throws -> Void

    init(_ engine: Engine) throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("checklists-failing-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      logPath = folder.appendingPathComponent("server.log").path
      #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
      let store: SQLChecklistStore
      switch engine {
      case .sqlite:
        let path = folder.appendingPathComponent("checklists.sqlite").path
        store = try SQLChecklistStore(sqlitePath: path)
        secrets = [path, folder.path, ".sqlite"]
        // Every later read and write fails: "Database error in <path>: the database <path>
        // is closed."
        failure = { store.close() }
      case .postgres:
        let admin = PostgreSQLAdmin(try PostgreSQLConfiguration(try Self.postgreSQLServer()))
        let name = "t_failing_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        try admin.createDatabase(name)
        let url = admin.url(forDatabase: name)
        store = try SQLChecklistStore(postgreSQL: url)
        let configuration = try PostgreSQLConfiguration(url)
        secrets = [
          url, store.path, name, configuration.redacted.components(separatedBy: "/")[2],
        ]
        // The database is gone under the running server: connections are ended, and new
        // ones are refused naming it.
        failure = { try admin.dropDatabase(name) }
      }
      var configuration = ChecklistsServer.Configuration()
      configuration.port = 0
      configuration.threadCount = 4
      configuration.currency = .euro
      // A clock that stands still: what the server read before the failure (that there are
      // no accounts) stays known, so requests reach their handlers and fail there.
      let now = Date(timeIntervalSince1970: 1_800_000_000)
      userName = try ChecklistService.openLocal(store: store, now: { now }).owner.name
      server = try ChecklistsServer(
        store: store, configuration: configuration, now: { now }, logsRequests: false,
        logOutput: try #require(FileHandle(forWritingAtPath: logPath)))
      try server.start()
    }

    deinit { server.shutdown() }

    func fail() throws { try failure() }

    /// A raw request with exactly these headers (and a JSON body, if any), answered whole.
    func send(
      _ method: String, _ path: String, host: String, headers: [String: String] = [:],
      body: String? = nil
    ) throws -> (status: Int, text: String) {
      var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        head += "\(name): \(value)\r\n"
      }
      if let body {
        head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
      }
      head += "Connection: close\r\n\r\n" + (body ?? "")
      return try RawHTTPConnection.exchange(port: server.port, Array(head.utf8), timeout: 30)
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// `$CHECKLISTS_TEST_POSTGRES`: the tests need PostgreSQL, and say so when it is missing
    /// (a skipped engine would be a test that cannot fail).
    static func postgreSQLServer() throws -> String {
      guard let url = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"],
        !url.isEmpty
      else {
        throw TestSetupFailure(
          "Set CHECKLISTS_TEST_POSTGRES to a PostgreSQL server the tests may make databases "
            + "on, such as the one 'scripts/postgres start' prints.")
      }
      return url
    }
  }

  struct TestSetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// What no answer may say: how the server's errors used to read, and Swift's and the
  /// engines' own words.
  static let tellTales = [
    "Database error in", "Unexpected error", "is not answering (", "SQLError", "ChecklistsError",
    "Swift.", "Optional(", "Foundation.", "postgres://", "FATAL", "sqlite3", "/tmp/",
  ]

  @Test(
    "Every route, asked while the database fails, answers without its location, a path or a type",
    arguments: Engine.allCases, [false, true])
  func everyRoute(engine: Engine, reachedBefore: Bool) async throws {
    let outage = try Outage(engine)
    let port = outage.server.port
    let host = "127.0.0.1:\(port)"
    let user = outage.userName
    if reachedBefore {
      let warm = try outage.send("GET", "/api/v1/checklists", host: host)
      #expect(warm.status == 200, "\(warm.text)")
    }
    try outage.fail()

    var requestIDs: [String] = []
    let routes = RouteTable.server.routes.filter {
      // The event stream answers 200 and stays open; it has no error body to give.
      $0.path != "/api/v1/events"
    }
    for route in routes {
      let path = WriteOriginTests.path(route, user: user)
      let body = IsolationTests.body(route.method, route.path).map {
        String(decoding: try! JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
      }
      let answer = try outage.send(
        route.method, path, host: host,
        body: route.method == "GET" ? nil : (body ?? "{}"))
      let label = "\(route.method) \(route.path) (\(answer.status))"
      for secret in outage.secrets + Self.tellTales {
        #expect(!answer.text.contains(secret), "\(label) tells '\(secret)': \(answer.text)")
      }
      if answer.status >= 500 {
        let id = try #require(
          Self.header("X-Request-ID", in: answer.text), "\(label): \(answer.text)")
        #expect(answer.text.contains(id))
        requestIDs.append(id)
      }
    }
    let readiness = try outage.send("GET", "/readyz", host: host)
    #expect(readiness.status == 503, "\(readiness.text)")
    #expect(readiness.text.contains("\"requestId\":\""), "\(readiness.text)")

    // The log has what the answers left out, under each answer's request id.
    #expect(requestIDs.count > 10, "\(requestIDs)")
    let log = outage.log
    let lines = log.split(separator: "\n")
    for id in requestIDs {
      let line = try #require(lines.first { $0.contains("request \(id) ") }, "\(id) in \(log)")
      #expect(outage.secrets.contains { line.contains($0) }, "\(line)")
    }
  }

  @Test(
    "A 503 is a problem with a short detail, a request id and Retry-After; on CalDAV a DAV:error",
    arguments: Engine.allCases)
  func answerShape(engine: Engine) async throws {
    let outage = try Outage(engine)
    let host = "127.0.0.1:\(outage.server.port)"
    _ = try outage.send("GET", "/api/v1/checklists", host: host)
    try outage.fail()

    let api = try outage.send(
      "POST", "/api/v1/checklists", host: host, body: "{\"name\":\"Later\"}")
    #expect(api.status == 503, "\(api.text)")
    #expect(Self.header("Retry-After", in: api.text) == "2")
    #expect(Self.header("Cache-Control", in: api.text) == "no-store")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.body(of: api.text).utf8)) as? [String: Any])
    let id = try #require(json["requestId"] as? String)
    #expect(id == Self.header("X-Request-ID", in: api.text))
    #expect(json["detail"] as? String == ServerFaults.unavailable)

    let dav = try outage.send(
      "PROPFIND", "/dav/calendars/\(outage.userName)/", host: host, headers: ["Depth": "1"])
    #expect(dav.status == 503, "\(dav.text)")
    #expect(Self.header("Content-Type", in: dav.text)?.hasPrefix("application/xml") == true)
    let davID = try #require(Self.header("X-Request-ID", in: dav.text))
    #expect(dav.text.contains("Request id: \(davID)."), "\(dav.text)")
    #expect(
      outage.log.contains(
        "request \(davID) \"PROPFIND /dav/calendars/\(outage.userName)/\" failed (503): "))
  }

  @Test("An error no route expected is a 500 with a request id, its type and text only in the log")
  func unexpectedError() throws {
    struct Surprise: Error, CustomStringConvertible {
      var description: String { "the widget at /srv/secret/file broke" }
    }
    let lines = Mutex<[String]>([])
    let faults = ServerFaults(log: { line in lines.withLock { $0.append(line) } }, outages: nil)
    let request = HTTPRequest(method: "GET", path: "/api/v1/checklists")
    let fault = try #require(faults.fault(Surprise(), in: request))
    #expect(fault.status == 500)
    #expect(fault.detail == ServerFaults.unexpected)
    let response = fault.problem.response
    guard case .bytes(let bytes) = response.body else {
      Issue.record("no body")
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("/srv/secret") && !text.contains("Surprise"), "\(text)")
    #expect(text.contains(fault.requestID))
    #expect(response.headers["X-Request-ID"] == fault.requestID)
    #expect(
      lines.withLock { $0 } == [
        "request \(fault.requestID) \"GET /api/v1/checklists\" failed (500): Surprise: the "
          + "widget at /srv/secret/file broke"
      ])
    // What the client caused keeps its sentence and is not the log's business.
    #expect(faults.fault(ChecklistsError.invalid("The name is empty."), in: request) == nil)
    #expect(faults.fault(APIError.notFound("No such list."), in: request) == nil)
    #expect(lines.withLock { $0.count } == 1)
  }

  /// A header's value in a raw response.
  static func header(_ name: String, in text: String) -> String? {
    let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
    for line in head.split(separator: "\r\n").dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The body of a raw response.
  static func body(of text: String) -> String {
    text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
  }
}
