import Foundation
import HTTPServer
import Synchronization
import Testing

@Suite(.serialized) struct LifecycleTests {
  private func makeServer(
    port: UInt16 = 0, host: String = "127.0.0.1",
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in
      HTTPResponse(status: 200, text: "ok")
    }
  ) -> HTTPServer {
    HTTPServer(
      configuration: HTTPServerConfiguration(host: host, port: port, threadCount: 2),
      handler: handler, errorResponse: problemResponse)
  }

  @Test func gracefulShutdownLetsASlowRequestFinish() throws {
    let server = makeServer { _ in
      Thread.sleep(forTimeInterval: 0.3)
      return HTTPResponse(status: 200, text: "worth the wait")
    }
    try server.start()
    let port = server.port
    let result = Mutex<Result<RawResponse, any Error>?>(nil)
    let request = inBackground {
      let outcome = Result { try RawHTTPConnection(port: port).request("GET", "/slow") }
      result.withLock { $0 = outcome }
    }
    Thread.sleep(forTimeInterval: 0.1)
    let started = ContinuousClock.now
    server.shutdown()
    let elapsed = ContinuousClock.now - started
    request.wait()
    let response = try #require(try result.withLock { $0 }?.get())
    #expect(response.status == 200)
    #expect(response.text == "worth the wait")
    #expect(elapsed >= .milliseconds(100))
    #expect(elapsed < .seconds(3))
    // No new connections afterwards.
    #expect(throws: (any Error).self) { try RawHTTPConnection(port: port).request("GET", "/") }
  }

  @Test func portIsFreeAgainAfterShutdown() throws {
    let first = makeServer()
    try first.start()
    let port = first.port
    #expect(try RawHTTPConnection(port: port).request("GET", "/").status == 200)
    first.shutdown()
    first.shutdown()  // idempotent

    let second = makeServer(port: port)
    try second.start()
    defer { second.shutdown() }
    #expect(second.port == port)
    #expect(try RawHTTPConnection(port: port).request("GET", "/").text == "ok")
  }

  @Test func portInUseIsReportedClearly() throws {
    let first = makeServer()
    try first.start()
    defer { first.shutdown() }
    let second = makeServer(port: first.port)
    let error = try #require(throws: HTTPServerError.self) { try second.start() }
    #expect(error.code == .addressInUse)
    #expect(error.description == "Cannot listen on 127.0.0.1:\(first.port): the port is in use.")
  }

  @Test(arguments: ["nonsense", "256.1.1.1", "", "example.com"])
  func hostThatIsNoIPAddressIsRefused(host: String) throws {
    let error = try #require(throws: HTTPServerError.self) {
      try makeServer(host: host).start()
    }
    #expect(error.code == .invalidAddress)
    #expect(error.description == "'\(host)' is not an IP address.")
  }

  @Test func localhostAndURLAreReported() throws {
    let server = makeServer(host: "localhost")
    try server.start()
    defer { server.shutdown() }
    #expect(server.port != 0)
    #expect(server.url == "http://localhost:\(server.port)")
    #expect(try RawHTTPConnection(port: server.port).request("GET", "/").status == 200)
  }

  @Test(.enabled(if: ipv6LoopbackAvailable())) func listensOnIPv6Loopback() throws {
    let recorder = Recorder<HTTPRequest>()
    let server = makeServer(host: "::1", handler: recordingHandler(recorder))
    try server.start()
    defer { server.shutdown() }
    #expect(server.url == "http://[::1]:\(server.port)")
    #expect(try RawHTTPConnection(port: server.port, host: "::1").request("GET", "/").status == 200)
    #expect(recorder.all.first?.remoteAddress == "::1")
  }

  @Test func shutdownBeforeStartIsHarmless() {
    let server = makeServer()
    server.shutdown()
    #expect(server.port == 0)
  }

  @Test func accessLogGetsOneRecordPerRequest() throws {
    let records = Recorder<HTTPAccessRecord>()
    let server = try startedServer(
      accessLog: { records.record($0) },
      handler: { request in
        request.path == "/missing"
          ? HTTPResponse(status: 404, text: "nope")
          : HTTPResponse(status: 200, text: "hello")
      }
    )
    defer { server.shutdown(timeout: .seconds(2)) }
    let connection = try RawHTTPConnection(port: server.port)
    _ = try connection.request("GET", "/a%20b?x=1", headers: ["User-Agent: tests/2"])
    _ = try connection.request("GET", "/missing")
    _ = try connection.request("HEAD", "/a")
    _ = try connection.request("POST", "/%FF")
    #expect(records.wait(forCount: 4))
    Thread.sleep(forTimeInterval: 0.1)
    let all = records.all
    #expect(all.count == 4)
    #expect(all.map(\.method) == ["GET", "GET", "HEAD", "POST"])
    #expect(all.map(\.path) == ["/a%20b", "/missing", "/a", "/%FF"])
    #expect(all.map(\.status) == [200, 404, 200, 400])
    #expect(all[0].bytes == 5)
    #expect(all[1].bytes == 4)
    #expect(all[2].bytes == 0)
    #expect(all[0].userAgent == "tests/2")
    #expect(all[1].userAgent == nil)
    #expect(all.allSatisfy { $0.remoteAddress == "127.0.0.1" && $0.duration >= .zero })
  }

  @Test func terminationSignalReturnsTheSignalThatArrived() {
    // Ignored until the waiter installs its handler, so an early signal cannot kill the
    // test process.
    signal(SIGUSR2, SIG_IGN)
    let received = Atomic<Bool>(false)
    let sender = inBackground {
      while !received.load(ordering: .acquiring) {
        Thread.sleep(forTimeInterval: 0.05)
        kill(getpid(), SIGUSR2)
      }
    }
    let signal = TerminationSignal.wait(for: [SIGUSR2])
    received.store(true, ordering: .releasing)
    sender.wait()
    #expect(signal == SIGUSR2)
  }
}

/// Whether this machine can listen on `::1`.
func ipv6LoopbackAvailable() -> Bool {
  let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  var address = sockaddr_in6()
  address.sin6_family = sa_family_t(AF_INET6)
  address.sin6_addr = in6addr_loopback
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
    }
  }
}
