import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real server on a free port of 127.0.0.1 over a real SQLite file, with a clock the test
/// moves by hand.
final class TestServer: Sendable {
  let server: ChecklistsServer
  let service: ChecklistService
  let databasePath: String
  let clock: ManualClock

  /// Starts a server; `commandRunner` answers `POST /api/v1/cli` (none: 404 there), and
  /// `publicURLs` are the names it answers to besides 127.0.0.1 and localhost.
  init(
    start: Date = Date(timeIntervalSince1970: 1_800_000_000),
    commandRunner: RemoteCommandRunner? = nil, publicURLs: [PublicURL] = [],
    signUp: ChecklistsServer.SignUp = .invitation
  ) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    databasePath = folder.appendingPathComponent("checklists.sqlite").path
    clock = ManualClock(start)
    let store = try SQLChecklistStore(sqlitePath: databasePath)
    service = try ChecklistService.openLocal(store: store, now: clock.now)
    var configuration = ChecklistsServer.Configuration()
    configuration.port = 0
    configuration.threadCount = 4
    configuration.watchInterval = .milliseconds(50)
    // Whatever the machine's settings: a catalogue in euros, prices shown as in the US unless a
    // request's Accept-Language asks otherwise.
    configuration.currency = .euro
    configuration.locale = Locale(identifier: "en_US")
    configuration.commandRunner = commandRunner
    configuration.publicURLs = publicURLs
    configuration.signUp = signUp
    server = try ChecklistsServer(
      store: store, configuration: configuration, now: clock.now, logsRequests: false)
    try server.start()
  }

  deinit {
    server.shutdown()
  }

  var baseURL: String { server.url }

  /// A second connection to the same file, as the CLI in another process would have.
  func otherProcess() throws -> ChecklistService {
    try ChecklistService.openLocal(
      store: SQLChecklistStore(sqlitePath: databasePath), now: clock.now)
  }

  struct Response: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object.
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: body)
      return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }
  }

  /// Sends a request and waits for the answer.
  func request(
    _ method: String, _ path: String, json: Any? = nil, body: Data? = nil,
    headers: [String: String] = [:]
  ) async throws -> Response {
    var request = URLRequest(url: URL(string: baseURL + path)!)
    request.httpMethod = method
    if let json {
      request.httpBody = try JSONSerialization.data(withJSONObject: json)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let body { request.httpBody = body }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await Self.session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      fields["\(key)"] = "\(value)"
    }
    return Response(status: http.statusCode, headers: fields, body: data)
  }

  /// A URL session that keeps no cookies, so each test sends exactly the cookies it means to
  /// (cookies ignore ports: servers of other tests on 127.0.0.1 would see them).
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    return URLSession(configuration: configuration)
  }()

  func get(_ path: String, headers: [String: String] = [:]) async throws -> Response {
    try await request("GET", path, headers: headers)
  }
}

/// A clock that stands still until the test moves it.
final class ManualClock: Sendable {
  private let current: Mutex<Date>

  init(_ start: Date) {
    current = Mutex(start)
  }

  var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

  func advance(to date: Date) {
    current.withLock { $0 = date }
  }

  func advance(by seconds: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}
