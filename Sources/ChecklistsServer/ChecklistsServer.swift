import ChecklistsCore
import ChecklistsStore
import Foundation
import HTTPServer

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

    /// The defaults: 127.0.0.1:8080.
    public init() {}
  }

  private let http: HTTPServer
  private let events: EventHub
  private let watcher: ChangeWatcher
  private let log: ServerLog

  /// Prepares a server for one user's lists, checklists and shopping, seeding the catalogue on
  /// first use.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` when the store cannot be read or keeps no
  ///   shopping lists, or when `CHECKLISTS_CURRENCY` is not a currency code.
  /// - Parameters:
  ///   - logsRequests: Whether to write an access line per request.
  ///   - logOutput: Where log lines go.
  public init(
    service: ChecklistService, configuration: Configuration = Configuration(),
    logsRequests: Bool = true, logOutput: FileHandle = .standardOutput
  ) throws {
    guard let shoppingStore = service.store as? any ShoppingStore else {
      throw ChecklistsError(
        .storage, "This store keeps no shopping lists; the server needs the SQLite store.")
    }
    let currency =
      try configuration.currency
      ?? CurrencySetting.resolve(
        environment: ProcessInfo.processInfo.environment, locale: configuration.locale)
    let shopping = try ShoppingService.open(
      store: shoppingStore, owner: service.owner, currency: currency, now: service.now)
    let log = ServerLog(now: service.now, output: logOutput)
    let events = EventHub(service: service)
    let watcher = try ChangeWatcher(
      service: service, events: events, interval: configuration.watchInterval,
      log: { log($0) })
    let cache = ResponseCache()
    watcher.onChange = { cache.invalidate() }
    watcher.afterCheck = { log.flush() }
    let api = ChecklistsAPI(
      service: service, shopping: shopping, locale: configuration.locale, events: events,
      cache: cache,
      didWrite: {
        cache.invalidate()
        watcher.poke()
      })
    var settings = HTTPServerConfiguration(
      host: configuration.host, port: configuration.port,
      threadCount: configuration.threadCount)
    // JSON bodies stay small; an imported Checklists.plist of 100,000 items is about 6 MB.
    settings.bodySizeLimit = { method, path in
      method == "POST"
        && (path.hasPrefix("/api/v1/import") || path.hasPrefix("/api/v1/catalogue/import"))
        ? 64 << 20 : 1 << 20
    }
    let problem: @Sendable (Int, String) -> HTTPResponse = { status, detail in
      HTTPResponse.problem(status: status, detail: detail)
    }
    let logAccess: @Sendable (HTTPAccessRecord) -> Void = { record in log.access(record) }
    let access = logsRequests ? logAccess : nil
    let handler = Self.handler(api: api)
    self.http = HTTPServer(
      configuration: settings, handler: handler, errorResponse: problem, accessLog: access)
    self.events = events
    self.watcher = watcher
    self.log = log
  }

  /// Starts listening and watching for changes.
  /// - Throws: `HTTPServerError` when the address can't be used, such as a port in use.
  public func start() throws {
    try http.start()
    watcher.start()
    log("Checklists is listening on \(url)")
  }

  /// The address to open in a browser.
  public var url: String { http.url }

  /// The port the server listens on.
  public var port: UInt16 { http.port }

  /// Stops gracefully: no new connections, in-flight requests finish, live streams close.
  public func shutdown() {
    watcher.stop()
    events.closeAll()
    http.shutdown()
    log("Checklists stopped")
  }

  /// Sends `/api/…` to the API and everything else to the web app, with security headers.
  private static func handler(api: ChecklistsAPI) -> @Sendable (HTTPRequest) -> HTTPResponse {
    { request in
      var response =
        request.path.hasPrefix("/api/") ? api.handle(request) : StaticFiles.response(for: request)
      addSecurityHeaders(&response)
      return response
    }
  }

  private static func addSecurityHeaders(_ response: inout HTTPResponse) {
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Content-Security-Policy"] =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      + "connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; "
      + "base-uri 'self'; form-action 'self'"
  }
}
