/// The `d:status` text of a status code: `HTTP/1.1 404 Not Found`.
enum HTTPStatusLine {
  /// The reason phrases of the statuses WebDAV answers with.
  static let reasons: [Int: String] = [
    200: "OK", 201: "Created", 204: "No Content", 207: "Multi-Status",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 409: "Conflict", 412: "Precondition Failed",
    415: "Unsupported Media Type", 423: "Locked", 424: "Failed Dependency",
    500: "Internal Server Error", 501: "Not Implemented", 507: "Insufficient Storage",
  ]

  /// The status line for a code.
  static func text(_ status: Int) -> String {
    "HTTP/1.1 \(status) \(reasons[status] ?? "Status \(status)")"
  }
}
