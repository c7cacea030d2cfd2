import HTTPServer

/// Finds the handler for a request's method and path.
///
/// Patterns are path segments where `{name}` captures one segment. A path that matches no
/// pattern is 404; a method the pattern doesn't take is 405 with `Allow`. Handlers get the
/// request's `Context` (for the API: the signed-in user's services), so the table of routes
/// is built once for every user.
struct Router<Context>: Sendable {
  typealias Handler = @Sendable (Context, HTTPRequest, Parameters) throws -> HTTPResponse

  /// The captured segments of a matched path.
  struct Parameters: Sendable {
    var values: [String: String] = [:]
    subscript(name: String) -> String { values[name] ?? "" }
  }

  private struct Route: Sendable {
    var pattern: [String]
    var handlers: [String: Handler]
  }

  private var routes: [Route] = []

  /// Adds a handler for a method and pattern, such as `("GET", "/api/v1/items/{id}")`.
  mutating func on(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
    let segments = Self.segments(pattern)
    if let index = routes.firstIndex(where: { $0.pattern == segments }) {
      precondition(routes[index].handlers[method] == nil, "two handlers for \(method) \(pattern)")
      routes[index].handlers[method] = handler
    } else {
      routes.append(Route(pattern: segments, handlers: [method: handler]))
    }
  }

  /// Runs the matching handler. The path is matched segment by segment as the client split
  /// it (``HTTPServer/HTTPRequest/pathSegments``): an encoded slash is part of a segment.
  /// - Throws: 404 for an unknown path, 405 for a method the path doesn't take, and whatever
  ///   the handler throws.
  func route(_ request: HTTPRequest, context: Context) throws -> HTTPResponse {
    let path = request.pathSegments
    for route in routes {
      guard let parameters = Self.match(route.pattern, path) else { continue }
      let method = request.method == "HEAD" ? "GET" : request.method
      guard let handler = route.handlers[method] else {
        var allowed = route.handlers.keys.sorted()
        if allowed.contains("GET") {
          allowed.insert("HEAD", at: allowed.firstIndex(of: "GET")! + 1)
        }
        throw APIError.methodNotAllowed(request.method, allowed: allowed)
      }
      return try handler(context, request, parameters)
    }
    throw APIError.notFound("There is no API route \(request.path); see /api/openapi.json.")
  }

  private static func segments(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
  }

  private static func match(_ pattern: [String], _ path: [String]) -> Parameters? {
    guard pattern.count == path.count else { return nil }
    var parameters = Parameters()
    for (expected, actual) in zip(pattern, path) {
      if expected.hasPrefix("{"), expected.hasSuffix("}") {
        parameters.values[String(expected.dropFirst().dropLast())] = actual
      } else if expected != actual {
        return nil
      }
    }
    return parameters
  }
}
