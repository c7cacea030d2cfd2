import ChecklistsCore
import ChecklistsMessages
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import HTTPServer
import Synchronization
import WebDAV
import WebPush

/// `checklists serve`: the JSON API, live updates, reminders and the web app on one port.
public final class ChecklistsServer: Sendable {
  /// Where and how the server listens.
  public struct Configuration: Sendable {
    /// The address to listen on; loopback by default.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port: UInt16 = 8080
    /// Threads answering requests.
    public var threadCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
    /// How often the change log is read for changes made by other processes.
    public var watchInterval: Duration = .milliseconds(100)
    /// How prices are read and shown when a request has no `Accept-Language`.
    public var locale = Locale.current
    /// The currency of a new catalogue; `nil` for `CHECKLISTS_CURRENCY`, else the locale's
    /// currency, else the euro. A catalogue that exists keeps its own.
    public var currency: Currency?
    /// Whether session cookies are marked `Secure` although this server speaks plain HTTP:
    /// true when browsers reach it through an HTTPS proxy. With ``tls`` they always are.
    public var secureCookies = false
    /// The PEM certificate and key to serve HTTPS with; `nil` serves plain HTTP.
    public var tls: HTTPServerConfiguration.TLS?
    /// The addresses people use to reach the server besides this machine's own (loopback
    /// names, IP addresses): it answers only requests naming one of them in `Host`, and takes
    /// changes only from their pages (see ``PublicURL``). Behind a proxy, the URL browsers use.
    public var publicURLs: [PublicURL] = []
    /// The most connections one client address (an IPv6 /64) may hold at once; 0 for no
    /// limit; `nil` for 64, or no limit behind a proxy, where every connection comes from it.
    public var maxConnectionsPerAddress: Int?
    /// Runs the command lines that `checklists login` sends to `POST /api/v1/cli`; `nil`
    /// answers 404 there.
    public var commandRunner: RemoteCommandRunner?
    /// The bearer token `GET /metrics` asks for; `nil` turns `/metrics` off (404).
    public var metricsToken: String?
    /// The VAPID `sub` claim: a `mailto:` or `https:` URL where push services can reach the
    /// operator; `nil` for the first public URL, else the URL the server listens on.
    public var pushContact: String?
    /// Plain-HTTP origins (`http://127.0.0.1:8090`) push endpoints may have besides
    /// `https://` ones: for tests that play the push service.
    public var pushAllowedInsecureOrigins: [String] = []
    /// Whether people may make their own account through an invite link (the default), or
    /// accounts are made only with `checklists user add`.
    public var signUp: SignUp = .invitation

    /// How passwords are hashed, at sign-up and when a sign-in finds a hash weaker than this
    /// (it is made again): argon2id's interactive limits. Tests, which sign in hundreds of
    /// times, use `.minimum`.
    package var passwordHasher = PasswordHasher()

    /// The defaults: 127.0.0.1:8080.
    public init() {}
  }

  let http: HTTPServer
  private let events: EventHub
  let watcher: ChangeWatcher
  private let log: ServerLog
  let origins: ServerOrigins
  /// Answers every request the listener reads, and those of clients in this process
  /// (``respond(to:)``): host and path checks, the routes, security headers, metrics.
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// The answer to a request refused before it reaches ``handler``.
  let errorResponse: @Sendable (Int, String, String) -> HTTPResponse

