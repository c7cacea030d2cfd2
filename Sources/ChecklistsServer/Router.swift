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

  private struct Pattern: Sendable {
    var segments: [String]
    var routes: [String: Route]
  }

  private let patterns: [Pattern]

  /// Groups routes by pattern, most specific first.
  init(_ routes: [Route]) {
    var patterns: [Pattern] = []
    for route in routes {
      let segments = route.segments
      if let index = patterns.firstIndex(where: { $0.segments == segments }) {
        precondition(
          patterns[index].routes[route.method] == nil,
          "two routes for \(route.method) \(route.path)")
        patterns[index].routes[route.method] = route
      } else {
        patterns.append(Pattern(segments: segments, routes: [route.method: route]))
      }
    }
    self.patterns = patterns.enumerated().sorted { a, b in
      let (ra, rb) = (a.element.segments.map(Self.rank), b.element.segments.map(Self.rank))
      return ra == rb ? a.offset < b.offset : ra.lexicographicallyPrecedes(rb)
    }.map(\.element)
  }

  /// The route for a method and a path's segments (as the client split them: an encoded
  /// slash is part of a segment). HEAD finds the GET route.
  func match(_ method: String, _ path: [String]) -> Match {
    for pattern in patterns {
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
          ? "There is no API route \(request.path); see /api/openapi.json."
          : "There is no page \(request.path).")
    }
  }

  /// 0 for a literal segment, 1 for `{name}`, 2 for `{name...}`.
  private static func rank(_ segment: String) -> Int {
    guard segment.hasPrefix("{") else { return 0 }
    return segment.hasSuffix("...}") ? 2 : 1
  }

  private static func match(_ pattern: [String], _ path: [String]) -> Route.Parameters? {
    var parameters = Route.Parameters()
    if let last = pattern.last, rank(last) == 2 {
      guard path.count >= pattern.count else { return nil }
      parameters.values[String(last.dropFirst().dropLast(4))] =
        path[(pattern.count - 1)...].joined(separator: "/")
    } else {
      guard pattern.count == path.count else { return nil }
    }
    for (expected, actual) in zip(pattern, path) {
      switch rank(expected) {
      case 0 where expected != actual: return nil
      case 1: parameters.values[String(expected.dropFirst().dropLast())] = actual
      default: break
      }
    }
    return parameters
  }
}
