import HTTPServer

/// The OpenAPI 3.1 description of the API at `/api/openapi.json`: its `paths` come from the
/// ``RouteTable`` (every documented route), its `components` from ``OpenAPIComponents``, so it
/// describes exactly the routes the server has (CI checks it against the live server with
/// schemathesis).
enum OpenAPIDocument {
  static let response = HTTPResponse(
    status: 200, headers: ["Content-Type": "application/json"], body: document.sortedJSONBytes)

  /// The whole document.
  static var document: JSONValue {
    [
      "openapi": "3.1.0",
      "info": [
        "title": "Checklists API",
        "version": "1.0.0",
        "description": .string(
          "Checklists and reminders, and shopping: a catalogue with prices and shopping lists. "
            + "Every resource has an ETag; writes accept If-Match and answer 412 when it is "
            + "stale. Errors are application/problem+json (RFC 9457). Every path answers 421 "
            + "to a Host that is not the server's own (localhost, an IP address at its port, "
            + "or a --public-url host). See docs/API.md."),
      ],
      "servers": [["url": "/"]],
      "paths": RouteTable.server.openAPIPaths,
      "components": OpenAPIComponents.json,
    ]
  }
}
