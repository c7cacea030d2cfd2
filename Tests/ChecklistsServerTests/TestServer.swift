import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsServer
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server over a real SQLite file, with a clock the test moves by hand, answering requests
/// in this process by default.
///
/// Two tiers, as Hummingbird's `.router` and `.live` test modes: with `.inProcess` (the
/// default), ``request(_:_:json:body:headers:)`` hands each request to the server's own
/// handler (``ChecklistsServer/respond(to:)``: Host and Origin checks, sign-in, routes, error
/// mapping, the same as over a socket) and the change watcher runs once before and after each
/// request instead of polling. The address is bound from the start, so ``origin`` and the
/// port are known; the listener and the watcher's thread start only when a test reads
/// ``baseURL`` or ``server`` (its port, for a raw socket), or with `.socket`, where
/// ``request(_:_:json:body:headers:)`` goes over URLSession. What only the HTTP layer does
/// (framing, body-size and connection limits, slow clients, TLS, event streams) needs the
/// socket.
final class TestServer: Sendable {
  /// How ``request(_:_:json:body:headers:)`` reaches the server.
  enum Transport: Sendable {
    /// Through the server's handler in this process: no socket, no polling thread.
    case inProcess
    /// Over a real socket through URLSession: for what the HTTP layer does.
    case socket
  }

  let transport: Transport
  let service: ChecklistService
  let databasePath: String
  let clock: ManualClock
  private let app: ChecklistsServer
  private let listening = Mutex(false)

  /// Starts a server; `commandRunner` answers `POST /api/v1/cli` (none: 404 there), and
  /// `publicURLs` are the names it answers to besides 127.0.0.1 and localhost.
  init(
    start: Date = Date(timeIntervalSince1970: 1_800_000_000),
    commandRunner: RemoteCommandRunner? = nil, publicURLs: [PublicURL] = [],
    signUp: ChecklistsServer.SignUp = .invitation, transport: Transport = .inProcess
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
    // Accounts are made with the least argon2id allows (Household); at the server's interactive
    // strength every sign-in would hash 64 MiB again, most of the tier's time.
    configuration.passwordHasher = PasswordHasher(strength: .minimum)
    app = try ChecklistsServer(
      store: store, configuration: configuration, now: clock.now, logsRequests: false)
    self.transport = transport
    try app.startInProcess()
    if transport == .socket { listen() }
  }

  deinit {
    app.shutdown()
  }

  /// The server, listening: reading it starts the listener and the change watcher's thread,
  /// for tests that reach it over a socket (`server.port`).
  var server: ChecklistsServer {
    listen()
    return app
  }

  /// The server's URL, listening: reading it starts the listener and the change watcher.
  var baseURL: String {
    listen()
    return app.url
  }

  /// This site's origin, as its pages send it in `Origin`; the same with either transport,
  /// and it starts no listener.
  var origin: String { app.url }

  /// Starts the listener and the change watcher's thread, once.
  private func listen() {
    let first = listening.withLock { started in
      defer { started = true }
      return !started
    }
    guard first else { return }
    do {
      try app.start()
    } catch {
      preconditionFailure("The test server could not start listening: \(error)")
    }
  }

  /// Runs the change watcher's round now: what it would have seen by the time a client
  /// looks (changes made outside the server, reminders whose minute the clock passed).
  func checkForChanges() {
    app.checkForChanges()
  }

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

  /// Sends a request and waits for the answer, however long it takes.
  func request(
    _ method: String, _ path: String, json: Any? = nil, body: Data? = nil,
    headers: [String: String] = [:]
  ) async throws -> Response {
    var fields: [String: String] = [:]
    var payload: Data?
    if let json {
      payload = try JSONSerialization.data(withJSONObject: json)
      fields["Content-Type"] = "application/json"
    }
    if let body { payload = body }
    for (name, value) in headers {
      fields = fields.filter { $0.key.lowercased() != name.lowercased() }
      fields[name] = value
    }
    switch transport {
    case .inProcess:
      return try respondInProcess(method, path, headers: fields, body: payload.map(Array.init))
    case .socket:
      return try await Self.send(
        method, baseURL + path, headers: fields, body: payload)
    }
  }

  func get(_ path: String, headers: [String: String] = [:]) async throws -> Response {
    try await request("GET", path, headers: headers)
  }

