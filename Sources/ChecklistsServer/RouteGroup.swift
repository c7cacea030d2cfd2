import HTTPServer

/// Routes under one path prefix, declared together, as Hummingbird's `RouterGroup` does:
/// a group gives its routes its prefix, its path parameters and who may call them.
struct RouteGroup {
  /// The path every route of the group starts with, such as `/api/v1/items/{id}`.
  let prefix: String
  /// Parameters of the prefix (its `{id}`), documented on every path of the group.
  let pathParameters: [OpenAPIParameter]
  /// Who may call the group's routes unless a route says otherwise.
  let access: Route.Access
  /// The routes declared so far.
  private(set) var routes: [Route] = []

  init(_ prefix: String = "", parameters: [OpenAPIParameter] = [], access: Route.Access) {
    self.prefix = prefix
    self.pathParameters = parameters
    self.access = access
  }

  /// Declares the routes of a group under this one.
  mutating func group(
    _ path: String, parameters: [OpenAPIParameter] = [], access: Route.Access? = nil,
    _ declare: (inout RouteGroup) -> Void
  ) {
    var group = RouteGroup(
      prefix + path, parameters: pathParameters + parameters, access: access ?? self.access)
    declare(&group)
    routes += group.routes
  }

  /// Declares a route at `path` under the prefix.
  mutating func on(
    _ method: String, _ path: String, _ operation: OpenAPIOperation?,
    access: Route.Access? = nil, bodyLimit: Route.BodyLimit = .standard,
    parameters: [OpenAPIParameter] = [], handler: @escaping Route.Handler
  ) {
    routes.append(
      Route(
        method: method, path: prefix + path, access: access ?? self.access, bodyLimit: bodyLimit,
        pathParameters: pathParameters + parameters, operation: operation, handler: handler))
  }

  /// Declares a route answered by the signed-in user's ``ChecklistsAPI``.
  mutating func api(
    _ method: String, _ path: String, _ operation: OpenAPIOperation,
    access: Route.Access? = nil, bodyLimit: Route.BodyLimit = .standard,
    parameters: [OpenAPIParameter] = [],
    handler:
      @escaping @Sendable (ChecklistsAPI, HTTPRequest, Route.Parameters) throws
      -> HTTPResponse
  ) {
    on(
      method, path, operation, access: access, bodyLimit: bodyLimit, parameters: parameters
    ) { context, request, parameters in
      try handler(context.api(request), request, parameters)
    }
  }

  /// Declares a route at the group's own path.
  mutating func on(
    _ method: String, _ operation: OpenAPIOperation?, access: Route.Access? = nil,
    bodyLimit: Route.BodyLimit = .standard, handler: @escaping Route.Handler
  ) {
    on(method, "", operation, access: access, bodyLimit: bodyLimit, handler: handler)
  }

  /// Declares a route at the group's own path answered by the user's ``ChecklistsAPI``.
  mutating func api(
    _ method: String, _ operation: OpenAPIOperation, access: Route.Access? = nil,
    bodyLimit: Route.BodyLimit = .standard,
    handler:
      @escaping @Sendable (ChecklistsAPI, HTTPRequest, Route.Parameters) throws
      -> HTTPResponse
  ) {
    api(method, "", operation, access: access, bodyLimit: bodyLimit, handler: handler)
  }
}
