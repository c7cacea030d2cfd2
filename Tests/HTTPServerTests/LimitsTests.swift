import Foundation
import HTTPServer
import Testing

@Suite(.serialized) struct LimitsTests {
  private let small = HTTPServerConfiguration(port: 0, threadCount: 2, maxBodySize: 1000)

  @Test func bodyAtTheLimitIsAccepted() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(small, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let body = [UInt8](repeating: 7, count: 1000)
    let response = try RawHTTPConnection(port: server.port).request("PUT", "/", body: body)
    #expect(response.status == 200)
    #expect(recorder.all.first?.body == body)
  }

  @Test func declaredContentLengthOverTheLimitGets413WithoutReadingTheBody() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(small, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5000000\r\n\r\n")
    let response = try connection.readResponse()
    #expect(response.status == 413)
    #expect(
      response.text
        == "{\"status\":413,\"detail\":\"The request body is larger than 1000 bytes.\"}")
    #expect(recorder.count == 0)
    #expect(connection.waitForClose(timeout: .seconds(2)))
  }

  @Test func clientWritingAWholeTooLargeBodyBeforeReadingGetsThe413EveryTime() throws {
    let server = try startedServer(small, handler: { _ in HTTPResponse(status: 200) })
    defer { server.shutdown(timeout: .seconds(2)) }
    let body = [UInt8](repeating: 120, count: 3 << 20)
    var statuses: [String] = []
    for _ in 0..<40 {
      let connection = try RawHTTPConnection(port: server.port)
      // Like urllib or fetch: the whole body goes out before the answer is read.
      do {
        try connection.send(
          Array("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body)
        let response = try connection.readResponse()
        statuses.append("\(response.status)")
      } catch {
        statuses.append("\(error)".prefix(40).description)
      }
    }
    #expect(statuses == Array(repeating: "413", count: 40))
  }

  @Test func chunkedBodyOverTheLimitGets413() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(small, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    var request = "POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
    for _ in 0..<5 { request += "190\r\n" + String(repeating: "x", count: 400) + "\r\n" }
    request += "0\r\n\r\n"
    try connection.send(request)
    let response = try connection.readResponse()
    #expect(response.status == 413)
    #expect(recorder.count == 0)
  }

  @Test func chunkedBodyFarOverTheLimitIsNotReadToTheEnd() throws {
    let server = try startedServer(small, handler: { _ in HTTPResponse(status: 200) })
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
    let chunk = Array("100000\r\n".utf8) + [UInt8](repeating: 120, count: 1 << 20) + [13, 10]
    var sent = 0
    do {
      // 128 MiB offered; the server stops reading a few tens of MiB past the limit.
      while sent < 128 {
        try connection.send(chunk)
        sent += 1
      }
    } catch {}
    #expect(sent < 128)
  }

  @Test func chunkedBodyWithinTheLimitIsAssembled() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(small, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(
      "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
    #expect(try connection.readResponse().status == 200)
    #expect(recorder.all.first?.bodyText == "hello world")
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "\u{1}\u{2}\u{3}\u{4}\r\n\r\n",
    "GET\r\n\r\n",
    "GET / HTTP/9.9\r\nHost: t\r\n\r\n",
    "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
    "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: banana\r\n\r\n",
    "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  ])
  func garbageIsRefusedAndTheServerKeepsServing(input: String) throws {
    let server = try startedServer(handler: { _ in HTTPResponse(status: 200, text: "fine") })
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send(input)
    if let response = try? connection.readResponse(timeout: .seconds(2)) {
      #expect(response.status >= 400)
    }
    let next = try RawHTTPConnection(port: server.port).request("GET", "/")
    #expect(next.status == 200)
  }

  @Test func hugeHeaderIsRefusedAndTheServerKeepsServing() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    let huge = String(repeating: "a", count: 200_000)
    try? connection.send("GET / HTTP/1.1\r\nHost: t\r\nX-Huge: \(huge)\r\n\r\n")
    if let response = try? connection.readResponse(timeout: .seconds(2)) {
      #expect(response.status >= 400)
    }
    #expect(recorder.count == 0)
    #expect(try RawHTTPConnection(port: server.port).request("GET", "/").status == 200)
  }

  @Test func clientLeavingMidBodyNeverReachesTheHandler() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    for _ in 0..<5 {
      let connection = try RawHTTPConnection(port: server.port)
      try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\npartial")
      connection.close()
    }
    Thread.sleep(forTimeInterval: 0.2)
    #expect(recorder.count == 0)
    #expect(try RawHTTPConnection(port: server.port).request("GET", "/").status == 200)
  }

  @Test func slowlorisTricklingTheHeaderIsCutOffAfterTheTimeout() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2, connectionTimeout: 1)
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(configuration, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    let started = ContinuousClock.now
    var cutOff = false
    // One byte every 250 ms is never silent long enough for an idle timeout.
    for byte in Array("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ".utf8)
      + Array(repeating: 65, count: 40)
    {
      do {
        try connection.send([byte])
      } catch {
        cutOff = true
        break
      }
      if connection.waitForClose(timeout: .milliseconds(250)) {
        cutOff = true
        break
      }
    }
    let elapsed = ContinuousClock.now - started
    #expect(cutOff)
    #expect(elapsed < .seconds(4))
    #expect(recorder.count == 0)
  }

  @Test func silentClientIsClosedAfterTheTimeout() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2, connectionTimeout: 1)
    let server = try startedServer(configuration, handler: { _ in HTTPResponse(status: 200) })
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET / HT")
    let started = ContinuousClock.now
    #expect(connection.waitForClose(timeout: .seconds(5)))
    #expect(ContinuousClock.now - started < .seconds(4))
  }

  @Test func idleKeepAliveConnectionIsClosedAfterTheTimeout() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2, connectionTimeout: 1)
    let server = try startedServer(configuration, handler: { _ in HTTPResponse(status: 200) })
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    #expect(try connection.request("GET", "/").status == 200)
    #expect(connection.waitForClose(timeout: .seconds(5)))
  }
}
