/// What the application answers to a request: status, header fields and a body that is
/// either complete or streamed.
public struct HTTPResponse: Sendable {
  /// The body of a response.
  public enum Body: Sendable {
    /// A complete body; the server sends it with a `Content-Length`.
    case bytes([UInt8])
    /// A body the application keeps writing to after the handler returned; the server
    /// sends it chunked (HTTP/1.1) or until it closes the connection (HTTP/1.0).
    case stream(HTTPEventStream)
  }

  /// The status code, for example `200`; must lie in 100...999.
  public var status: Int

  /// The header fields, sent as given.
  ///
  /// The server sets `Content-Length` and `Transfer-Encoding` itself, so fields of those
  /// names are ignored; so is any field whose value contains a line break.
  ///
  /// `Connection: close` closes the connection once the response went out, and nothing the
  /// client sent behind the request is handled: the way to refuse a request whose framing or
  /// addressing another server may read differently (a second `Host`, say).
  public var headers: HTTPHeaders

  /// Whether the response asks for its connection to close (`Connection: close`).
  public var closesConnection: Bool {
    headers.values(for: "Connection").contains { value in
      value.split(separator: ",").contains { token in
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return token.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
          .map { $0.lowercased() }.joined() == "close"
      }
    }
  }

  /// The body.
  public var body: Body

  /// Creates a response with a complete body.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields.
  ///   - body: The body bytes; omitted from the wire for `HEAD` requests.
  public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = .bytes(body)
  }

  /// Creates a response with a UTF-8 text body.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields.
  ///   - text: The body text, sent as UTF-8.
  public init(status: Int, headers: HTTPHeaders = [:], text: String) {
    self.init(status: status, headers: headers, body: Array(text.utf8))
  }

  /// Creates a response whose body the application writes later through `stream`, for
  /// Server-Sent Events.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields, for example `Content-Type: text/event-stream`.
  ///   - stream: The stream the application sends the body through; use it for one
  ///     response only.
  public init(status: Int, headers: HTTPHeaders = [:], stream: HTTPEventStream) {
    self.status = status
    self.headers = headers
    self.body = .stream(stream)
  }
}
