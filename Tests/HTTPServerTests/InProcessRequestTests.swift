import HTTPServer
import Testing

/// What clients in the same process rely on: a request target decoded as the server decodes
/// the ones it reads, and a port known before any thread starts.
@Suite struct InProcessRequestTests {
  @Test func aTargetIsDecodedAsTheServerDecodesIt() throws {
    let target = "/lists/Groceries%20%26%20more?q=a+b%2Fc&flag&empty="
    let request = try HTTPRequest(method: "GET", target: target)
    #expect(request.path == "/lists/Groceries & more")
    #expect(request.rawPath == "/lists/Groceries%20%26%20more")
    #expect(request.query.map(\.name) == ["q", "flag", "empty"])
    #expect(request.query.map(\.value) == ["a b/c", "", ""])

    // The same request over a socket reaches a handler as the same value.
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    _ = try RawHTTPConnection(port: server.port).request("GET", target)
    let read = try #require(recorder.all.first)
    #expect(read.path == request.path)
    #expect(read.rawPath == request.rawPath)
    #expect(read.query.map(\.name) == request.query.map(\.name))
    #expect(read.query.map(\.value) == request.query.map(\.value))
  }

  @Test(arguments: [
    ("/%FF", "The request path is not valid UTF-8."),
    ("/a%00b", "The request path contains a NUL character."),
    ("/ok?q=%FF", "The query string is not valid UTF-8."),
    ("/ok?q=%00", "The query string contains a NUL character."),
  ])
  func anUndecodableTargetIsRefusedWithTheServersWords(target: String, detail: String) {
    let refusal = #expect(throws: HTTPRequest.TargetRefusal.self) {
      try HTTPRequest(method: "GET", target: target)
    }
    #expect(refusal?.detail == detail)
  }

  @Test func aBoundServerKnowsItsPortAndAnswersOnceStarted() throws {
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(port: 0, threadCount: 2),
      handler: { _ in HTTPResponse(status: 200, text: "ok") }, errorResponse: problemResponse)
    defer { server.shutdown(timeout: .seconds(2)) }
    #expect(server.port == 0)
    try server.bind()
    let port = server.port
    #expect(port != 0)
    try server.bind()
    #expect(server.port == port)
    // A client that connects now waits in the backlog and is answered once the threads run.
    let early = try RawHTTPConnection(port: port)
    try server.start()
    #expect(server.port == port)
    #expect(try early.request("GET", "/").text == "ok")
  }

  @Test func aServerOnlyBoundFreesItsPortOnShutdown() throws {
    let first = HTTPServer(
      configuration: HTTPServerConfiguration(port: 0, threadCount: 2),
      handler: { _ in HTTPResponse(status: 200) }, errorResponse: problemResponse)
    try first.bind()
    let port = first.port
    first.shutdown()
    let second = try startedServer(HTTPServerConfiguration(port: port, threadCount: 2)) { _ in
      HTTPResponse(status: 204)
    }
    defer { second.shutdown(timeout: .seconds(2)) }
    #expect(try RawHTTPConnection(port: port).request("GET", "/").status == 204)
  }
}
