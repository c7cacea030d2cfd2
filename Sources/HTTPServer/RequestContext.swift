/// What the server knows about one request from its header's arrival to its completion.
///
/// libmicrohttpd keeps a pointer to it in the request's `con_cls` slot (retained there,
/// released in the request-completed callback). Only the thread serving the connection
/// touches it, one callback at a time.
final class RequestContext {
  /// When the request line had arrived.
  let started = ContinuousClock.now
  /// The number of query parameters the request target has; the query was dropped unread
  /// when there are more than the server accepts.
  let queryParameterCount: Int
  /// Whether the header arrived and the fields below are set (the context is created earlier,
  /// when the request line arrives).
  private(set) var headerArrived = false
  /// The request method.
  private(set) var method = ""
  /// The request path as sent, as bytes: it may not be UTF-8.
  private(set) var rawPath: [UInt8] = []
  /// The client's address.
  private(set) var remoteAddress: String?
  /// The client's `User-Agent`.
  private(set) var userAgent: String?
  /// When the whole request is due, body included, before the minimum upload rate extends it.
  var deadline = ContinuousClock.now

  /// The body received so far, while within the limit.
  var body: [UInt8] = []
  /// All body bytes received, including discarded ones.
  var bodyBytesReceived = 0
  /// Whether the body grew past the limit; the rest is discarded and a 413 follows.
  var bodyTooLarge = false
  /// The most body bytes this request may send.
  var bodyLimit = 0
  /// Whether the header announced a body.
  var hasBody = false

  /// The status of the queued response, once there is one.
  var status: Int?
  /// The body bytes of a complete response.
  var bytesSent = 0
  /// The stream of a streamed response.
  var stream: HTTPEventStream?

  init(queryParameterCount: Int) {
    self.queryParameterCount = queryParameterCount
  }

  /// Records what the request's header said.
  func recordHeader(method: String, rawPath: [UInt8], remoteAddress: String?, userAgent: String?) {
    self.method = method
    self.rawPath = rawPath
    self.remoteAddress = remoteAddress
    self.userAgent = userAgent
    headerArrived = true
  }

  /// The raw path for logs and `HTTPRequest.rawPath`; bytes that are not UTF-8 show as U+FFFD.
  var rawPathText: String {
    String(decoding: rawPath, as: UTF8.self)
  }

  /// Whether the response must omit its body.
  var isHead: Bool { method == "HEAD" }

  /// Takes body bytes, keeping them only while the total stays within `limit`.
  func receive(_ bytes: UnsafeRawBufferPointer, limit: Int) {
    bodyBytesReceived += bytes.count
    guard !bodyTooLarge else { return }
    if bodyBytesReceived > limit {
      bodyTooLarge = true
      body = []
    } else {
      body.append(contentsOf: bytes)
    }
  }

  /// The access-log record for this request, if a response went out.
  func accessRecord(bytes: Int) -> HTTPAccessRecord? {
    guard let status else { return nil }
    return HTTPAccessRecord(
      method: method,
      path: rawPathText,
      status: status,
      bytes: bytes,
      duration: ContinuousClock.now - started,
      remoteAddress: remoteAddress,
      userAgent: userAgent)
  }
}
