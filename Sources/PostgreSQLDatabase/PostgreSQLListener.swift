import CLibPQ
import Dispatch
import Foundation
import SQLDatabase
import Synchronization

/// Listens on one `LISTEN`/`NOTIFY` channel on a connection and thread of its own, and hands
/// each notification's payload to a closure.
///
/// PostgreSQL delivers a notification when the transaction that sent it commits, and never one
/// from a transaction rolled back. When the server goes away the listener reconnects (waiting
/// 0.1 s, then twice as long each time, at most 2 s) and calls `onReconnect` once it listens
/// again: notifications sent meanwhile are lost, so the caller re-reads what it watches.
public final class PostgreSQLListener: Sendable {
  /// The channel listened on.
  public let channel: String
  private let control: ListenerControl

  /// Connects, listens on `channel` and starts the thread that waits for notifications.
  ///
  /// When the server answers, the listener listens before `init` returns, so that anything
  /// committed afterwards is delivered; when it does not, the thread keeps trying and calls
  /// `onReconnect` once it gets through. A server that does not answer at all holds `init` for
  /// the connect timeout (5 s unless the string sets `connect_timeout`).
  /// - Parameters:
  ///   - configuration: The database whose notifications to receive.
  ///   - channel: The channel name, as `pg_notify` is given it (case matters).
  ///   - onNotification: Called on the listener's thread with each payload, in commit order.
  ///   - onReconnect: Called on the listener's thread after a lost connection is replaced.
  public init(
    _ configuration: PostgreSQLConfiguration, channel: String,
    onNotification: @escaping @Sendable (String) -> Void,
    onReconnect: @escaping @Sendable () -> Void
  ) {
    self.channel = channel
    let connection = try? Self.listen(configuration, channel: channel)
    let control = ListenerControl(listening: connection != nil)
    self.control = control
    let first = Handoff(connection)
    let thread = Thread {
      Self.run(
        first: first.take(), configuration: configuration, channel: channel, control: control,
        onNotification: onNotification, onReconnect: onReconnect)
    }
    thread.name = "PostgreSQL LISTEN \(channel)"
    thread.start()
  }

  deinit {
    cancel()
  }

  /// Stops listening: the thread closes its connection within a quarter of a second and calls
  /// neither closure after this returns (except one already running).
  public func cancel() {
    control.cancel()
  }

  /// Whether the listener's connection is up and listening now (for tests and health checks).
  public var isListening: Bool { control.isListening }

  // MARK: - The listener's thread

  /// How long a connection must last before a loss of it reconnects at once.
  private static let stableSeconds = 5

  /// How long one wait on the socket lasts: the longest `cancel()` waits for the thread.
  private static let pollMilliseconds: Int32 = 250

  private static func run(
    first: PostgreSQLConnection?, configuration: PostgreSQLConfiguration, channel: String,
    control: ListenerControl, onNotification: @Sendable (String) -> Void,
    onReconnect: @Sendable () -> Void
  ) {
    var connection = first
    var backoff = 0.1
    var connectedAt = ContinuousClock.now
    while !control.isCancelled {
      guard let current = connection else {
        connection = try? listen(configuration, channel: channel)
        if connection == nil {
          control.sleep(seconds: backoff)
          backoff = min(backoff * 2, 2)
        } else {
          connectedAt = .now
          control.setListening(true)
          if !control.isCancelled { onReconnect() }
        }
        continue
      }
      guard let payloads = wait(on: current, channel: channel) else {
        current.close()
        connection = nil
        control.setListening(false)
        // A connection the server ends at once (a tiny idle_session_timeout, a terminate
        // loop) must not make a reconnect, and a re-read of the change log, per 0.1 s: the
        // backoff starts again only after a connection that lasted.
        if ContinuousClock.now - connectedAt >= .seconds(stableSeconds) {
          backoff = 0.1
        } else {
          control.sleep(seconds: backoff)
          backoff = min(backoff * 2, 2)
        }
        continue
      }
      for payload in payloads where !control.isCancelled {
        onNotification(payload)
      }
    }
    connection?.close()
    control.setListening(false)
  }

  /// A new connection that listens on `channel`.
  private static func listen(_ configuration: PostgreSQLConfiguration, channel: String) throws
    -> PostgreSQLConnection
  {
    let connection = try PostgreSQLConnection(configuration, keepalive: true)
    try connection.execute("LISTEN \(PostgreSQLAdmin.quotedIdentifier(channel))")
    return connection
  }

  /// Waits up to ``pollMilliseconds`` for the server to send something and returns the
  /// payloads received (often none), or nil when the connection is gone.
  private static func wait(on connection: PostgreSQLConnection, channel: String) -> [String]? {
    var payloads = notifications(on: connection, channel: channel)
    guard payloads.isEmpty else { return payloads }
    let socket = PQsocket(connection.handle)
    guard socket >= 0 else { return nil }
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, pollMilliseconds)
    if ready < 0 { return errno == EINTR ? [] : nil }
    guard ready > 0 else { return [] }
    guard PQconsumeInput(connection.handle) == 1, !connection.isBroken else { return nil }
    payloads = notifications(on: connection, channel: channel)
    return payloads
  }

  /// The notifications libpq has already read, in the order they came.
  private static func notifications(on connection: PostgreSQLConnection, channel: String)
    -> [String]
  {
    var payloads: [String] = []
    while let notification = PQnotifies(connection.handle) {
      defer { PQfreemem(notification) }
      guard String(cString: notification.pointee.relname) == channel else { continue }
      payloads.append(String(cString: notification.pointee.extra))
    }
    return payloads
  }
}

/// What the caller and the listener's thread share: whether to stop, whether it listens, and a
/// way to sleep that `cancel` cuts short.
private final class ListenerControl: Sendable {
  private struct State {
    var isCancelled = false
    var isListening = false
  }

  private let state: Mutex<State>
  private let wake = DispatchSemaphore(value: 0)

  init(listening: Bool) {
    state = Mutex(State(isListening: listening))
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }
  var isListening: Bool { state.withLock { $0.isListening } }

  func setListening(_ listening: Bool) {
    state.withLock { $0.isListening = listening }
  }

  func cancel() {
    let first = state.withLock { state in
      defer { state.isCancelled = true }
      return !state.isCancelled
    }
    if first { wake.signal() }
  }

  /// Sleeps `seconds`, or less when cancelled meanwhile.
  func sleep(seconds: Double) {
    guard !isCancelled else { return }
    if wake.wait(timeout: .now() + seconds) == .success { wake.signal() }
  }
}

/// A connection handed from `init` to the listener's thread, which alone uses it after.
private final class Handoff: @unchecked Sendable {
  private var connection: PostgreSQLConnection?

  init(_ connection: PostgreSQLConnection?) {
    self.connection = connection
  }

  func take() -> PostgreSQLConnection? {
    defer { connection = nil }
    return connection
  }
}
