import Foundation
import HTTPServer
import Synchronization

/// Collects values from server threads for the test to inspect.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func record(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var all: [Value] { values.withLock { $0 } }
  var count: Int { values.withLock { $0.count } }

  /// Waits until at least `count` values arrived.
  ///
  /// - Returns: Whether they did within `timeout`.
  func wait(forCount count: Int, timeout: Duration = .seconds(5)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while self.count < count {
      guard ContinuousClock.now < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return true
  }
}

/// The error responses the tests expect: a small problem+json document.
@Sendable func problemResponse(status: Int, detail: String) -> HTTPResponse {
  let escaped = detail.replacingOccurrences(of: "\"", with: "\\\"")
  return HTTPResponse(
    status: status,
    headers: ["Content-Type": "application/problem+json"],
    text: "{\"status\":\(status),\"detail\":\"\(escaped)\"}")
}

/// A started server on a free port of 127.0.0.1 whose errors are `problemResponse`s; the
/// caller shuts it down.
func startedServer(
  _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(port: 0, threadCount: 2),
  accessLog: (@Sendable (HTTPAccessRecord) -> Void)? = nil,
  handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
) throws -> HTTPServer {
  let server = HTTPServer(
    configuration: configuration, handler: handler, errorResponse: problemResponse,
    accessLog: accessLog)
  try server.start()
  return server
}

/// Runs `work` on `count` threads at once and waits for all of them.
func onThreads(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread.detachNewThread {
      work(index)
      group.leave()
    }
  }
  group.wait()
}

/// Runs `work` on a new thread; the returned group is left when it is done.
func inBackground(_ work: @escaping @Sendable () -> Void) -> DispatchGroup {
  let group = DispatchGroup()
  group.enter()
  Thread.detachNewThread {
    work()
    group.leave()
  }
  return group
}

/// A handler that answers `200 hello` and records each request.
func recordingHandler(_ recorder: Recorder<HTTPRequest>) -> @Sendable (HTTPRequest) -> HTTPResponse
{
  { request in
    recorder.record(request)
    return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], text: "hello")
  }
}
