import Foundation
import HTTPServer
import Testing

/// A hostile client's framing tricks: whatever the server answers, a request hidden behind an
/// ambiguous or refused one never reaches the handler.
@Suite(.serialized) struct HostileFramingTests {
  /// Sends `payload` on one connection, waits for the server to close it (or 3 s), and
  /// returns the paths the handler saw.
  private func handledPaths(
    _ payload: String,
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(port: 0, threadCount: 2)
  ) throws -> [String] {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(configuration, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(payload)
    _ = connection.waitForClose(timeout: .seconds(3))
    return recorder.all.map(\.path)
  }

  private static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n"

  @Test(arguments: [
    "Content-Length: 0\r\nContent-Length: 5",
    "Content-Length: 5\r\nContent-Length: 05",
    "Content-Length: +5",
    "Content-Length: 5 5",
    "Content-Length: -5",
    "Transfer-Encoding:  chunked\r\nContent-Length: 5",
    "Transfer-Encoding: Chunked\r\nContent-Length: 5",
    "Transfer-Encoding: chunked, chunked",
    "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked",
    "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked",
  ])
  func ambiguousRequestIsRefusedWithWhatFollows(fields: String) throws {
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\n\(fields)\r\n\r\n" + Self.chunkedHello + Self.smuggled)
    #expect(paths.isEmpty, "handled: \(paths)")
  }

  /// A proxy that joins a folded field line (obs-fold) to the field before it, as RFC 9112
  /// section 5.2 allows, sees one request with a 50-byte body; the server must not find a
  /// second request in that body.
  @Test func foldedFieldLineSmugglesNoRequest() throws {
    let body = Self.chunkedHello + Self.smuggled
    #expect(body.utf8.count == 50)
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\nX-A: b\r\n c\r\nContent-Length: 50\r\n\r\n" + body)
    #expect(!paths.contains("/smuggled"), "handled: \(paths)")
  }

  /// A proxy that joins a folded `Transfer-Encoding` line to its field (RFC 9112 section 5.2
  /// allows it) reads the body below as a last chunk with an extension and a trailer field;
  /// the server must not read it as a second request. libmicrohttpd 0.9.75 glued the
  /// continuation to the field's name and the server read no body.
  @Test(arguments: [
    "Transfer-Encoding:\r\n chunked", "Transfer-Encoding: \r\n\tchunked",
    "Transfer-Encoding: gzip\r\n chunked", "Content-Length:\r\n 5",
  ])
  func foldedFramingFieldIsRefused(fields: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST /first HTTP/1.1\r\nHost: t\r\n\(fields)\r\n\r\n"
        + "0;x /smuggled HTTP/1.1\r\nHost: t\r\n\r\n")
    let response = try connection.readResponse(timeout: .seconds(3))
    #expect(response.status == 400)
    #expect(response.text.contains("folded"))
    _ = connection.waitForClose(timeout: .seconds(3))
    #expect(recorder.all.map(\.path) == [])
  }

  /// The framing checks see the fields after a folded line too.
  @Test(arguments: [
    "X-A: b\r\n c\r\nContent-Length: 5\r\nContent-Length: 50",
    "X-A: b\r\n c\r\nTransfer-Encoding: gzip, chunked",
    "X-A: b\r\n c\r\nTransfer-Encoding: chunked\r\nContent-Length: 5",
  ])
  func ambiguousFramingAfterFoldedLineIsRefused(fields: String) throws {
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\n\(fields)\r\n\r\n" + Self.chunkedHello + Self.smuggled)
    #expect(paths.isEmpty, "handled: \(paths)")
  }

