import ChecklistsMessages
import HTTPServer

/// Finds the route for a request's method and path in a list of ``Route``s.
///
/// A path that matches no pattern is 404; a method the pattern doesn't take is 405 with
/// `Allow`. A literal segment wins over `{name}`, which wins over a last `{name...}`, so
/// `/api/v1/catalogue/search` is never read as an item id, whatever order routes are
/// declared in.
struct Router: Sendable {
  /// What a request's method and path find.
  enum Match: Sendable {
    case found(Route, Route.Parameters)
    /// The path exists but not with this method: the methods it takes, for `Allow`.
    case methodNotAllowed([String])
    case notFound
  }

  /// A pattern's segment, read once when the table is built.
  private enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
    /// A last `{name...}`: the rest of the path, one segment or more.
    case rest(String)

    init(_ text: String) {
      if text.hasPrefix("{"), text.hasSuffix("...}") {
        self = .rest(String(text.dropFirst().dropLast(4)))
      } else if text.hasPrefix("{"), text.hasSuffix("}") {
        self = .parameter(String(text.dropFirst().dropLast()))
      } else {
        self = .literal(text)
      }
    }

    /// 0 for a literal segment, 1 for `{name}`, 2 for `{name...}`.
    var rank: Int {
      switch self {
      case .literal: 0
      case .parameter: 1
      case .rest: 2
      }
    }
  }

  private struct Pattern: Sendable {
    var segments: [Segment]
    var routes: [String: Route]
  }

  /// The patterns by their first literal segment (`api`, `lists`, `app.js`), most specific
  /// first, so a request is compared with a handful of patterns rather than every route.
  private let byFirstSegment: [String: [Pattern]]
  /// Patterns whose first segment is not a literal, tried after those.
  private let others: [Pattern]

  /// Groups routes by pattern, most specific first.
  init(_ routes: [Route]) {
    var patterns: [Pattern] = []
    for route in routes {
      let segments = route.segments.map(Segment.init)
      if let index = patterns.firstIndex(where: { $0.segments == segments }) {
        precondition(
          patterns[index].routes[route.method] == nil,
          "two routes for \(route.method) \(route.path)")
        patterns[index].routes[route.method] = route
      } else {
        patterns.append(Pattern(segments: segments, routes: [route.method: route]))
      }
    }
    let sorted = patterns.enumerated().sorted { a, b in
      let (ra, rb) = (a.element.segments.map(\.rank), b.element.segments.map(\.rank))
      return ra == rb ? a.offset < b.offset : ra.lexicographicallyPrecedes(rb)
    }.map(\.element)
    var byFirstSegment: [String: [Pattern]] = [:]
    var others: [Pattern] = []
    for pattern in sorted {
      if case .literal(let first)? = pattern.segments.first {
        byFirstSegment[first, default: []].append(pattern)
      } else {
        others.append(pattern)
      }
    }
    self.byFirstSegment = byFirstSegment
    self.others = others
  }

  /// The route for a method and a path's segments (as the client split them: an encoded
  /// slash is part of a segment). HEAD finds the GET route.
  func match(_ method: String, _ path: [String]) -> Match {
    let candidates = path.first.flatMap { byFirstSegment[$0] } ?? []
    for pattern in candidates + others {
      guard let parameters = Self.match(pattern.segments, path) else { continue }
      guard let route = pattern.routes[method == "HEAD" ? "GET" : method] else {
        var allowed = pattern.routes.keys.sorted()
        if let get = allowed.firstIndex(of: "GET") { allowed.insert("HEAD", at: get + 1) }
        return .methodNotAllowed(allowed)
      }
      return .found(route, parameters)
    }
    return .notFound
  }

  /// Finds the route for a request.
  /// - Throws: ``APIError`` 404 for an unknown path, 405 for a method the path doesn't take.
  func route(_ request: HTTPRequest) throws -> (Route, Route.Parameters) {
    switch match(request.method, request.pathSegments) {
    case .found(let route, let parameters): return (route, parameters)
    case .methodNotAllowed(let allowed):
      throw APIError.methodNotAllowed(request.method, allowed: allowed)
    case .notFound:
      throw APIError.notFound(
        request.path.hasPrefix("/api/")
          ? MessageText("server.api.noRoute", ["path": request.path])
          : MessageText("server.api.noPage", ["path": request.path]))
    }
  }

  private static func match(_ pattern: [Segment], _ path: [String]) -> Route.Parameters? {
    if case .rest? = pattern.last {
      guard path.count >= pattern.count else { return nil }
    } else {
      guard pattern.count == path.count else { return nil }
    }
    // Literals first, without building anything: most patterns fail here.
    for (expected, actual) in zip(pattern, path) {
      if case .literal(let literal) = expected, literal != actual { return nil }
    }
    var parameters = Route.Parameters()
    for (index, expected) in pattern.enumerated() {
      switch expected {
      case .literal: continue
      case .parameter(let name): parameters.values[name] = path[index]
      case .rest(let name): parameters.values[name] = path[index...].joined(separator: "/")
      }
    }
    return parameters
  }
}
