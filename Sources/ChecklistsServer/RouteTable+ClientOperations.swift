import Foundation

extension RouteTable {
  /// The JSON API's operations as the web app builds its requests from them: each
  /// OpenAPI `operationId` of a route under `/api/v1` with its method and path template
  /// (below `/api/v1`, as `api.js` sends it), e.g. `"updateItem": ["PATCH", "/items/{id}"]`.
  /// Served in `/data/routes.js` (``StaticFiles``), so no request path is written by hand in
  /// the client; `Tests/js/fixtures/operations.json` is the same object for the unit tests.
  var clientOperations: [String: [String]] {
    var operations: [String: [String]] = [:]
    for route in documented where route.path.hasPrefix(Self.apiPrefix + "/") {
      guard let id = route.operation?.id else { continue }
      precondition(operations[id] == nil, "two routes share the operation id \(id)")
      operations[id] = [route.method, String(route.path.dropFirst(Self.apiPrefix.count))]
    }
    return operations
  }

  /// ``clientOperations`` as JSON, one operation a line, sorted by id: what the web app's
  /// `/data/routes.js` holds in place of its placeholder.
  var clientOperationsJSON: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let operations = clientOperations
    let lines = operations.keys.sorted().map { id -> String in
      let key = (try? encoder.encode(id)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
      let value =
        (try? encoder.encode(operations[id] ?? [])).map {
          String(decoding: $0, as: UTF8.self)
        } ?? "[]"
      return "  \(key): \(value)"
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n}"
  }

  /// The prefix of the JSON API's paths, which `api.js` adds itself.
  static let apiPrefix = "/api/v1"
}