  /// Any folded line (obs-fold) is refused, whichever field it follows and whatever it carries:
  /// libmicrohttpd 0.9.75 joins it to the field's name, where a proxy joins it to the value.
  @Test(arguments: [
    "X-A: b\r\n Content-Length: 50", "X-A: b\r\n\tContent-Length: 50", "X-A: b\r\n c",
    "Content-: 50\r\n Length", "Accept: */*\r\n Transfer-Encoding: chunked",
    "Content-Length: 0\r\n X-B: c", "X-A: b\r\n c\r\n d",
  ])
  func anyFoldedLineIsRefusedAndCloses(fields: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    for method in ["GET", "POST"] {
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send(
        "\(method) /first HTTP/1.1\r\nHost: t\r\n\(fields)\r\n\r\n" + Self.chunkedHello
          + Self.smuggled + Self.smuggled)
      let response = try connection.readResponse(timeout: .seconds(3))
      #expect(response.status == 400, "\(method) \(fields.debugDescription)")
      #expect(response.text.contains("folded"), "\(response.text)")
      #expect(response.headers["Connection"] == "close")
      #expect(connection.waitForClose(timeout: .seconds(6)))
    }
    #expect(recorder.all.map(\.path) == [])
  }

  /// A field name must be a token: a space or tab in it is a 400 and a close.
  @Test(arguments: ["Bad Name: x", "Name : x", "X-A\t: x", "X\u{7F}A: x", "X(A): x"])
  func fieldNameThatIsNoTokenIsRefused(field: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET /first HTTP/1.1\r\nHost: t\r\n\(field)\r\n\r\n" + Self.smuggled)
    let response = try connection.readResponse(timeout: .seconds(3))
    #expect(response.status == 400, "\(field.debugDescription)")
    #expect(connection.waitForClose(timeout: .seconds(6)))
    #expect(recorder.all.map(\.path) == [])
  }

  /// A tab or a stray space in the request line is a 400 and a close, from libmicrohttpd
  /// itself when it splits the line there, from the server when it ends up in the target.
  @Test(arguments: [
    "GET\t/first HTTP/1.1", "GET /first\tHTTP/1.1", "GET /first HTTP/1.1\t",
    "GET /fi\trst HTTP/1.1", "GET /fi rst HTTP/1.1", "GET /first\u{0B} HTTP/1.1",
    "G(T /first HTTP/1.1",
  ])
  func requestLineWithTabIsRefused(line: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("\(line)\r\nHost: t\r\n\r\n" + Self.smuggled)
    let response = try connection.readResponse(timeout: .seconds(3))
    #expect(response.status == 400, "\(line.debugDescription)")
    #expect(connection.waitForClose(timeout: .seconds(6)))
    #expect(recorder.all.map(\.path) == [])
  }