  /// Prepares a server for the lists in `store`: every user's, once accounts exist, else the
  /// single local user's (see ``Authenticator``).
  ///
  /// - Throws: ``ChecklistsCore/ChecklistsError`` when the store cannot be read, when
  ///   `CHECKLISTS_CURRENCY` is not a currency code, or when the address is not loopback and
  ///   there are no accounts (anyone on the network could read every list).
  /// - Parameters:
  ///   - store: The database to serve.
  ///   - now: The clock (tests move it by hand).
  ///   - logsRequests: Whether to write an access line per request.
  ///   - logOutput: Where log lines go.
  public init(
    store: any ChecklistsDatabase, configuration: Configuration = Configuration(),
    now: @escaping @Sendable () -> Date = Date.init, logsRequests: Bool = true,
    logOutput: FileHandle = .standardOutput
  ) throws {
    // Behind a proxy the server listens on loopback but answers the network: it counts as open.
    let isLoopback = HostName.isLoopback(configuration.host) && !configuration.secureCookies
    if !isLoopback, try !store.hasAccounts() {
      throw ChecklistsError.invalid(
        "Checklists will not serve \(configuration.secureCookies ? "through a proxy" : "on \(configuration.host)") without accounts: anyone who can "
          + "reach it could read and change every list. Add a user first with "
          + "'checklists user add <name>', or listen on 127.0.0.1.")
    }
    let currency =
      try configuration.currency
      ?? CurrencySetting.resolve(
        environment: ProcessInfo.processInfo.environment, locale: configuration.locale)
    let directory = UserDirectory(store: store, currency: currency, now: now)
    let origins = ServerOrigins(
      publicURLs: configuration.publicURLs, listenHost: configuration.host,
      port: configuration.port, secure: configuration.secureCookies || configuration.tls != nil,
      behindProxy: configuration.secureCookies, tls: configuration.tls != nil)
    let authenticator = Authenticator(
      accounts: AccountService(store: store, hasher: configuration.passwordHasher, now: now),
      directory: directory,
      isLoopback: isLoopback,
      secureCookies: configuration.secureCookies || configuration.tls != nil,
      behindProxy: configuration.secureCookies, origins: origins)
    let log = ServerLog(now: now, output: logOutput)
    let outages = DatabaseOutageLog(now: now, log: { log($0) })
    let metrics = ServerMetrics(token: configuration.metricsToken)
    let events = EventHub(store: store)
    let watcher = try ChangeWatcher(
      store: store, now: now, events: events, interval: configuration.watchInterval,
      log: { log($0) }, outages: outages)
    let cache = ResponseCache()
    watcher.onChange = { cache.invalidate() }
    watcher.afterCheck = { log.flush() }
    watcher.onReminderSent = { metrics.reminderSent() }
    let (push, vapidKey) = try Self.webPush(store: store, configuration: configuration, now: now)
    let pusher = ReminderPusher(store: store, log: { log($0) })
    watcher.onReminderClaimed = { item, list in pusher.enqueue(item, in: list) }
    var gateway = APIGateway(
      authenticator: authenticator, locale: configuration.locale, events: events, cache: cache,
      didWrite: {
        cache.invalidate()
        watcher.poke()
      }, commandRunner: configuration.commandRunner, metrics: metrics,
      readiness: ReadinessProbe(store: store),
      faults: ServerFaults(log: { log($0) }, outages: outages), push: push)
    gateway.signUp = configuration.signUp
    var settings = HTTPServerConfiguration(
      host: configuration.host, port: configuration.port,
      threadCount: configuration.threadCount, tls: configuration.tls)
    // Behind a proxy every connection comes from the proxy's address: the proxy limits clients.
    settings.maxConnectionsPerAddress =
      configuration.maxConnectionsPerAddress
      ?? (configuration.secureCookies ? 0 : settings.maxConnectionsPerAddress)
    // Each route's own limit (``Route/BodyLimit``): JSON bodies stay small, imports may not.
    let table = gateway.table
    settings.bodySizeLimit = { method, path in table.bodyLimit(method, path) }
    let problem: @Sendable (Int, String, String) -> HTTPResponse = { status, detail, path in
      Self.refusal(status: status, detail: detail, rawPath: path)
    }
    let logAccess: @Sendable (HTTPAccessRecord) -> Void = { record in log.access(record) }
    let access = logsRequests ? logAccess : nil
    let handler = metrics.counting(
      table,
      Self.handler(gateway: gateway, origins: origins, secure: configuration.tls != nil))
    self.http = HTTPServer(
      configuration: settings, handler: handler, errorResponse: problem, accessLog: access)
    self.handler = handler
    self.errorResponse = problem
    self.events = events
    self.watcher = watcher
    self.log = log
    self.origins = origins
    self.behindProxy = configuration.secureCookies
    self.pusher = pusher
    self.pushEndpoints = push.endpoints
    self.vapidKey = vapidKey
    self.pushContact = configuration.pushContact ?? configuration.publicURLs.first?.origin
    self.now = now
  }

  private let behindProxy: Bool
  private let pusher: ReminderPusher
  private let pusherStarted = Mutex(false)
  private let pushEndpoints: PushEndpoint
  private let vapidKey: P256KeyPair
  private let pushContact: String?
  private let now: @Sendable () -> Date

  /// The name of the VAPID private key in the database's `server_keys`.
  static let vapidKeyName = "vapid-private-key"

  /// The push routes, with the VAPID key pair made on the first start and kept in the
  /// database, so every instance on it signs with the same key.
  private static func webPush(
    store: any ChecklistsDatabase, configuration: Configuration,
    now: @escaping @Sendable () -> Date
  ) throws -> (PushRoutes, P256KeyPair) {
    let endpoints: PushEndpoint
    do {
      endpoints = try PushEndpoint(allowedInsecureOrigins: configuration.pushAllowedInsecureOrigins)
    } catch let error as WebPushError {
      throw ChecklistsError.invalid("--push-allow-insecure-origin: \(error.message)")
    }
    let stored = try store.serverKey(named: vapidKeyName) {
      do {
        return try P256KeyPair().privateKeyBase64URL
      } catch {
        throw ChecklistsError(.storage, "Could not make the Web Push (VAPID) key: \(error)")
      }
    }
    let key: P256KeyPair
    do {
      key = try P256KeyPair(base64URL: stored)
    } catch {
      throw ChecklistsError(
        .storage, "The database's Web Push (VAPID) key is damaged: \(error)")
    }
    let routes = PushRoutes(
      store: store, publicKey: key.publicKey.base64URL, endpoints: endpoints, now: now)
    return (routes, key)
  }

