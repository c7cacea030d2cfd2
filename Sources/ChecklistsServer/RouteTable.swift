import HTTPServer

/// Every HTTP route of the server, declared once (``Route``). The router, the body limits,
/// the sign-in gate (``APIGateway``), the OpenAPI document's `paths` and the isolation
/// tests' list of routes are all computed from it.
struct RouteTable: Sendable {
  /// The routes in the order they were declared.
  let routes: [Route]
  /// Finds a request's route.
  let router: Router

  init(_ routes: [Route]) {
    self.routes = routes
    self.router = Router(routes)
  }

  /// The server's table: the API under `/api/v1`, the document, and the web app.
  static let server: RouteTable = {
    var api = RouteGroup("/api/v1", access: .signedIn)
    checklistsRoutes(&api)
    shoppingRoutes(&api)
    shopRoutes(&api)
    tripRoutes(&api)
    settingsRoutes(&api)
    sharingRoutes(&api)
    accountsRoutes(&api)
    smartListRoutes(&api)
    templateRoutes(&api)
    pushRoutes(&api)
    inviteRoutes(&api)
    var site = RouteGroup(access: .public)
    webRoutes(&site)
    operationsRoutes(&site)
    calDAVRoutes(&site)
    return RouteTable(api.routes + site.routes)
  }()

  /// The most bytes a request's body may have: the matched route's limit, else the
  /// standard one (the request is refused anyway).
  /// - Parameters:
  ///   - method: The request's method.
  ///   - rawPath: The path as sent, before percent-decoding; a query is ignored.
  func bodyLimit(_ method: String, _ rawPath: String) -> Int {
    // Only these take a body worth a limit of its own (the JSON API's and WebDAV's); a GET
    // need not be routed twice.
    guard Self.methodsWithBodies.contains(method) else {
      return Route.BodyLimit.standard.rawValue
    }
    let path =
      rawPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? rawPath
    guard case .found(let route, _) = router.match(method, Route.segments(path)) else {
      return Route.BodyLimit.standard.rawValue
    }
    return route.bodyLimit.rawValue
  }

  /// The methods whose bodies are limited by their route: the JSON API's writes and WebDAV's
  /// methods, which carry XML or iCalendar.
  static let methodsWithBodies: Set<String> = [
    "POST", "PUT", "PATCH", "PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR", "MKCOL",
  ]

  /// The routes the OpenAPI document describes: all but the web app's pages and files.
  var documented: [Route] { routes.filter { $0.operation != nil } }

  /// The document's `paths` object: each path's operations by method, with the path's
  /// parameters once on the path.
  var openAPIPaths: JSONValue {
    var paths: [String: [String: JSONValue]] = [:]
    for route in documented {
      guard let operation = route.operation else { continue }
      var item = paths[route.path] ?? [:]
      item[route.method.lowercased()] = operation.json
      if !route.pathParameters.isEmpty {
        let parameters = JSONValue.array(route.pathParameters.map(\.json))
        precondition(
          item["parameters"] == nil || item["parameters"] == parameters,
          "the routes of \(route.path) disagree on its parameters")
        item["parameters"] = parameters
      }
      paths[route.path] = item
    }
    return .object(paths.mapValues { .object($0) })
  }
}
