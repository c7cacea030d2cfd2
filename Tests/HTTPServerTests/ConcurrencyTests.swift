import Foundation
import Synchronization
import Testing

@testable import HTTPServer

@Suite(.serialized) struct ConcurrencyTests {
  @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = try startedServer(handler: recordingHandler(recorder))
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    for index in 0..<5 {
      let response = try connection.request(
        index % 2 == 0 ? "GET" : "POST", "/item/\(index)", body: index % 2 == 0 ? [] : [1, 2, 3])
      #expect(response.status == 200)
      #expect(response.text == "hello")
    }
    #expect(recorder.all.map(\.path) == (0..<5).map { "/item/\($0)" })
    #expect(recorder.all[1].body == [1, 2, 3])
  }

  @Test func manyConcurrentRequestsAreAllAnswered() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 4)
    let server = try startedServer(
      configuration,
      handler: { request in
        HTTPResponse(status: 200, text: request.path)
      }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    let answered = Recorder<String>()
    let failures = Recorder<String>()
    let port = server.port
    onThreads(16) { thread in
      for index in 0..<13 where thread * 13 + index < 200 {
        let path = "/request/\(thread * 13 + index)"
        do {
          let response = try RawHTTPConnection(port: port).request("GET", path)
          if response.status == 200 && response.text == path {
            answered.record(path)
          } else {
            failures.record("\(path): \(response.status)")
          }
        } catch {
          failures.record("\(path): \(error)")
        }
      }
    }
    #expect(failures.all.isEmpty)
    #expect(Set(answered.all).count == 200)
  }

  @Test func idleEventStreamsDoNotStarveThePool() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2)
    let streams = Recorder<HTTPEventStream>()
    let server = try startedServer(
      configuration,
      handler: { request in
        guard request.path == "/events" else { return HTTPResponse(status: 200, text: "quick") }
        let stream = HTTPEventStream()
        streams.record(stream)
        return HTTPResponse(
          status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream)
      }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    var listeners: [RawHTTPConnection] = []
    for _ in 0..<16 {
      let listener = try RawHTTPConnection(port: server.port)
      try listener.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
      #expect(try listener.readStreamHead().status == 200)
      listeners.append(listener)
    }
    #expect(streams.count == 16)
    // An idle stream's connection stays suspended: its content reader is not called again
    // (were it, a server thread would spin on it).
    Thread.sleep(forTimeInterval: 0.1)
    let suspensions = streams.all.map(\.suspensionCount)
    #expect(suspensions.allSatisfy { $0 >= 1 })
    Thread.sleep(forTimeInterval: 0.5)
    #expect(streams.all.map(\.suspensionCount) == suspensions)
    for _ in 0..<20 {
      let started = ContinuousClock.now
      let response = try RawHTTPConnection(port: server.port).request(
        "GET", "/quick", timeout: .seconds(2))
      #expect(response.text == "quick")
      #expect(ContinuousClock.now - started < .seconds(1))
    }
    // The streams are still alive and deliver.
    for stream in streams.all { stream.send("data: ping\n\n") }
    for listener in listeners {
      #expect(try listener.read(through: "data: ping\n\n").hasSuffix("data: ping\n\n"))
    }
  }

  @Test func handlerMayBlockItsThreadWhileOthersServe() throws {
    let configuration = HTTPServerConfiguration(port: 0, threadCount: 2)
    let server = try startedServer(
      configuration,
      handler: { request in
        if request.path == "/slow" { Thread.sleep(forTimeInterval: 0.5) }
        return HTTPResponse(status: 200, text: request.path)
      }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    let port = server.port
    let slow = inBackground {
      _ = try? RawHTTPConnection(port: port).request("GET", "/slow")
    }
    Thread.sleep(forTimeInterval: 0.05)
    let started = ContinuousClock.now
    let fast = try RawHTTPConnection(port: port).request("GET", "/fast")
    #expect(fast.text == "/fast")
    #expect(ContinuousClock.now - started < .milliseconds(400))
    slow.wait()
  }
}
