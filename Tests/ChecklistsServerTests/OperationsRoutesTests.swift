import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import SQLiteDatabase
import Testing

@testable import ChecklistsServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real server on 127.0.0.1 over a real SQLite file, with `/metrics` on when given a token;
/// the test holds the store to close or lock it.
final class OperationsServer: Sendable {
  let server: ChecklistsServer
  let store: SQLChecklistStore
  let databasePath: String

  init(metricsToken: String? = nil) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-operations-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    databasePath = folder.appendingPathComponent("checklists.sqlite").path
    store = try SQLChecklistStore(sqlitePath: databasePath)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.threadCount = 4
    configuration.watchInterval = .milliseconds(50)
    configuration.currency = .euro
    configuration.locale = Locale(identifier: "en_US")
    configuration.metricsToken = metricsToken
    server = try ChecklistsServer(store: store, configuration: configuration, logsRequests: false)
    try server.start()
  }

  deinit { server.shutdown() }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> TestServer.Response {
    var request = URLRequest(url: URL(string: server.url + path)!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await TestServer.session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
    return TestServer.Response(status: http.statusCode, headers: fields, body: data)
  }

  /// `/metrics` with the token, read by the strict parser.
  func metrics(token: String) async throws -> PrometheusExposition {
    let response = try await get("/metrics", headers: ["Authorization": "Bearer \(token)"])
    #expect(response.status == 200, "\(response.text)")
    return try PrometheusExposition(response.text)
  }
}

@Suite("Operations: /healthz, /readyz and /metrics on a real server")
struct OperationsRoutesTests {
  @Test("/healthz and /readyz answer without a session, uncached, even once accounts exist")
  func healthAndReadiness() async throws {
    let running = try OperationsServer()
    try AccountService(store: running.store, hasher: PasswordHasher(strength: .minimum))
      .addUser(named: "alice", password: "wonderland-42")
    // The API now wants a session (the server reads whether accounts exist once a second).
    var signedOut = 0
    for _ in 0..<50 where signedOut != 401 {
      signedOut = try await running.get("/api/v1/checklists").status
      if signedOut != 401 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(signedOut == 401)
    let health = try await running.get("/healthz")
    #expect(health.status == 200)
    #expect(health.text == "ok\n")
    #expect(health.header("Cache-Control") == "no-store")
    let ready = try await running.get("/readyz")
    #expect(ready.status == 200)
    #expect(ready.text == "ready\n")
    #expect(ready.header("Cache-Control") == "no-store")
  }

  @Test("/readyz is 503 with a request id once the database is closed; /healthz stays 200")
  func readinessWithTheDatabaseClosed() async throws {
    let running = try OperationsServer()
    #expect(try await running.get("/readyz").status == 200)
    running.store.close()
    let ready = try await running.get("/readyz")
    #expect(ready.status == 503)
    #expect(ready.header("Content-Type") == "application/problem+json")
    try Self.expectUnavailable(ready, running)
    #expect(try await running.get("/healthz").status == 200)
  }

  /// A 503 of `/readyz`: a short sentence and a request id, never the database's path (the
  /// log has why, under the id).
  static func expectUnavailable(
    _ ready: TestServer.Response, _ running: OperationsServer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let problem = try ready.json()
    #expect(
      problem["detail"] as? String == ServerFaults.unavailable, sourceLocation: sourceLocation)
    let id = try #require(problem["requestId"] as? String, sourceLocation: sourceLocation)
    #expect(ready.header("X-Request-ID") == id, sourceLocation: sourceLocation)
    #expect(!ready.text.contains(running.databasePath), sourceLocation: sourceLocation)
  }

