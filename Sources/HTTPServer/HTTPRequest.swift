/// A complete HTTP request as the application's handler sees it: head and whole body.
public struct HTTPRequest: Sendable {
  /// The request method as sent, for example `"GET"`.
  public var method: String

  /// The path of the request target with percent-escapes decoded, for example
  /// `"/lists/Groceries & more"`.
  ///
  /// The server guarantees it is valid UTF-8 without NUL characters; it is not otherwise
  /// normalized, so an application serving files must still refuse `..` segments.
  public var path: String

  /// The path of the request target exactly as the client sent it, still percent-encoded.
  public var rawPath: String

  /// The query parameters in order, with `+` and percent-escapes decoded; a name without
  /// `=` has an empty value.
  public var query: [(name: String, value: String)]

  /// The request header fields.
  public var headers: HTTPHeaders

  /// The request body; empty when the request had none.
  public var body: [UInt8]

  /// The client's IP address, for example `"127.0.0.1"` or `"::1"`, when known.
  public var remoteAddress: String?

  /// Creates a request; the server does this for every request it hands to the handler,
  /// and tests may do it to call a handler directly.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - path: The decoded path.
  ///   - rawPath: The path as sent; defaults to `path`.
  ///   - query: The decoded query parameters.
  ///   - headers: The header fields.
  ///   - body: The body.
  ///   - remoteAddress: The client's IP address.
  public init(
    method: String,
    path: String,
    rawPath: String? = nil,
    query: [(name: String, value: String)] = [],
    headers: HTTPHeaders = [:],
    body: [UInt8] = [],
    remoteAddress: String? = nil
  ) {
    self.method = method
    self.path = path
    self.rawPath = rawPath ?? path
    self.query = query
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
  }

  /// The value of the first query parameter with this name.
  ///
  /// - Parameter name: The parameter name, compared exactly.
  /// - Returns: The decoded value, or `nil` when the parameter is absent.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The body decoded as UTF-8, or `nil` when it is not valid UTF-8.
  public var bodyText: String? {
    String(validating: body, as: UTF8.self)
  }
}
