import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of a running server that libmicrohttpd's callbacks reach through their
/// `void *cls`: the application's closures, the limits, and the bookkeeping that graceful
/// shutdown and the watchdog need.
///
/// `HTTPServer.start()` passes it retained to the daemon and releases it after
/// `MHD_stop_daemon` returned, when no callback can run any more.
final class ServerCore: Sendable {
  private struct State {
    var connections: ConnectionTable
    var streams: [ObjectIdentifier: HTTPEventStream] = [:]
    var activeRequests = 0
    var stopping = false
  }

  /// How long a refused connection may take to send the request its 503 answers.
  static let refusedRequestTimeout: Duration = .seconds(2)

  let configuration: HTTPServerConfiguration
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  /// Builds the server's own refusals from the status, a sentence and the raw path.
  let errorResponse: @Sendable (_ status: Int, _ detail: String, _ rawPath: String) -> HTTPResponse
  let accessLog: (@Sendable (HTTPAccessRecord) -> Void)?
  let lingeringClose = LingeringClose()
  private let state: Mutex<State>

  init(
    configuration: HTTPServerConfiguration,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    errorResponse:
      @escaping @Sendable (_ status: Int, _ detail: String, _ rawPath: String) ->
      HTTPResponse,
    accessLog: (@Sendable (HTTPAccessRecord) -> Void)?
  ) {
    self.configuration = configuration
    self.handler = handler
    self.errorResponse = errorResponse
    self.accessLog = accessLog
    self.state = Mutex(
      State(
        connections: ConnectionTable(
          maxConnections: configuration.maxConnections,
          maxPerAddress: configuration.maxConnectionsPerAddress)))
  }

  /// How long a request (header and body) may take, counted from when its connection began
  /// waiting for it; a body may take longer while it keeps the minimum upload rate.
  var requestTimeout: Duration { .seconds(configuration.connectionTimeout) }

  // MARK: - Connections

  /// Records a new connection, admitting it under the connection limits or marking it
  /// refused; its first request is due within the request timeout.
  func connectionStarted(_ connection: OpaquePointer) {
    let socket = cmhd_connection_fd(connection)
    let address = cmhd_connection_client_address(connection).flatMap(ClientAddress.init)
    let now = ContinuousClock.now
    _ = state.withLock {
      $0.connections.open(UInt(bitPattern: connection), socket: socket, address: address, now: now)
    }
  }

  /// Forgets a connection libmicrohttpd is about to close; if a response went out before its
  /// request was read, the connection lingers instead of closing at once.
  func connectionClosed(_ connection: OpaquePointer) {
    let lingering = state.withLock { state in
      state.connections.close(UInt(bitPattern: connection))?.lingeringDuplicate ?? -1
    }
    if lingering >= 0 { lingeringClose.linger(lingering) }
  }

  /// Shuts down the sockets of connections whose request header is overdue (slow or
  /// stalled clients); libmicrohttpd then closes them. Called by the watchdog.
  func closeOverdueConnections(now: ContinuousClock.Instant) {
    // A plain system call, made under the lock so the socket cannot be closed and its
    // number reused meanwhile.
    state.withLock {
      $0.connections.shutDownOverdue(
        now: now, deadline: requestTimeout, refusedDeadline: Self.refusedRequestTimeout)
    }
  }

  /// Asks for the connection to linger when it closes, because a response goes out before
  /// its request was read completely.
  func lingerOnClose(_ connection: OpaquePointer) {
    // Duplicated now, on the thread serving the connection, while the socket is certainly
    // this connection's: by the time libmicrohttpd reports it closed, the number may already
    // belong to another connection.
    let socket = cmhd_connection_fd(connection)
    guard socket >= 0 else { return }
    let duplicate = dup(socket)
    guard duplicate >= 0 else { return }
    let taken = state.withLock {
      $0.connections.setLingeringDuplicate(duplicate, of: UInt(bitPattern: connection))
    }
    if !taken { _ = close(duplicate) }
  }

  /// Notes that the server refused a request on this connection, which closes after the
  /// answer.
  func markRefused(_ connection: OpaquePointer) {
    state.withLock { $0.connections.markRefused(UInt(bitPattern: connection)) }
  }

  /// Whether the server refused an earlier request on this connection; if so, shuts its
  /// socket down, so that libmicrohttpd closes it.
  func refusedBefore(_ connection: OpaquePointer) -> Bool {
    state.withLock { $0.connections.shutDownIfRefused(UInt(bitPattern: connection)) }
  }

  // MARK: - Requests

  /// What the server knows about a connection when a request's header arrived on it.
  struct Arrival {
    /// Why the connection is refused, or nil.
    var refusal: String?
    /// When the connection began waiting for this request.
    var waitingSince: ContinuousClock.Instant
  }

  /// Counts a request whose header arrived and moves its connection on.
  ///
  /// - Parameter hasBody: Whether a body follows; without one the request is answered now.
  func requestBegan(on connection: OpaquePointer, hasBody: Bool) -> Arrival {
    let now = ContinuousClock.now
    return state.withLock { state in
      state.activeRequests += 1
      let key = UInt(bitPattern: connection)
      state.connections.setPhase(hasBody ? .receivingBody : .answering, of: key, now: now)
      let entry = state.connections.entries[key]
      return Arrival(refusal: entry?.refusal, waitingSince: entry?.waitingSince ?? now)
    }
  }

  /// Notes that a request's body has arrived completely, so its connection is not one to
  /// evict for a newcomer.
  func bodyCompleted(on connection: OpaquePointer) {
    state.withLock {
      $0.connections.setPhase(.answering, of: UInt(bitPattern: connection), now: .now)
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

  /// Forgets a completed request and restarts its connection's request clock.
  func requestEnded(on connection: OpaquePointer, stream: HTTPEventStream?) {
    let now = ContinuousClock.now
    state.withLock { state in
      if let stream {
        state.streams.removeValue(forKey: ObjectIdentifier(stream))
      } else {
        state.activeRequests -= 1
      }
      state.connections.setPhase(.awaitingRequest, of: UInt(bitPattern: connection), now: now)
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
