import Foundation
import HTTPServer
import Testing

@Suite(.serialized) struct EventStreamTests {
  /// A server whose `/events` answers with a new stream, handed to the test.
  private func withStreamServer(
    _ body: (HTTPServer, Recorder<HTTPEventStream>) throws -> Void
  ) throws {
    let streams = Recorder<HTTPEventStream>()
    let server = try startedServer(handler: { _ in
      let stream = HTTPEventStream()
      stream.send(": connected\n\n")
      streams.record(stream)
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream)
    })
    defer { server.shutdown(timeout: .seconds(2)) }
    try body(server, streams)
  }

  @Test func deliversMessagesSentLaterFromAnotherThread() throws {
    try withStreamServer { server, streams in
      let client = try RawHTTPConnection(port: server.port)
      try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      let (status, head) = try client.readStreamHead()
      #expect(status == 200)
      #expect(head.contains("Transfer-Encoding: chunked"))
      #expect(try client.read(through: ": connected\n\n").hasSuffix(": connected\n\n"))
      let stream = try #require(streams.all.first)
      let sender = inBackground {
        for index in 1...3 {
          Thread.sleep(forTimeInterval: 0.1)
          stream.send("data: message \(index)\n\n")
        }
      }
      for index in 1...3 {
        #expect(try client.read(through: "data: message \(index)\n\n").contains("message \(index)"))
      }
      sender.wait()
      let closed = Recorder<Bool>()
      stream.onClose { closed.record(true) }
      stream.finish()
      #expect(stream.isClosed)
      #expect(try client.read(through: "0\r\n\r\n").hasSuffix("0\r\n\r\n"))
      #expect(closed.wait(forCount: 1))
      // The connection stays usable for another request.
      try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try client.readStreamHead().status == 200)
    }
  }

  @Test func onCloseFiresWhenTheClientDisconnects() throws {
    try withStreamServer { server, streams in
      let client = try RawHTTPConnection(port: server.port)
      try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      _ = try client.readStreamHead()
      _ = try client.read(through: ": connected\n\n")
      let stream = try #require(streams.all.first)
      let closed = Recorder<Bool>()
      stream.onClose { closed.record(true) }
      #expect(!stream.isClosed)
      // Let the connection suspend, idle, before the client leaves.
      Thread.sleep(forTimeInterval: 0.2)
      client.close()
      #expect(closed.wait(forCount: 1, timeout: .seconds(3)))
      #expect(stream.isClosed)
      stream.send("data: into the void\n\n")
      // A handler registered after closing runs at once.
      let late = Recorder<Bool>()
      stream.onClose { late.record(true) }
      #expect(late.count == 1)
      #expect(closed.count == 1)
    }
  }

  @Test func manyMessagesArriveInOrder() throws {
    try withStreamServer { server, streams in
      let client = try RawHTTPConnection(port: server.port)
      try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      _ = try client.readStreamHead()
      let stream = try #require(streams.all.first)
      let sender = inBackground {
        for index in 0..<2000 { stream.send("data: \(index)\n\n") }
        stream.finish()
      }
      var received: [UInt8] = []
      while let chunk = try client.readChunk() {
        received += chunk
      }
      sender.wait()
      let numbers = String(decoding: received, as: UTF8.self).split(separator: "\n").compactMap {
        line -> Int? in
        line.hasPrefix("data: ") ? Int(line.dropFirst(6)) : nil
      }
      #expect(numbers == Array(0..<2000))
    }
  }

  @Test func shutdownEndsOpenStreams() throws {
    let streams = Recorder<HTTPEventStream>()
    let server = HTTPServer(
      configuration: HTTPServerConfiguration(port: 0, threadCount: 2),
      handler: { _ in
        let stream = HTTPEventStream()
        streams.record(stream)
        return HTTPResponse(status: 200, stream: stream)
      },
      errorResponse: problemResponse)
    try server.start()
    let client = try RawHTTPConnection(port: server.port)
    try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
    _ = try client.readStreamHead()
    let stream = try #require(streams.all.first)
    let closed = Recorder<Bool>()
    stream.onClose { closed.record(true) }
    Thread.sleep(forTimeInterval: 0.1)
    let started = ContinuousClock.now
    server.shutdown(timeout: .seconds(5))
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(closed.count == 1)
    #expect(client.waitForClose(timeout: .seconds(2)))
  }
}
