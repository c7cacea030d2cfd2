import Foundation
import HTTPServer
import Testing

/// Requests whose body length is ambiguous are refused before the handler sees them, so that
/// the server and a proxy in front of it can never disagree about where a request ends.
@Suite(.serialized) struct FramingTests {
  @Test(arguments: [
    "Content-Length: 5\r\nContent-Length: 6",
    "Transfer-Encoding: chunked\r\nContent-Length: 5",
    "Content-Length: 5\r\nTransfer-Encoding: chunked",
  ])
  func ambiguousBodyLengthGets400(fields: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("POST /items HTTP/1.1\r\nHost: t\r\n\(fields)\r\n\r\nhello!")
    let response = try connection.readResponse(timeout: .seconds(2))
    #expect(response.status == 400)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.text.contains("length"))
    #expect(recorder.count == 0)
    #expect(connection.waitForClose(timeout: .seconds(2)))
  }

  /// libmicrohttpd refuses a length that is not a number itself, before the server sees the
  /// request, so the answer is its own HTML rather than the application's problem document.
  @Test func contentLengthListIsRefused() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("POST /items HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 6\r\n\r\nhello!")
    #expect(try connection.readResponse(timeout: .seconds(2)).status == 400)
    #expect(recorder.count == 0)
    #expect(connection.waitForClose(timeout: .seconds(2)))
  }

  @Test func identicalContentLengthsAreOneLength() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello")
    #expect(try connection.readResponse().status == 200)
    #expect(recorder.all.first?.bodyText == "hello")
  }

  @Test(arguments: ["gzip, chunked", "xchunked", "gzip", "chunked, chunked", "identity"])
  func transferEncodingOtherThanChunkedGets501AtOnce(coding: String) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: \(coding)\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    let response = try connection.readResponse(timeout: .seconds(2))
    #expect(response.status == 501)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.text.contains("Transfer-Encoding"))
    #expect(recorder.count == 0)
  }

  @Test func chunkedInAnyCaseIsChunked() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    #expect(try connection.readResponse().status == 200)
    #expect(recorder.all.first?.bodyText == "hello")
  }

  /// 2,000 parameters used to exhaust libmicrohttpd's connection memory (the connection
  /// closed without an answer); 5,000 made a request line too long for it (its HTML 414).
  @Test(arguments: [2000, 5000])
  func queryWithThousandsOfParametersGetsAProblemNotAClosedConnection(count: Int) throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let query = (0..<count).map { "p\($0)=\($0)" }.joined(separator: "&")
    let connection = try RawHTTPConnection(port: server.port)
    let response = try connection.request("GET", "/search?\(query)", timeout: .seconds(3))
    #expect(response.status == 414 || response.status == 400)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.text.contains("parameters") || response.text.contains("too long"))
    #expect(recorder.count == 0)
    #expect(try RawHTTPConnection(port: server.port).request("GET", "/").status == 200)
  }

  @Test func queryWithManyParametersWithinTheLimitReachesTheHandler() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let query = (0..<200).map { "p\($0)=\($0)" }.joined(separator: "&")
    let response = try RawHTTPConnection(port: server.port).request("GET", "/search?\(query)")
    #expect(response.status == 200)
    #expect(recorder.all.first?.query.count == 200)
  }
}