  /// Starts listening and watching for changes.
  /// - Throws: `HTTPServerError` when the address can't be used, such as a port in use.
  public func start() throws {
    try bind()
    try http.start()
    startPusher()
    watcher.start()
    log("Checklists is listening on \(url)")
    if behindProxy, origins.publicURLs.isEmpty {
      log(
        "Warning: --behind-https-proxy without --public-url: requests that name the proxy's "
          + "host are refused (421 Misdirected Request). Give the URL browsers use, such as "
          + "--public-url https://checklists.example.com.")
    }
  }

  /// Binds the address, so that ``port`` and ``url`` are known, without starting a thread.
  func bind() throws {
    try http.bind()
    origins.listening(on: http.port)
  }

  /// Starts the thread that sends reminders to push services, once.
  func startPusher() {
    let first = pusherStarted.withLock { started in
      defer { started = true }
      return !started
    }
    guard first else { return }
    pusher.start(
      sender: PushSender(
        key: vapidKey, subject: pushContact ?? url, endpoints: pushEndpoints, now: now))
  }

  /// The address to open in a browser.
  public var url: String { http.url }

  /// The port the server listens on.
  public var port: UInt16 { http.port }

  /// Stops gracefully: no new connections, in-flight requests finish, live streams close.
  public func shutdown() {
    watcher.stop()
    pusher.stop()
    events.closeAll()
    http.shutdown()
    log("Checklists stopped")
  }

  /// Refuses a request for another host (``ServerOrigins``) or with an encoded slash in a
  /// segment, closing its connection (`Connection: close`), then answers it from the route table (``APIGateway``), with security headers.
  /// A 503 says when to retry and is never cached; what failed is in the log, not the answer
  /// (``ServerFaults``).
  private static func handler(
    gateway: APIGateway, origins: ServerOrigins, secure: Bool
  )
    -> @Sendable (HTTPRequest) -> HTTPResponse
  {
    { request in
      var response: HTTPResponse
      do {
        try origins.checkHost(request)
        if request.rawPath.utf8.contains(UInt8(ascii: "%"))
          && request.pathSegments.contains(where: { $0.contains("/") })
        {
          response = Self.refusal(
            status: 404,
            detail: MessageCatalogue.english.text(
              "server.api.noPageApi", ["rawPath": "\(request.rawPath)"]),
            rawPath: request.rawPath)
          // A proxy may have routed it by the decoded path: closing like a host refusal.
          response.headers["Connection"] = "close"
        } else {
          response = gateway.handle(request)
        }
      } catch {
        // A missing, repeated or foreign Host: a proxy in front may have read the request as
        // addressed elsewhere, so nothing sent behind it on this connection is read.
        response = gateway.answer(error, to: request, dav: false)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Connection"] = "close"
      }
      if response.status == 503 { noteOutage(&response) }
      addSecurityHeaders(&response, secure: secure)
      return response
    }
  }

  /// A request the server refuses before routing it (a path that does not decode, an encoded
  /// slash, a body too large): a `DAV:error` under `/dav/`, where clients read XML, and a
  /// problem (`application/problem+json`) elsewhere.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - detail: The sentence the answer carries.
  ///   - rawPath: The path as sent, percent-encoded.
  static func refusal(status: Int, detail: String, rawPath: String) -> HTTPResponse {
    guard CalDAVPath.contains(rawPath) else {
      return .problem(status: status, detail: detail)
    }
    return .davError(WebDAVError(status: status, message: detail))
  }

  /// How long a client is asked to wait before retrying while the database is not answering.
  static let retryAfterSeconds = 2

  /// Adds `Retry-After` to a 503. What failed went to the log where it was answered
  /// (``ServerFaults``, which tells ``DatabaseOutageLog``).
  private static func noteOutage(_ response: inout HTTPResponse) {
    if response.headers["Retry-After"] == nil {
      response.headers["Retry-After"] = String(retryAfterSeconds)
    }
    response.headers["Cache-Control"] = "no-store"
  }

  private static func addSecurityHeaders(_ response: inout HTTPResponse, secure: Bool) {
    // Over HTTPS, browsers remember for a year to come back only over HTTPS.
    if secure { response.headers["Strict-Transport-Security"] = "max-age=31536000" }
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Content-Security-Policy"] =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      + "connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; "
      + "base-uri 'self'; form-action 'self'"
  }
}
