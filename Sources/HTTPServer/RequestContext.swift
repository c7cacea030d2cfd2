/// What the server knows about one request from its header's arrival to its completion.
///
/// libmicrohttpd keeps a pointer to it in the request's `con_cls` slot (retained there,
/// released in the request-completed callback). Only the thread serving the connection
/// touches it, one callback at a time.
final class RequestContext {
  /// When the request's header had arrived.
  let started = ContinuousClock.now
  /// The request method.
  let method: String
  /// The request path as sent, as bytes: it may not be UTF-8.
  let rawPath: [UInt8]
  /// The client's address.
  let remoteAddress: String?
  /// The client's `User-Agent`.
  let userAgent: String?

  /// The body received so far, while within the limit.
  var body: [UInt8] = []
  /// All body bytes received, including discarded ones.
  var bodyBytesReceived = 0
  /// Whether the body grew past the limit; the rest is discarded and a 413 follows.
  var bodyTooLarge = false
  /// The most body bytes this request may send.
  var bodyLimit = 0

  /// The status of the queued response, once there is one.
  var status: Int?
  /// The body bytes of a complete response.
  var bytesSent = 0
  /// The stream of a streamed response.
  var stream: HTTPEventStream?

  init(method: String, rawPath: [UInt8], remoteAddress: String?, userAgent: String?) {
    self.method = method
    self.rawPath = rawPath
    self.remoteAddress = remoteAddress
    self.userAgent = userAgent
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