  @Test("/readyz is 503 with a request id when the database file is overwritten with garbage")
  func readinessWithTheFileUnreadable() async throws {
    let running = try OperationsServer()
    #expect(try await running.get("/readyz").status == 200)
    // Everything, the WAL and its index included, becomes bytes that are no database: what a disk that
    // failed, or a file copied over a live one, leaves.
    for suffix in ["", "-wal", "-shm"] {
      let path = running.databasePath + suffix
      guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int,
        let handle = FileHandle(forWritingAtPath: path)
      else { continue }
      try handle.write(contentsOf: Data(repeating: 0x5A, count: max(size, 4096)))
      try handle.close()
    }
    let ready = try await running.get("/readyz")
    #expect(ready.status == 503)
    try Self.expectUnavailable(ready, running)
    #expect(try await running.get("/healthz").status == 200)
  }

  @Test("/metrics is 404 without a token configured, like any unknown page")
  func metricsOffWithoutToken() async throws {
    let running = try OperationsServer()
    let response = try await running.get("/metrics", headers: ["Authorization": "Bearer x"])
    #expect(response.status == 404)
    #expect(try response.json()["detail"] as? String == "There is no page /metrics.")
  }

  @Test(
    "/metrics is 401 without the bearer token or with a wrong one",
    arguments: [
      nil, "Bearer wrong-token", "Bearer s3cret-token-but-longer", "Bearer s3cret-toke",
      "Basic czNjcmV0LXRva2Vu", "s3cret-token",
    ])
  func metricsNeedTheToken(authorization: String?) async throws {
    let running = try OperationsServer(metricsToken: "s3cret-token")
    let headers = authorization.map { ["Authorization": $0] } ?? [:]
    let response = try await running.get("/metrics", headers: headers)
    #expect(response.status == 401)
    #expect(response.header("WWW-Authenticate") == "Bearer realm=\"metrics\"")
    #expect(!response.text.contains("checklists_http_requests_total"))
  }

  @Test("/metrics parses strictly and counts requests by route template, never by raw path")
  func metricsCountRequests() async throws {
    let running = try OperationsServer(metricsToken: "s3cret-token")
    let id = UUID().uuidString.lowercased()
    #expect(try await running.get("/api/v1/checklists").status == 200)
    #expect(try await running.get("/api/v1/checklists").status == 200)
    #expect(try await running.get("/api/v1/checklists/\(id)").status == 404)
    #expect(try await running.get("/no-such-page-\(id)").status == 404)

    let response = try await running.get(
      "/metrics", headers: ["Authorization": "Bearer s3cret-token"])
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
    #expect(response.header("Cache-Control") == "no-store")
    #expect(!response.text.contains(id), "a raw path became a label")
    let metrics = try PrometheusExposition(response.text)

    #expect(metrics.types["checklists_http_requests_total"] == "counter")
    #expect(metrics.types["checklists_http_request_duration_seconds"] == "histogram")
    #expect(metrics.types["checklists_event_streams_open"] == "gauge")
    #expect(metrics.types["checklists_database_seconds_total"] == "counter")
    #expect(metrics.types["checklists_reminders_sent_total"] == "counter")
    for name in metrics.types.keys { #expect(metrics.help[name]?.isEmpty == false, "\(name)") }

    let requests = "checklists_http_requests_total"
    #expect(
      metrics.value(requests, ["route": "/api/v1/checklists", "method": "GET", "status": "200"])
        == 2)
    #expect(
      metrics.value(
        requests, ["route": "/api/v1/checklists/{id}", "method": "GET", "status": "404"]) == 1)
    #expect(metrics.value(requests, ["route": "unmatched", "method": "GET", "status": "404"]) == 1)
    let duration = "checklists_http_request_duration_seconds"
    #expect(metrics.value(duration + "_count", ["route": "/api/v1/checklists"]) == 2)
    #expect(
      metrics.value(duration + "_bucket", ["route": "/api/v1/checklists", "le": "+Inf"]) == 2)
    #expect(try #require(metrics.value("checklists_database_seconds_total")) > 0)
    #expect(metrics.value("checklists_reminders_sent_total") == 0)

    // The scrape itself is counted in the next one.
    let next = try await running.metrics(token: "s3cret-token")
    #expect(next.value(requests, ["route": "/metrics", "method": "GET", "status": "200"]) == 1)
  }

  @Test("/metrics counts an event stream open while it is, and not after it closes")
  func metricsCountEventStreams() async throws {
    let running = try OperationsServer(metricsToken: "t")
    #expect(try await running.metrics(token: "t").value("checklists_event_streams_open") == 0)
    var stream: RawHTTPConnection? = try RawHTTPConnection(port: running.server.port)
    stream!.send(
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(running.server.port)\r\n"
        + "Accept: text/event-stream\r\n\r\n")
    let opened = stream!.read(until: Date().addingTimeInterval(120)) { $0.contains("retry:") }
    #expect(opened.hasPrefix("HTTP/1.1 200"), "\(opened)")
    #expect(try await running.metrics(token: "t").value("checklists_event_streams_open") == 1)
    stream = nil
    var open: Double? = 1
    for _ in 0..<100 where open != 0 {
      open = try await running.metrics(token: "t").value("checklists_event_streams_open")
      if open != 0 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(open == 0)
  }

  @Test("The OpenAPI document describes /healthz, /readyz and /metrics, from the route table")
  func documented() async throws {
    let running = try OperationsServer()
    let document = try await running.get("/api/openapi.json").json()
    let paths = try #require(document["paths"] as? [String: Any])
    for path in ["/healthz", "/readyz", "/metrics"] {
      let item = try #require(paths[path] as? [String: Any], "\(path) is not documented")
      #expect(item["get"] != nil)
    }
  }
}

