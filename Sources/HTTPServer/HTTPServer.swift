import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP/1.1 server over libmicrohttpd: a pool of threads calls a synchronous handler
/// for each complete request, bodies are capped, idle event streams hold no thread, and
/// shutdown lets requests in flight finish.
public final class HTTPServer: Sendable {
  private enum Phase {
    case idle
    /// Bound by ``bind()``, threads not started: clients that connect wait in the backlog.
    case bound(ListeningSocket)
    case running(Running)
    case stopping
    case stopped
  }

  /// What a running server owns. The daemon pointer is used only by `shutdown`.
  private struct Running: @unchecked Sendable {
    let daemon: OpaquePointer
    let socket: ListeningSocket
    let core: Unmanaged<ServerCore>
    let watchdog: ConnectionWatchdog
    /// libmicrohttpd's logger writes here until the daemon stops.
    let log: UnsafeMutableRawPointer?
    /// The certificate and key libmicrohttpd was given, kept until the daemon stops.
    let pem: PEMStrings?
  }

  private let configuration: HTTPServerConfiguration
  private let core: ServerCore
  private let phase = Mutex(Phase.idle)
  private let boundPort = Atomic<UInt16>(0)

  /// Creates a server; call `start()` to listen.
  ///
  /// - Parameters:
  ///   - configuration: Where to listen and the limits to enforce.
  ///   - handler: Answers each request; runs on a server thread and may block it.
  ///   - errorResponse: Builds the response for a request the server refuses itself, such
  ///     as 413 (body too large) or 400 (path not UTF-8), from the status and a sentence.
  ///   - accessLog: Receives one record per answered request once its response went out
  ///     (for a stream: once it closed); runs on a server thread.
  public convenience init(
    configuration: HTTPServerConfiguration,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    errorResponse: @escaping @Sendable (_ status: Int, _ detail: String) -> HTTPResponse,
    accessLog: (@Sendable (HTTPAccessRecord) -> Void)? = nil
  ) {
    self.init(
      configuration: configuration, handler: handler,
      errorResponse: { status, detail, _ in errorResponse(status, detail) },
      accessLog: accessLog)
  }

  /// Creates a server whose own refusals may depend on the path asked for (a WebDAV tree
  /// answers its errors in XML); call `start()` to listen.
  ///
  /// - Parameters:
  ///   - configuration: Where to listen and the limits to enforce.
  ///   - handler: Answers each request; runs on a server thread and may block it.
  ///   - errorResponse: Builds the response for a request the server refuses itself from the
  ///     status, a sentence and the request's path as sent (percent-encoded, without the
  ///     query).
  ///   - accessLog: Receives one record per answered request once its response went out
  ///     (for a stream: once it closed); runs on a server thread.
  public init(
    configuration: HTTPServerConfiguration,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
    errorResponse:
      @escaping @Sendable (_ status: Int, _ detail: String, _ rawPath: String) ->
      HTTPResponse,
    accessLog: (@Sendable (HTTPAccessRecord) -> Void)? = nil
  ) {
    configuration.validate()
    self.configuration = configuration
    self.core = ServerCore(
      configuration: configuration, handler: handler, errorResponse: errorResponse,
      accessLog: accessLog)
  }

  deinit {
    shutdown(timeout: .zero)
  }

  /// Binds the configured address (unless ``bind()`` did) and starts the server threads.
  ///
  /// - Throws: `HTTPServerError` when the address is invalid or taken, the process may not
  ///   listen there, or the TLS certificate and key are unusable (or TLS is not available).
  public func start() throws(HTTPServerError) {
    try phase.withLock { (phase: inout Phase) throws(HTTPServerError) in
      let bound: ListeningSocket?
      switch phase {
      case .idle: bound = nil
      case .bound(let socket): bound = socket
      default: preconditionFailure("An HTTPServer starts only once.")
      }
      var pem: PEMStrings?
      if let tls = configuration.tls {
        guard cmhd_supports_tls() != 0 else {
          throw HTTPServerError(
            .tlsUnavailable,
            "Cannot serve HTTPS: this libmicrohttpd was built without TLS (GnuTLS) support. "
              + "Install one built with it, or serve plain HTTP behind a TLS reverse proxy.")
        }
        pem = try tls.pemStrings()
      }
      Self.raiseDescriptorLimit(for: configuration)
      let socket: ListeningSocket
      if let bound {
        socket = bound
      } else {
        socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
      }
      let retained = Unmanaged.passRetained(core)
      // poll(), not the epoll that AUTO picks on Linux: with a thread pool, libmicrohttpd
      // 0.9.75's MHD_quiesce_daemon and a worker can both take the listening socket out of the
      // worker's epoll set, and the loser aborts the process ("Failed to remove listen FD from
      // epoll set"), which a browser test hit once at shutdown. poll() keeps no such set.
      var flags = MHD_USE_POLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
      if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
      if pem != nil { flags |= MHD_USE_TLS.rawValue }
      let log = cmhd_log_capture_new()
      core.lingeringClose.start()
      let daemon = cmhd_start_daemon(
        UInt32(flags), socket.descriptor, UInt32(configuration.threadCount),
        UInt32(Self.daemonConnectionLimit(configuration)), UInt32(configuration.connectionTimeout),
        MHDCallbacks.accessHandler, retained.toOpaque(),
        MHDCallbacks.requestCompleted, retained.toOpaque(),
        MHDCallbacks.connectionNotification, retained.toOpaque(),
        MHDCallbacks.requestLine, retained.toOpaque(), Self.connectionMemory,
        log, pem?.certificate, pem?.key)
      // Only start-up messages are wanted; a client's failed handshake later is not an error
      // of the server's.
      cmhd_log_capture_stop(log)
      guard let daemon else {
        let messages = String(cString: cmhd_log_capture_text(log))
        cmhd_log_capture_free(log)
        core.lingeringClose.stop()
        retained.release()
        // libmicrohttpd 0.9.75 closes the listening socket it was given when it fails to start
        // (seen with a bad TLS key); closing it again would close whatever another thread
        // opened under that number meanwhile. A socket from `bind()` is gone as well.
        if bound != nil { phase = .stopped }
        throw HTTPServerError.daemonRefused(
          place: "\(configuration.host):\(socket.port)", tls: pem != nil, log: messages)
      }
      boundPort.store(socket.port, ordering: .releasing)
      phase = .running(
        Running(
          daemon: daemon, socket: socket, core: retained,
          watchdog: ConnectionWatchdog(core: core), log: log, pem: pem))
    }
  }

