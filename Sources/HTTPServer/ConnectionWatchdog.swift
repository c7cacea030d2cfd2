import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A background thread that does what libmicrohttpd leaves to the application:
///
/// - A suspended connection is out of libmicrohttpd's event loop, so it would never notice
///   an event-stream client hanging up. The watchdog polls those sockets and ends the
///   stream of a client that is gone.
/// - libmicrohttpd's timeout counts only silence, so a client trickling one header byte a
///   second would hold a connection forever. The watchdog closes connections whose
///   request header is not complete within the configured timeout.
final class ConnectionWatchdog: Sendable {
  /// How often the watchdog looks.
  static let interval: Duration = .milliseconds(100)

  private let core: ServerCore
  private let stopRequested = Atomic<Bool>(false)
  private let stopped = DispatchSemaphore(value: 0)

  /// Starts the watchdog thread for `core`'s connections.
  init(core: ServerCore) {
    self.core = core
    let thread = Thread { [self] in
      while !stopRequested.load(ordering: .acquiring) {
        sleep(for: Self.interval)
        core.closeOverdueConnections(now: .now)
        endStreamsOfDepartedClients()
      }
      stopped.signal()
    }
    thread.name = "HTTPServer watchdog"
    thread.start()
  }

  /// Stops the thread and waits until it has.
  func stop() {
    stopRequested.store(true, ordering: .releasing)
    stopped.wait()
  }

  private func endStreamsOfDepartedClients() {
    let suspended = core.openStreams.compactMap { stream in
      stream.suspendedSocket().map { (stream, $0.socket, $0.suspension) }
    }
    guard !suspended.isEmpty else { return }
    var descriptors = suspended.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
    guard poll(&descriptors, nfds_t(descriptors.count), 0) > 0 else { return }
    for (index, (stream, socket, suspension)) in suspended.enumerated() {
      let events = Int32(descriptors[index].revents)
      guard events != 0 else { continue }
      // The socket was polled outside the stream's lock; `clientDisconnected` acts only if
      // the connection stayed suspended all along, so the socket was still its own.
      if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 || Self.peerClosed(socket) {
        stream.clientDisconnected(duringSuspension: suspension)
      }
    }
  }

  /// Whether a readable socket is readable because the peer closed it (rather than
  /// because it sent more bytes, which stay queued for libmicrohttpd).
  private static func peerClosed(_ socket: Int32) -> Bool {
    var byte: UInt8 = 0
    let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
    if count == 0 { return true }
    if count > 0 { return false }
    let code = errno
    return code != EAGAIN && code != EWOULDBLOCK && code != EINTR
  }

  private func sleep(for duration: Duration) {
    let (seconds, attoseconds) = duration.components
    var request = timespec(
      tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR {
      request = remaining
    }
  }
}