@Suite("Operations: the exposition parser refuses what Prometheus refuses")
struct PrometheusExpositionTests {
  @Test(
    "Broken expositions are refused",
    arguments: [
      "x_total 1\n",  // no TYPE
      "# TYPE x counter\nx 1",  // no final newline
      "# TYPE x counter\nx{a=\"b\\q\"} 1\n",  // bad escape
      "# TYPE x counter\nx{a=\"b\"} 1\nx{a=\"b\"} 2\n",  // a series twice
      "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
      "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",  // no +Inf
      "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 3\n",  // count differs
      "# TYPE x counter\n# TYPE y counter\nx 1\ny 1\nx{a=\"c\"} 1\n",  // split family
      "# TYPE 1x counter\n1x 1\n",  // bad name
    ])
  func refusesBrokenExpositions(text: String) {
    #expect(throws: PrometheusExposition.Failure.self) { try PrometheusExposition(text) }
  }

  @Test("The server's own label values are escaped so that they read back as recorded")
  func serverEscapesLabels() throws {
    let metrics = ServerMetrics()
    let odd = "/a\\b\"c\nd"
    metrics.record(route: odd, method: "BREW", status: 418, seconds: 0.003)
    metrics.record(route: odd, method: "GET", status: 200, seconds: 30)
    let exposition = try PrometheusExposition(metrics.exposition())
    let requests = "checklists_http_requests_total"
    #expect(exposition.value(requests, ["route": odd, "method": "other", "status": "418"]) == 1)
    let duration = "checklists_http_request_duration_seconds"
    #expect(exposition.value(duration + "_bucket", ["route": odd, "le": "0.005"]) == 1)
    #expect(exposition.value(duration + "_bucket", ["route": odd, "le": "10"]) == 1)
    #expect(exposition.value(duration + "_bucket", ["route": odd, "le": "+Inf"]) == 2)
    #expect(exposition.value(duration + "_sum", ["route": odd]) == 30.003)
  }

  @Test("Escaped label values read back as written")
  func labelEscaping() throws {
    let text = "# HELP x a \\\\ help\n# TYPE x counter\nx{a=\"q\\\"uo\\\\te\\nline\"} 1\n"
    let exposition = try PrometheusExposition(text)
    #expect(exposition.value("x", ["a": "q\"uo\\te\nline"]) == 1)
    #expect(exposition.help["x"] == "a \\ help")
  }
}
