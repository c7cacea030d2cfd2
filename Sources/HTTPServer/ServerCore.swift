import CMicroHTTPD
import Synchronization

/// The part of a running server that libmicrohttpd's callbacks reach through their
/// `void *cls`: the application's closures, the limits, and the bookkeeping that graceful
/// shutdown and the watchdog need.
///
/// `HTTPServer.start()` passes it retained to the daemon and releases it after
/// `MHD_stop_daemon` returned, when no callback can run any more.
final class ServerCore: Sendable {
  /// A TCP connection the server is serving.
  struct Connection {
    /// The connection's socket; valid while the record exists, because libmicrohttpd
    /// reports a connection closed before it closes its socket.
    let socket: Int32
    /// When the client must have delivered the next request's header; `nil` while a
    /// request is being served.
    var headerDeadline: ContinuousClock.Instant?
  }

  private struct State {
    var connections: [UInt: Connection] = [:]
    var streams: [ObjectIdentifier: HTTPEventStream] = [:]
    var activeRequests = 0
    var stopping = false
  }

  let configuration: HTTPServerConfiguration
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let errorResponse: @Sendable (_ status: Int, _ detail: String) -> HTTPResponse
  let accessLog: (@Sendable (HTTPAccessRecord) -> Void)?
  private let state = Mutex(State())

  init(
    configuration: HTTPServerConfiguration,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    errorResponse: @escaping @Sendable (_ status: Int, _ detail: String) -> HTTPResponse,
    accessLog: (@Sendable (HTTPAccessRecord) -> Void)?
  ) {
    self.configuration = configuration
    self.handler = handler
    self.errorResponse = errorResponse
    self.accessLog = accessLog
  }

  private var headerTimeout: Duration { .seconds(configuration.connectionTimeout) }

  // MARK: - Connections

  /// Records a new connection; its first request's header is due within the timeout.
  func connectionStarted(_ connection: OpaquePointer) {
    let socket = cmhd_connection_fd(connection)
    guard socket >= 0 else { return }
    let deadline = ContinuousClock.now + headerTimeout
    state.withLock {
      $0.connections[UInt(bitPattern: connection)] = Connection(
        socket: socket, headerDeadline: deadline)
    }
  }

  /// Forgets a connection libmicrohttpd is about to close.
  func connectionClosed(_ connection: OpaquePointer) {
    _ = state.withLock { $0.connections.removeValue(forKey: UInt(bitPattern: connection)) }
  }

  /// Shuts down the sockets of connections whose request header is overdue (slow or
  /// stalled clients); libmicrohttpd then closes them. Called by the watchdog.
  func closeOverdueConnections(now: ContinuousClock.Instant) {
    state.withLock { state in
      for (key, connection) in state.connections {
        guard let deadline = connection.headerDeadline, deadline <= now else { continue }
        // A plain system call, made under the lock so the socket cannot be closed and
        // its number reused meanwhile.
        _ = shutdown(connection.socket, Int32(SHUT_RDWR))
        state.connections[key]?.headerDeadline = nil
      }
    }
  }

  // MARK: - Requests

  /// Counts a request whose header arrived and stops its connection's header clock.
  func requestBegan(on connection: OpaquePointer) {
    state.withLock { state in
      state.activeRequests += 1
      state.connections[UInt(bitPattern: connection)]?.headerDeadline = nil
    }
  }

  /// Moves a request from the ordinary ones to the streams.
  ///
  /// - Returns: Whether the server is stopping, in which case the caller finishes the
  ///   stream at once.
  func streamBegan(_ stream: HTTPEventStream) -> Bool {
    state.withLock { state in
      state.activeRequests -= 1
      state.streams[ObjectIdentifier(stream)] = stream
      return state.stopping
    }
  }

  /// Forgets a completed request and restarts its connection's header clock.
  func requestEnded(on connection: OpaquePointer, stream: HTTPEventStream?) {
    let deadline = ContinuousClock.now + headerTimeout
    state.withLock { state in
      if let stream {
        state.streams.removeValue(forKey: ObjectIdentifier(stream))
      } else {
        state.activeRequests -= 1
      }
      state.connections[UInt(bitPattern: connection)]?.headerDeadline = deadline
    }
  }

  /// The streams currently on the wire.
  var openStreams: [HTTPEventStream] {
    state.withLock { Array($0.streams.values) }
  }

  /// The number of ordinary (not streamed) requests being served.
  var activeRequestCount: Int {
    state.withLock { $0.activeRequests }
  }

  /// Whether shutdown has begun.
  var isStopping: Bool {
    state.withLock { $0.stopping }
  }

  /// Marks the server as stopping: responses ask clients to close their connections, and
  /// new streams end as soon as they start.
  func beginStopping() {
    state.withLock { $0.stopping = true }
  }
}