  @Test(arguments: ["101-continue", "100-continue, x", "x", ""])
  func unmetExpectationGets417(expectation: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST /first HTTP/1.1\r\nHost: t\r\nExpect: \(expectation)\r\nContent-Length: 5\r\n\r\n"
        + "hello" + Self.smuggled)
    let response = try connection.readResponse(timeout: .seconds(3))
    #expect(response.status == 417, "\(expectation.debugDescription)")
    #expect(connection.waitForClose(timeout: .seconds(6)))
    #expect(recorder.all.map(\.path) == [])
  }

  @Test func continueExpectationIsMet() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST /first HTTP/1.1\r\nHost: t\r\nExpect: 100-Continue\r\nContent-Length: 5\r\n\r\n")
    #expect(try connection.read(through: "\r\n\r\n", timeout: .seconds(3)).contains(" 100 "))
    try connection.send("hello")
    #expect(try connection.readResponse(timeout: .seconds(3)).status == 200)
    #expect(recorder.all.map(\.path) == ["/first"])
  }

  /// A handler's answer with `Connection: close` (an application's refusal of a foreign
  /// `Host`, say) closes the connection like the server's own refusals.
  @Test func applicationConnectionCloseEndsTheConnection() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer { request in
      recorder.record(request)
      return HTTPResponse(status: 421, headers: ["Connection": "Keep-Alive, Close"], text: "no")
    }
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n" + Self.smuggled)
    #expect(try connection.readResponse(timeout: .seconds(3)).status == 421)
    #expect(connection.waitForClose(timeout: .seconds(6)))
    #expect(recorder.all.map(\.path) == ["/first"])
  }

  /// A CR, LF or NUL in a field value is a 400 and a close: libmicrohttpd 0.9.75 keeps a bare
  /// CR in the value and stops a value at a NUL.
  @Test(arguments: [
    "X-A: a\rContent-Length: 5", "Content-Length: 0\u{0}5", "X-A: a\u{0}b\r\nX-B: c",
    "X-A: a\u{0}", "Transfer-Encoding: chunked\u{0}",
  ])
  func controlCharacterInValueIsRefused(field: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST /first HTTP/1.1\r\nHost: t\r\n\(field)\r\n\r\n0\r\n\r\n" + Self.smuggled)
    let response = try connection.readResponse(timeout: .seconds(3))
    #expect(response.status == 400, "\(field.debugDescription)")
    #expect(response.headers["Connection"] == "close")
    #expect(connection.waitForClose(timeout: .seconds(6)))
    #expect(recorder.all.map(\.path) == [])
  }

  /// Values that merely look odd are not refused: trailing spaces, bare LF line ends.
  @Test func plainValuesAndBareLineFeedsAreAccepted() throws {
    let paths = try handledPaths(
      "GET /first HTTP/1.1\nHost: t\nX-A: a \nX-B:\r\nX-C: c\n\n" + Self.smuggled)
    #expect(paths == ["/first", "/smuggled"])
  }

  /// A request without a body ignores `Expect: 100-continue` (RFC 9110 section 10.1.1) and is
  /// answered, and so is the one behind it; libmicrohttpd 0.9.75 sent `100 Continue`, read the
  /// second request as the body and closed the connection unanswered.
  @Test(arguments: ["GET", "POST"])
  func continueExpectationWithoutBodyIsIgnored(method: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    let length = method == "POST" ? "Content-Length: 0\r\n" : ""
    try connection.send(
      "\(method) /first HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\n\(length)\r\n"
        + Self.smuggled)
    let first = try connection.readResponse(timeout: .seconds(3))
    #expect(first.status == 200)
    #expect(try connection.readResponse(timeout: .seconds(3)).status == 200)
    #expect(recorder.all.map(\.path) == ["/first", "/smuggled"])
  }

  /// A chunked body's trailer fields get the header's checks, and may not frame the message.
  @Test(arguments: [
    "X-Foo: b\r\n c", "Bad Name: x", "Transfer-Encoding: chunked", "Content-Length: 5",
    "X-N: a\u{0}b", "X-R: a\rb",
  ])
  func badTrailerIsRefused(trailer: String) throws {
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n0\r\n\(trailer)\r\n\r\n" + Self.smuggled)
    #expect(paths.isEmpty, "\(trailer.debugDescription): handled \(paths)")
  }

  /// A refusal that comes after the body (a path that is not UTF-8) closes the connection too.
  @Test(arguments: [
    "GET /%FF HTTP/1.1\r\nHost: t\r\n\r\n",
    "POST /%FF HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello",
    "GET /a?%FF=1 HTTP/1.1\r\nHost: t\r\n\r\n",
  ])
  func refusalAfterTheBodyCloses(request: String) throws {
    let paths = try handledPaths(request + Self.smuggled)
    #expect(paths.isEmpty, "handled: \(paths)")
  }

  /// The harness sees a pipelined request when the first one is well framed.
  @Test func wellFramedPipelinedRequestIsHandled() throws {
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        + Self.chunkedHello + Self.smuggled)
    #expect(paths == ["/first", "/smuggled"])
  }

  private static let chunkedHello = "5\r\nhello\r\n0\r\n\r\n"

  @Test(arguments: [
    "5;ext=1\r\nhello\r\n0\r\n\r\n",
    "FFFFFFFFFFFFFFFFFFFF\r\nhello\r\n0\r\n\r\n",
    "10000000000000005\r\nhello\r\n0\r\n\r\n",
    "5\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n",
    "5 \r\nhello\r\n0\r\n\r\n",
    "0x5\r\nhello\r\n0\r\n\r\n",
  ])
  func chunkTricksNeverSmuggle(chunks: String) throws {
    let paths = try handledPaths(
      "POST /first HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks
        + Self.smuggled.replacingOccurrences(of: "/smuggled", with: "/second"))
    // A well-formed chunked body may be followed by a second request; a malformed size must
    // not turn part of the body into one.
    #expect(!paths.contains("/smuggled"), "handled: \(paths)")
  }

  @Test func requestPipelinedAfter413IsNeverHandled() throws {
    for method in ["POST", "PUT", "PATCH", "DELETE", "GET"] {
      let paths = try handledPaths(
        "\(method) /big HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n" + Self.smuggled
          + String(repeating: "x", count: 1000))
      #expect(paths.isEmpty, "\(method): handled \(paths)")
    }
  }

  @Test func requestPipelinedAfter414IsNeverHandled() throws {
    let query = (0..<1001).map { "a\($0)=1" }.joined(separator: "&")
    for method in ["GET", "POST"] {
      let body = method == "POST" ? "Content-Length: 0\r\n" : ""
      let paths = try handledPaths(
        "\(method) /q?\(query) HTTP/1.1\r\nHost: t\r\n\(body)\r\n" + Self.smuggled)
      #expect(paths.isEmpty, "\(method): handled \(paths)")
    }
  }

  @Test func requestPipelinedAfter503IsNeverHandled() throws {
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 2)
    configuration.maxConnectionsPerAddress = 1
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(configuration, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let first = try RawHTTPConnection(port: server.port)
    #expect(try first.request("GET", "/first").status == 200)
    let second = try RawHTTPConnection(port: server.port)
    try second.send(Self.smuggled + Self.smuggled)
    #expect(try second.readResponse().status == 503)
    _ = second.waitForClose(timeout: .seconds(3))
    #expect(recorder.all.map(\.path) == ["/first"])
  }
}