  /// Binds the configured address without starting any thread, so that ``port`` and ``url``
  /// are known before ``start()``; a client that connects meanwhile waits in the backlog.
  /// Calling it again, or after `start()`, does nothing.
  ///
  /// - Throws: `HTTPServerError` when the address is invalid or taken, or the process may not
  ///   listen there.
  public func bind() throws(HTTPServerError) {
    try phase.withLock { (phase: inout Phase) throws(HTTPServerError) in
      guard case .idle = phase else { return }
      Self.raiseDescriptorLimit(for: configuration)
      let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
      boundPort.store(socket.port, ordering: .releasing)
      phase = .bound(socket)
    }
  }

  /// The port the server listens on, which ``bind()`` or `start()` picks when the configured
  /// port is 0; 0 before either.
  public var port: UInt16 {
    boundPort.load(ordering: .acquiring)
  }

  /// Whether the server speaks HTTPS, so that cookies may be marked `Secure`.
  public var isSecure: Bool { configuration.tls != nil }

  /// The server's base URL, for example `"http://127.0.0.1:8080"` or
  /// `"https://127.0.0.1:8443"`.
  public var url: String {
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return "\(isSecure ? "https" : "http")://\(host):\(port)"
  }

  /// Stops the server gracefully: stops accepting connections, lets requests in flight
  /// finish (waiting at most `timeout`), finishes every event stream, then stops the
  /// threads and frees the port. Idempotent; returns at once if another call is already
  /// shutting down. Call it from any thread but a server thread (a handler or callback).
  ///
  /// - Parameter timeout: How long requests in flight may take to finish.
  public func shutdown(timeout: Duration = .seconds(10)) {
    let running: Running? = phase.withLock { phase in
      switch phase {
      case .idle:
        phase = .stopped
        return nil
      case .bound(let socket):
        socket.close()
        phase = .stopped
        return nil
      case .running(let running):
        phase = .stopping
        return running
      case .stopping, .stopped:
        return nil
      }
    }
    guard let running else { return }
    let deadline = ContinuousClock.now + timeout
    let core = running.core.takeUnretainedValue()

    // The socket stays open until after MHD_stop_daemon, as libmicrohttpd asks; clients
    // connecting meanwhile wait in the backlog and are refused when it closes. The result
    // is our own socket, or -1 if the daemon had stopped listening already: either way no
    // connection is accepted from here on.
    _ = MHD_quiesce_daemon(running.daemon)
    core.beginStopping()
    Self.wait(until: deadline) { core.activeRequestCount == 0 }

    // Finishing a stream resumes its connection, so that none is suspended when the daemon
    // stops (libmicrohttpd forbids that); give the final chunks a moment to go out.
    for stream in core.openStreams { stream.finish() }
    let streamDeadline = max(deadline, ContinuousClock.now + .milliseconds(500))
    Self.wait(until: streamDeadline) { core.openStreams.isEmpty }

    running.watchdog.stop()
    MHD_stop_daemon(running.daemon)
    core.lingeringClose.stop()
    cmhd_log_capture_free(running.log)
    running.socket.close()
    running.core.release()
    phase.withLock { $0 = .stopped }
  }

  /// The memory libmicrohttpd gives each connection for its request header and buffers:
  /// four times its default, so that a request line with a long query (up to about 50 KB)
  /// reaches the server's own checks; longer ones get libmicrohttpd's 414.
  private static let connectionMemory = 128 << 10

  private static func daemonConnectionLimit(_ configuration: HTTPServerConfiguration) -> Int {
    ConnectionTable.daemonLimit(maxConnections: configuration.maxConnections)
  }

  /// Raises the process's soft limit on open files to what the connection limits need, never
  /// past the hard limit. At a shell's usual 1,024, accept(2) would fail before the server
  /// could evict a slow client or refuse anyone cleanly, and newcomers would wait unanswered.
  private static func raiseDescriptorLimit(for configuration: HTTPServerConfiguration) {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return }
    // Each connection's socket, a duplicate while it lingers, and room for the database
    // and the files the application opens.
    let needed = rlim_t(
      daemonConnectionLimit(configuration) + LingeringClose.capacity + 256)
    guard limit.rlim_cur < needed else { return }
    limit.rlim_cur = min(needed, limit.rlim_max)
    _ = setrlimit(resource, &limit)
  }

  private static func wait(until deadline: ContinuousClock.Instant, _ done: () -> Bool) {
    while !done() && ContinuousClock.now < deadline {
      var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
      _ = nanosleep(&pause, nil)
    }
  }
}
