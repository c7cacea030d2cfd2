import HTTPServer
import Testing

@Suite(.serialized) struct RequestTests {
  @Test func getAnswersWithTheHandlersResponse() throws {
    let server = try startedServer(
      handler: { _ in
        HTTPResponse(
          status: 201, headers: ["X-Custom": "Value", "Content-Type": "text/plain"], text: "hello")
      }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request("GET", "/hello")
    #expect(response.status == 201)
    #expect(response.text == "hello")
    #expect(response.headers["x-custom"] == "Value")
    #expect(response.headers["Content-Length"] == "5")
    #expect(response.headers["Cache-Control"] == nil)
  }

  @Test func postBodyReachesTheHandler() throws {
    let recorder = Recorder<HTTPRequest>()
    let body = (0..<50_000).map { UInt8($0 % 251) }
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request(
      "POST", "/upload", headers: ["Content-Type: application/octet-stream"], body: body)
    #expect(response.status == 200)
    let request = try #require(recorder.all.first)
    #expect(request.method == "POST")
    #expect(request.body == body)
    #expect(request.headers["content-type"] == "application/octet-stream")
    #expect(request.remoteAddress == "127.0.0.1")
  }

  @Test func headSendsTheHeaderWithoutTheBody() throws {
    let server = try startedServer(handler: { _ in HTTPResponse(status: 200, text: "twelve bytes") }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    let head = try connection.request("HEAD", "/")
    #expect(head.status == 200)
    #expect(head.headers["Content-Length"] == "12")
    #expect(head.body.isEmpty)
    // Had a body been sent, it would now be misread as the next response.
    let get = try connection.request("GET", "/")
    #expect(get.status == 200)
    #expect(get.text == "twelve bytes")
  }

  @Test(arguments: [
    ("/search?q=a+b%2Bc", [("q", "a b+c")]),
    ("/search?x=1&x=2&flag", [("x", "1"), ("x", "2"), ("flag", "")]),
    ("/search?name=%C3%A9t%C3%A9&empty=", [("name", "été"), ("empty", "")]),
    ("/search?a%26b=c%3Dd", [("a&b", "c=d")]),
    ("/search", []),
  ])
  func queryIsDecoded(target: String, expected: [(String, String)]) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request("GET", target)
    #expect(response.status == 200)
    let request = try #require(recorder.all.first)
    #expect(request.path == "/search")
    #expect(request.query.map(\.name) == expected.map(\.0))
    #expect(request.query.map(\.value) == expected.map(\.1))
    if let first = expected.first {
      #expect(request.queryValue(first.0) == first.1)
    }
    #expect(request.queryValue("absent") == nil)
  }

  @Test(arguments: [
    ("/lists/Groceries%20%26%20more", "/lists/Groceries & more"),
    ("/a%2Fb", "/a/b"),
    ("/%2e%2e/etc/passwd", "/../etc/passwd"),
    ("/caf%C3%A9", "/café"),
    ("/100%25+sure", "/100%+sure"),
    ("/bad%zzescape", "/bad%zzescape"),
  ])
  func pathIsPercentDecodedAndRawPathKept(rawPath: String, path: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request("GET", rawPath + "?x=1")
    #expect(response.status == 200)
    let request = try #require(recorder.all.first)
    #expect(request.path == path)
    #expect(request.rawPath == rawPath)
  }

  @Test func headerNamesAreCaseInsensitive() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    _ = try RawHTTPConnection(port: server.port).request(
      "GET", "/",
      headers: ["x-TeSt-HeAdEr: first", "X-Test-Header: second", "User-Agent: tests/1"])
    let request = try #require(recorder.all.first)
    #expect(request.headers["X-TEST-HEADER"] == "first")
    #expect(request.headers.values(for: "x-test-header") == ["first", "second"])
    #expect(request.headers["user-agent"] == "tests/1")
  }

  @Test(arguments: [
    ("/%FF", "The request path is not valid UTF-8."),
    ("/%C3%28", "The request path is not valid UTF-8."),
    ("/a%00b", "The request path contains a NUL character."),
    ("/ok?q=%FF", "The query string is not valid UTF-8."),
    ("/ok?%C0%AF=1", "The query string is not valid UTF-8."),
  ])
  func undecodableTargetGetsTheApplications400(target: String, detail: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request("GET", target)
    #expect(response.status == 400)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.text == "{\"status\":400,\"detail\":\"\(detail)\"}")
    #expect(recorder.count == 0)
  }

  @Test func rawNonUTF8BytesInThePathGetA400() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      Array("GET /".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
    let response = try connection.readResponse()
    #expect(response.status == 400)
    #expect(recorder.count == 0)
  }

  @Test func streamedResponseHeadersGoOutAsGiven() throws {
    let server = try startedServer(handler: { _ in
      let stream = HTTPEventStream()
      stream.send("data: hi\n\n")
      stream.finish()
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "text/event-stream", "Content-Length": "99"],
        stream: stream)
    })
    defer { server.shutdown(timeout: .seconds(2)) }
    let response = try RawHTTPConnection(port: server.port).request("GET", "/events")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/event-stream")
    #expect(response.headers["Content-Length"] == nil)
    #expect(response.headers["Transfer-Encoding"] == "chunked")
    #expect(response.text == "data: hi\n\n")
  }
}
