/// One line of an access log: a request the server answered.
public struct HTTPAccessRecord: Sendable {
  /// The request method, for example `"GET"`.
  public var method: String

  /// The request path as the client sent it, still percent-encoded.
  public var path: String

  /// The status code sent.
  public var status: Int

  /// The number of body bytes sent: the body's length (0 for `HEAD`), or for a stream the
  /// bytes handed to the connection before it closed.
  public var bytes: Int

  /// The time from the request's header arriving to the response being sent (for a
  /// stream: to the stream closing).
  public var duration: Duration

  /// The client's IP address, when known.
  public var remoteAddress: String?

  /// The request's `User-Agent`, when sent.
  public var userAgent: String?

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - path: The raw request path.
  ///   - status: The status code sent.
  ///   - bytes: The body bytes sent.
  ///   - duration: How long the request took.
  ///   - remoteAddress: The client's IP address.
  ///   - userAgent: The client's `User-Agent`.
  public init(
    method: String,
    path: String,
    status: Int,
    bytes: Int,
    duration: Duration,
    remoteAddress: String? = nil,
    userAgent: String? = nil
  ) {
    self.method = method
    self.path = path
    self.status = status
    self.bytes = bytes
    self.duration = duration
    self.remoteAddress = remoteAddress
    self.userAgent = userAgent
  }
}

extension HTTPAccessRecord: CustomStringConvertible {
  /// The record in a common-log-like form:
  /// `127.0.0.1 "GET /lists" 200 512 3.2ms "curl/8.5.0"`.
  public var description: String {
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
    let rounded = (milliseconds * 10).rounded() / 10
    return "\(remoteAddress ?? "-") \"\(method) \(path)\" \(status) \(bytes) \(rounded)ms"
      + " \"\(userAgent ?? "-")\""
  }
}