  // MARK: - Over a socket

  /// Sends a request over URLSession.
  static func send(
    _ method: String, _ url: String, headers: [String: String], body: Data?
  ) async throws -> Response {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      fields["\(key)"] = "\(value)"
    }
    return Response(status: http.statusCode, headers: fields, body: data)
  }

  /// A URL session that keeps no cookies, so each test sends exactly the cookies it means to
  /// (cookies ignore ports: servers of other tests on 127.0.0.1 would see them).
  ///
  /// It waits for an answer as long as the server takes: a loaded machine can take minutes
  /// over a request that takes a second when it is quiet (a 2 MB import once hit the default
  /// timeout), and a test is about what the answer says, not how soon it comes.
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.timeoutIntervalForRequest = 24 * 3600
    configuration.timeoutIntervalForResource = 24 * 3600
    return URLSession(configuration: configuration)
  }()

  // MARK: - In process

  /// What a client in this process adds to every request, as URLSession on Linux does.
  private var defaultHeaders: HTTPHeaders {
    [
      "Host": String(app.url.dropFirst("http://".count)), "Accept": "*/*",
      "Accept-Language": "en", "User-Agent": "ChecklistsServerTests",
    ]
  }

  /// Answers a request through the server's handler, following redirects as URLSession does.
  private func respondInProcess(
    _ method: String, _ target: String, headers: [String: String], body: [UInt8]?
  ) throws -> Response {
    var method = method
    var target = target
    var body = body
    for _ in 0..<10 {
      let response = try exchangeInProcess(method, target, headers: headers, body: body)
      guard [301, 302, 303, 307, 308].contains(response.status),
        let location = response.header("Location"),
        let next = Self.ownTarget(location, origin: origin)
      else { return response }
      if response.status == 303 || (response.status < 303 && method == "POST") {
        method = "GET"
        body = nil
      }
      target = next
    }
    throw URLError(.httpTooManyRedirects)
  }

  /// The target of a redirect to this server, or `nil` for one elsewhere.
  private static func ownTarget(_ location: String, origin: String) -> String? {
    if location.hasPrefix("/") && !location.hasPrefix("//") { return location }
    guard location.hasPrefix(origin + "/") else { return nil }
    return String(location.dropFirst(origin.count))
  }

  /// One request and its answer through the server's handler, with the change watcher's
  /// round before (what another process wrote) and after (what this request wrote).
  ///
  /// - Parameter exactly: Whether `headers` are all the request has besides `Host` (as a
  ///   client writing HTTP by hand sends), rather than added to what URLSession sends.
  func exchangeInProcess(
    _ method: String, _ target: String, headers: [String: String], body: [UInt8]?,
    exactly: Bool = false
  ) throws -> Response {
    var fields: HTTPHeaders =
      exactly ? ["Host": String(app.url.dropFirst("http://".count))] : defaultHeaders
    if let body, !exactly {
      fields["Content-Type"] = "application/x-www-form-urlencoded"
      fields["Content-Length"] = String(body.count)
    }
    for (name, value) in headers { fields[name] = value }
    app.checkForChanges()
    let response = app.respond(method: method, target: target, headers: fields, body: body ?? [])
    app.checkForChanges()
    guard case .bytes(let bytes) = response.body else {
      if case .stream(let stream) = response.body { stream.finish() }
      Issue.record(
        Comment(
          rawValue: "\(method) \(target) answered with an event stream, which only a socket "
            + "can carry: use TestServer(transport: .socket) or a RawHTTPConnection."))
      throw URLError(.cannotParseResponse)
    }
    var answer: [String: String] = [:]
    for (name, value) in response.headers
    where !["content-length", "transfer-encoding"].contains(name.lowercased())
      && !value.contains(where: \.isNewline)
    {
      // As URLSession joins repeated fields.
      if let key = answer.keys.first(where: { $0.lowercased() == name.lowercased() }) {
        answer[key]! += ", " + value
      } else {
        answer[name] = value
      }
    }
    if response.status >= 200, response.status != 204, response.status != 304 {
      answer["Content-Length"] = String(bytes.count)
    }
    return Response(
      status: response.status, headers: answer, body: Data(method == "HEAD" ? [] : bytes))
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
