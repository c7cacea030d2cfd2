import Foundation
import HTTPServer
import Testing

/// Clients that send slowly, or open many connections, cannot keep others out.
@Suite(.serialized) struct SlowClientTests {
  @Test func bodyTrickledOneByteAtATimeIsCutOffAtTheRequestDeadline() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2, connectionTimeout: 1)
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(configuration, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n")
    let started = ContinuousClock.now
    var answer: RawResponse?
    var cutOff = false
    // One byte every 250 ms is never silent long enough for the idle timeout.
    for _ in 0..<40 {
      do {
        try connection.send([65])
      } catch {
        cutOff = true
        break
      }
      if let response = try? connection.readResponse(timeout: .milliseconds(250)) {
        answer = response
        cutOff = connection.waitForClose(timeout: .seconds(2))
        break
      }
      if connection.isClosedByPeer {
        cutOff = true
        break
      }
    }
    #expect(cutOff)
    #expect(ContinuousClock.now - started < .seconds(4))
    // libmicrohttpd takes no response while a body arrives: the connection just closes.
    #expect(answer == nil)
    #expect(recorder.count == 0)
  }

  @Test func largeBodyKeepingTheMinimumRateMayTakeLongerThanTheDeadline() throws {
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 2, connectionTimeout: 1)
    configuration.minimumUploadRate = 1024
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(configuration, handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    let piece = [UInt8](repeating: 66, count: 8192)
    try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: \(piece.count * 8)\r\n\r\n")
    // 64 KiB over at least 1.6 s, past the 1 s deadline: each piece earns 8 s more.
    for _ in 0..<8 {
      Thread.sleep(forTimeInterval: 0.2)
      try connection.send(piece)
    }
    #expect(try connection.readResponse().status == 200)
    #expect(recorder.all.first?.body.count == piece.count * 8)
  }

  @Test func connectionsOverThePerAddressCapAreRefusedWith503() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    #expect(HTTPServerConfiguration().maxConnectionsPerAddress == 64)
    var held: [RawHTTPConnection] = []
    for _ in 0..<64 {
      let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
      #expect(try connection.request("GET", "/").status == 200)
      held.append(connection)
    }
    let refused = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    let response = try refused.request("GET", "/")
    #expect(response.status == 503)
    #expect(response.headers["Connection"] == "close")
    #expect(response.headers["Retry-After"] != nil)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.text.contains("127.0.0.2"))
    #expect(refused.waitForClose(timeout: .seconds(2)))
    // Another address is served meanwhile.
    let other = try RawHTTPConnection(port: server.port, source: "127.0.0.3")
    #expect(try other.request("GET", "/").status == 200)
    // Once one of the 64 leaves, the address may connect again.
    held.removeFirst().close()
    var servedAgain = false
    for _ in 0..<50 where !servedAgain {
      Thread.sleep(forTimeInterval: 0.05)
      let again = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
      servedAgain = (try? again.request("GET", "/").status) == 200
    }
    #expect(servedAgain)
  }

  @Test func oneAddressOpeningHundredsOfConnectionsDoesNotKeepOthersOut() throws {
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 2, maxConnections: 64)
    configuration.maxConnectionsPerAddress = 4
    let server = try startedServer(configuration, handler: { _ in HTTPResponse(status: 200) })
    defer { server.shutdown(timeout: .seconds(2)) }
    // Silent connections: refused, each would wait for a request to answer with a 503.
    var flood: [RawHTTPConnection] = []
    for _ in 0..<400 {
      flood.append(try RawHTTPConnection(port: server.port, source: "127.0.0.2"))
    }
    // Before refused connections were bounded, this one waited in the backlog while the
    // refused ones held every place, for 2 s at a time.
    let response = try RawHTTPConnection(port: server.port, source: "127.0.0.3").request(
      "GET", "/", timeout: .seconds(3))
    #expect(response.status == 200)
    withExtendedLifetime(flood) {}
  }

  @Test func aThousandSlowUploadsDoNotKeepANormalClientOut() throws {
    // The default limits: 1,024 connections, 64 per address.
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(5)) }
    var slow: [RawHTTPConnection] = []
    for index in 0..<1_100 {
      // 55 connections from each of 127.0.0.2 ... 127.0.0.21: under the per-address cap.
      let connection = try RawHTTPConnection(
        port: server.port, source: "127.0.0.\(2 + index / 55)")
      try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\nx")
      slow.append(connection)
    }
    // Let the server take them all in.
    Thread.sleep(forTimeInterval: 0.5)
    let started = ContinuousClock.now
    let response = try RawHTTPConnection(port: server.port).request(
      "GET", "/", timeout: .seconds(1))
    #expect(response.status == 200)
    #expect(ContinuousClock.now - started < .seconds(1))
    let stillOpen = slow.filter(\.isOpen).count
    #expect(stillOpen >= 1_000)
    #expect(recorder.count == 1)
  }

  @Test func whenEveryConnectionIsBusyANewcomerGetsA503() throws {
    var configuration = HTTPServerConfiguration(port: 0, threadCount: 2, maxConnections: 3)
    configuration.maxConnectionsPerAddress = 0
    let server = try startedServer(
      configuration,
      handler: { _ in
        let stream = HTTPEventStream()
        stream.send(": connected\n\n")
        return HTTPResponse(
          status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream)
      })
    defer { server.shutdown(timeout: .seconds(2)) }
    var streams: [RawHTTPConnection] = []
    for _ in 0..<3 {
      let client = try RawHTTPConnection(port: server.port)
      try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try client.readStreamHead().status == 200)
      streams.append(client)
    }
    let newcomer = try RawHTTPConnection(port: server.port)
    let response = try newcomer.request("GET", "/events")
    #expect(response.status == 503)
    #expect(response.headers["Retry-After"] != nil)
    #expect(response.headers["Connection"] == "close")
    let streamsOpen = streams.allSatisfy(\.isOpen)
    #expect(streamsOpen)
  }
}