/// Eviction and shutdown under hostile connection patterns.
@Suite(.serialized) struct HostileConnectionTests {
  @Test func evictionSparesAResponseInProgress() throws {
    let release = DispatchSemaphore(value: 0)
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 4, maxConnections: 2)
    configuration.maxConnectionsPerAddress = 0
    let server = try startedServer(configuration) { request in
      if request.path == "/slow" { _ = release.wait(timeout: .now() + 10) }
      return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], text: "ok")
    }
    defer { server.shutdown(timeout: .seconds(2)) }
    let busy = try RawHTTPConnection(port: server.port)
    try busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
    Thread.sleep(forTimeInterval: 0.3)
    let idle = try RawHTTPConnection(port: server.port)
    #expect(try idle.request("GET", "/fast").status == 200)
    let newcomer = try RawHTTPConnection(port: server.port)
    #expect(try newcomer.request("GET", "/fast").status == 200)
    #expect(idle.waitForClose(timeout: .seconds(3)))
    release.signal()
    #expect(try busy.readResponse().status == 200)
  }

  @Test func shutdownWithSlowClientsReturns() throws {
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 2, maxBodySize: 100)
    configuration.maxConnectionsPerAddress = 0
    let server = try startedServer(configuration) { _ in
      HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], text: "ok")
    }
    var clients: [RawHTTPConnection] = []
    for index in 0..<60 {
      let client = try RawHTTPConnection(port: server.port)
      switch index % 3 {
      case 0: try client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ")
      case 1: try client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 50\r\n\r\nab")
      default: try client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000000\r\n\r\nab")
      }
      clients.append(client)
    }
    Thread.sleep(forTimeInterval: 0.5)
    let began = ContinuousClock.now
    server.shutdown(timeout: .seconds(2))
    #expect(ContinuousClock.now - began < .seconds(10))
    for client in clients { #expect(client.waitForClose(timeout: .seconds(6))) }
  }
}
