import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Closes connections the way RFC 9112 section 9.6 asks of a server that answered before
/// reading the whole request (a 413 for a body declared too large, a refusal): stop writing,
/// read and discard what the client still sends, and close only once it stopped.
///
/// Closing at once, with the client's bytes unread, makes the kernel send a reset, which
/// destroys the answer in the client's receive buffer before a client that writes its
/// whole body first gets to read it.
///
/// libmicrohttpd closes its own descriptor as usual; the server hands this a duplicate of it
/// beforehand, which keeps the connection open until a thread here closes it: when the client
/// closed its side, after ``timeout``, or after ``byteLimit`` bytes.
final class LingeringClose: Sendable {
  /// How long a connection may linger.
  static let timeout: Duration = .seconds(5)
  /// How many bytes of a refused request are read and discarded at most, here and for a
  /// chunked body past its limit.
  static let byteLimit = 32 << 20
  /// How many connections may linger at once; past it the oldest are closed at once.
  static let capacity = 1024

  private struct Lingering {
    let descriptor: Int32
    var deadline: ContinuousClock.Instant
    var bytesRead = 0
  }

  private let sockets = Mutex<[Lingering]>([])
  private let stopRequested = Atomic<Bool>(false)
  private let stopped = DispatchSemaphore(value: 0)

  /// Creates a closer; `start()` starts its thread.
  init() {}

  /// Starts the thread that drains lingering connections; call it once, and `stop()` after.
  func start() {
    let thread = Thread { [self] in
      while !stopRequested.load(ordering: .acquiring) {
        drainOnce()
      }
      stopped.signal()
    }
    thread.name = "HTTPServer lingering close"
    thread.start()
  }

  /// Takes over a duplicate of a connection's socket: shuts down its sending side and closes
  /// it once the client stopped sending.
  ///
  /// - Parameter descriptor: The duplicate, which this closes.
  func linger(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
    let now = ContinuousClock.now
    sockets.withLock { sockets in
      sockets.append(Lingering(descriptor: descriptor, deadline: now + Self.timeout))
      // Only the draining thread closes, so that it never reads a descriptor whose number
      // was reused; the oldest are merely made due.
      for index in 0..<max(0, sockets.count - Self.capacity) {
        sockets[index].deadline = now
      }
    }
  }

  /// Stops the thread, closing every connection still lingering.
  func stop() {
    stopRequested.store(true, ordering: .releasing)
    stopped.wait()
    for entry in sockets.withLock({ sockets in
      defer { sockets = [] }
      return sockets
    }) {
      _ = close(entry.descriptor)
    }
  }

  /// Waits up to 50 ms for the lingering sockets, discards what arrived, and closes the
  /// ones that are done.
  private func drainOnce() {
    let watched = sockets.withLock { $0 }
    guard !watched.isEmpty else {
      var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
      _ = nanosleep(&pause, nil)
      return
    }
    var descriptors = watched.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    _ = poll(&descriptors, nfds_t(descriptors.count), 50)
    var finished: Set<Int32> = []
    var read: [Int32: Int] = [:]
    let now = ContinuousClock.now
    var scratch = [UInt8](repeating: 0, count: 65536)
    for (index, entry) in watched.enumerated() {
      var total = 0
      var done = entry.deadline <= now
      if !done, descriptors[index].revents != 0 {
        // Read what is there, but no more than a few buffers, so one fast sender cannot
        // hold up the others.
        for _ in 0..<16 {
          let count = recv(entry.descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT))
          if count > 0 {
            total += count
            continue
          }
          if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            done = true
          }
          break
        }
      }
      if done || entry.bytesRead + total > Self.byteLimit {
        finished.insert(entry.descriptor)
      } else if total > 0 {
        read[entry.descriptor] = total
      }
    }
    guard !finished.isEmpty || !read.isEmpty else { return }
    // The list may have grown meanwhile; match by descriptor, which stays ours until closed.
    let closing: [Int32] = sockets.withLock { sockets in
      var closing: [Int32] = []
      sockets.removeAll { entry in
        guard finished.contains(entry.descriptor) else { return false }
        closing.append(entry.descriptor)
        return true
      }
      for index in sockets.indices {
        sockets[index].bytesRead += read[sockets[index].descriptor] ?? 0
      }
      return closing
    }
    for descriptor in closing { _ = close(descriptor) }
  }
}
