import ChecklistsMessages
import Foundation
import HTTPServer
import SQLDatabase
import Synchronization

/// What the server has done since it started, for `GET /metrics` in Prometheus' text
/// exposition format 0.0.4: requests by route template, method and status, how long they
/// took by route, the open event streams, the time spent in database transactions and the
/// reminders sent.
///
/// Labels stay few whatever clients send: a route is its template in the ``RouteTable``
/// (`/api/v1/items/{id}`), a path no route matches is `unmatched`, and a method the server
/// does not know is `other`.
final class ServerMetrics: Sendable {
  /// The upper bounds of the latency histogram's buckets, in seconds.
  static let durationBuckets: [Double] = [
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]
  /// The route label of a request that no route matches.
  static let unmatchedRoute = "unmatched"
  private static let knownMethods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS",
  ]

  /// The bearer token `/metrics` asks for; nil turns the endpoint off (404).
  let token: String?

  private struct RequestKey: Hashable {
    var route: String
    var method: String
    var status: Int
  }

  private struct Histogram {
    var buckets = [UInt64](repeating: 0, count: ServerMetrics.durationBuckets.count)
    var count: UInt64 = 0
    var sum: Double = 0

    mutating func observe(_ seconds: Double) {
      // Each bucket counts only its own stretch; the exposition adds them up.
      if let index = ServerMetrics.durationBuckets.firstIndex(where: { seconds <= $0 }) {
        buckets[index] += 1
      }
      count += 1
      sum += seconds
    }
  }

  private struct Counts {
    var requests: [RequestKey: UInt64] = [:]
    var durations: [String: Histogram] = [:]
  }

  private let counts = Mutex(Counts())
  private let openStreams = Atomic<Int>(0)
  private let reminders = Atomic<UInt64>(0)

  /// Starts counting from zero.
  /// - Parameter token: The bearer token `/metrics` asks for; nil turns it off.
  init(token: String? = nil) {
    self.token = token
  }

  // MARK: - Counting

  /// Counts one reminder sent to the open pages.
  func reminderSent() {
    reminders.add(1, ordering: .relaxed)
  }

  /// Counts one answered request.
  /// - Parameters:
  ///   - route: The route's template, or ``unmatchedRoute``.
  ///   - method: The request's method.
  ///   - status: The status answered.
  ///   - seconds: How long the handler took.
  func record(route: String, method: String, status: Int, seconds: Double) {
    let key = RequestKey(
      route: route, method: Self.knownMethods.contains(method) ? method : "other", status: status)
    counts.withLock { counts in
      counts.requests[key, default: 0] += 1
      counts.durations[route, default: Histogram()].observe(seconds)
    }
  }

  /// Wraps the server's handler: counts each request under its route's template and, for an
  /// event stream, counts it open until it closes.
  /// - Parameters:
  ///   - table: The routes whose templates label the requests.
  ///   - handler: The handler that answers.
  /// - Returns: A handler that answers the same and counts.
  func counting(
    _ table: RouteTable, _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) -> @Sendable (HTTPRequest) -> HTTPResponse {
    { [self] request in
      let start = ContinuousClock.now
      let response = handler(request)
      let elapsed = start.duration(to: .now)
      let route: String
      switch table.router.match(request.method, request.pathSegments) {
      case .found(let matched, _): route = matched.path
      case .methodNotAllowed, .notFound: route = Self.unmatchedRoute
      }
      record(
        route: route, method: request.method, status: response.status,
        seconds: Double(elapsed.components.seconds)
          + Double(elapsed.components.attoseconds) / 1e18)
      if case .stream(let stream) = response.body {
        openStreams.add(1, ordering: .relaxed)
        stream.onClose { [self] in _ = openStreams.subtract(1, ordering: .relaxed) }
      }
      return response
    }
  }

  // MARK: - Exposition

  /// `GET /metrics`: the exposition for a request with the right bearer token.
  /// - Throws: ``APIError`` 404 while no token is set (as for any unknown page), 401 with a
  ///   wrong or missing token.
  func response(for request: HTTPRequest) throws -> HTTPResponse {
    guard let token else {
      throw APIError.notFound(MessageText("server.api.noPage", ["path": "\(request.path)"]))
    }
    let given = request.headers["Authorization"].flatMap { value -> String? in
      let parts = value.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
      return String(parts[1].trimmingCharacters(in: .whitespaces))
    }
    guard let given, Self.constantTimeEqual(given, token) else {
      throw APIError(
        status: 401,
        detail: MessageCatalogue.english.text("server.api.metricsNeedsToken"),
        headers: ["WWW-Authenticate": "Bearer realm=\"metrics\"", "Cache-Control": "no-store"])
    }
    return HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store",
      ],
      text: exposition())
  }

  /// Every metric in the text exposition format 0.0.4, series sorted by their labels.
  func exposition() -> String {
    let counts = counts.withLock { $0 }
    var text = ""
    func family(_ name: String, _ type: String, _ help: String) {
      text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type)\n"
    }

    family(
      "checklists_http_requests_total", "counter",
      "Requests answered, by route template, method and status.")
    for (key, value) in counts.requests.sorted(by: {
      ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status)
    }) {
      let labels = Self.labels([
        ("route", key.route), ("method", key.method), ("status", String(key.status)),
      ])
      text += "checklists_http_requests_total\(labels) \(value)\n"
    }

    let duration = "checklists_http_request_duration_seconds"
    family(duration, "histogram", "Time to answer a request, by route template.")
    for (route, histogram) in counts.durations.sorted(by: { $0.key < $1.key }) {
      var cumulative: UInt64 = 0
      for (bound, count) in zip(Self.durationBuckets, histogram.buckets) {
        cumulative += count
        let labels = Self.labels([("route", route), ("le", Self.number(bound))])
        text += "\(duration)_bucket\(labels) \(cumulative)\n"
      }
      text += "\(duration)_bucket\(Self.labels([("route", route), ("le", "+Inf")])) "
      text += "\(histogram.count)\n"
      text += "\(duration)_sum\(Self.labels([("route", route)])) \(Self.number(histogram.sum))\n"
      text += "\(duration)_count\(Self.labels([("route", route)])) \(histogram.count)\n"
    }

    family("checklists_event_streams_open", "gauge", "Live-update event streams open now.")
    text += "checklists_event_streams_open \(openStreams.load(ordering: .relaxed))\n"
    family(
      "checklists_database_seconds_total", "counter",
      "Seconds spent inside database transactions by this process.")
    text += "checklists_database_seconds_total \(Self.number(SQLTransactionClock.seconds))\n"
    family("checklists_reminders_sent_total", "counter", "Reminders sent to open pages.")
    text += "checklists_reminders_sent_total \(reminders.load(ordering: .relaxed))\n"
    return text
  }

  // MARK: - Format

  /// `{name="value",…}`, values escaped as the format asks (`\\`, `\"`, `\n`).
  static func labels(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\($0.0)=\"\(escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
  }

  static func escapeLabel(_ value: String) -> String {
    value.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  static func escapeHelp(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A float as the format writes it: `0.005`, `1`, `2.5`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// Whether two tokens are equal, taking as long whatever the first differing byte is.
  static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
    let given = Array(given.utf8)
    let expected = Array(expected.utf8)
    var difference: UInt8 = given.count == expected.count ? 0 : 1
    for index in expected.indices {
      difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
  }
}
