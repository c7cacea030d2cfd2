import CMicroHTTPD
import Synchronization

/// A response body the application keeps writing to after the handler returned: for
/// Server-Sent Events.
///
/// While the stream has nothing to send, its connection is suspended and holds no server
/// thread; `send(_:)` wakes it from any thread. Use one stream for one response.
public final class HTTPEventStream: Sendable {
  /// The connection a stream serves while its response is on the wire. The pointer is
  /// only used under the stream's lock, following the suspend/resume protocol below.
  struct Attachment: @unchecked Sendable {
    let connection: OpaquePointer
    let socket: Int32
  }

  private struct State {
    var pending: [UInt8] = []
    var pendingStart = 0
    var finishRequested = false
    var clientGone = false
    var closed = false
    var attachment: Attachment?
    var wasAttached = false
    /// True only after `MHD_suspend_connection` returned, so whoever flips it back to false
    /// owes exactly one `MHD_resume_connection`.
    var suspended = false
    var suspensions = 0
    var bytesDelivered = 0
    var closeHandlers: [@Sendable () -> Void] = []
  }

  /// Unsent bytes beyond which a client counts as gone: it is not reading.
  static let maximumPendingBytes = 16 << 20

  private let state = Mutex(State())

  /// Creates a stream that is not yet attached to a response.
  public init() {}

  /// Queues bytes for the client and wakes the connection; ignored once the stream is
  /// closed or finished. Safe to call from any thread.
  ///
  /// - Parameter bytes: The bytes to send, for example one `data: …\n\n` event.
  public func send(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    let connection: OpaquePointer? = state.withLock { state in
      guard !state.finishRequested, !state.closed, !state.clientGone else { return nil }
      state.pending.append(contentsOf: bytes)
      if state.pending.count - state.pendingStart > Self.maximumPendingBytes {
        state.clientGone = true
      }
      return Self.takeResumption(&state)
    }
    if let connection { MHD_resume_connection(connection) }
  }

  /// Queues UTF-8 text for the client; see `send(_:)` for bytes.
  ///
  /// - Parameter text: The text to send.
  public func send(_ text: String) {
    send(Array(text.utf8))
  }

  /// Ends the response once everything sent so far has gone out. Idempotent.
  public func finish() {
    let connection: OpaquePointer? = state.withLock { state in
      guard !state.finishRequested, !state.closed else { return nil }
      state.finishRequested = true
      return Self.takeResumption(&state)
    }
    if let connection { MHD_resume_connection(connection) }
  }

  /// Whether the stream takes no more data: it was finished, or the client went away.
  public var isClosed: Bool {
    state.withLock { $0.finishRequested || $0.closed || $0.clientGone }
  }

  /// Registers a handler called once when the response ends: the client disconnected, the
  /// server shut down, or a `finish()` completed. If that already happened, the handler
  /// runs at once on the calling thread; otherwise it runs on a server thread, so keep it
  /// short.
  ///
  /// - Parameter handler: The handler.
  public func onClose(_ handler: @escaping @Sendable () -> Void) {
    let runNow = state.withLock { state in
      if state.closed { return true }
      state.closeHandlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  // MARK: - Server side

  /// Binds the stream to the connection that will carry it; called on the connection's
  /// server thread before the response is queued.
  func attach(_ attachment: Attachment) {
    state.withLock { state in
      precondition(!state.wasAttached, "An HTTPEventStream can serve only one response.")
      state.wasAttached = true
      state.attachment = attachment
    }
  }

  /// The content reader: copies pending bytes into `buffer`, ends the body, or suspends the
  /// connection until there is something to do. Runs on the connection's server thread.
  func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    state.withLock { state in
      if state.clientGone || state.closed { return cmhd_content_reader_end_with_error }
      let available = state.pending.count - state.pendingStart
      if available > 0 {
        let count = min(available, capacity)
        state.pending.withUnsafeBytes { bytes in
          UnsafeMutableRawPointer(buffer).copyMemory(
            from: bytes.baseAddress! + state.pendingStart, byteCount: count)
        }
        state.pendingStart += count
        state.bytesDelivered += count
        if state.pendingStart == state.pending.count {
          state.pending.removeAll(keepingCapacity: true)
          state.pendingStart = 0
        }
        return count
      }
      if state.finishRequested { return cmhd_content_reader_end_of_stream }
      guard let attachment = state.attachment else { return cmhd_content_reader_end_with_error }
      // Suspending under the lock makes `suspended == true` mean "MHD has suspended it", so
      // a resume can never overtake its suspend. MHD calls nothing of ours from here.
      MHD_suspend_connection(attachment.connection)
      state.suspended = true
      state.suspensions += 1
      return 0
    }
  }

  /// How often the connection was suspended for lack of data.
  var suspensionCount: Int {
    state.withLock { $0.suspensions }
  }

  /// The socket and suspension count of a suspended connection, for the watchdog.
  func suspendedSocket() -> (socket: Int32, suspension: Int)? {
    state.withLock { state in
      guard state.suspended, let attachment = state.attachment else { return nil }
      return (attachment.socket, state.suspensions)
    }
  }

  /// Ends the response with an error because the client went away while the connection
  /// was suspended; does nothing if the connection woke up since `suspension` was read.
  func clientDisconnected(duringSuspension suspension: Int) {
    let connection: OpaquePointer? = state.withLock { state in
      guard state.suspended, state.suspensions == suspension else { return nil }
      state.clientGone = true
      return Self.takeResumption(&state)
    }
    if let connection { MHD_resume_connection(connection) }
  }

  /// Marks the stream closed once its request completed and runs the close handlers.
  ///
  /// - Returns: The number of body bytes handed to the server.
  @discardableResult
  func complete() -> Int {
    let (handlers, bytes) = state.withLock { state in
      state.closed = true
      state.suspended = false
      state.attachment = nil
      state.pending = []
      state.pendingStart = 0
      let handlers = state.closeHandlers
      state.closeHandlers = []
      return (handlers, state.bytesDelivered)
    }
    for handler in handlers { handler() }
    return bytes
  }

  /// Clears the suspended flag and returns the connection to resume, if it was suspended.
  private static func takeResumption(_ state: inout State) -> OpaquePointer? {
    guard state.suspended, let attachment = state.attachment else { return nil }
    state.suspended = false
    return attachment.connection
  }
}
