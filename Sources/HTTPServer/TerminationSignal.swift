import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waiting for the signals that ask a server process to stop, such as Ctrl-C.
///
/// ```swift
/// try server.start()
/// let signal = TerminationSignal.wait()
/// server.shutdown()
/// ```
public enum TerminationSignal {
  private static let isWaiting = Mutex(false)

  /// Blocks the calling thread until one of the signals arrives, and returns it.
  ///
  /// While it waits, the signals' default actions (ending the process) are replaced by a
  /// handler that only wakes this call; afterwards the previous handlers are restored.
  /// The signal may arrive on any thread. One call may wait at a time.
  ///
  /// - Parameter signals: The signals to wait for.
  /// - Returns: The signal that arrived, for example `SIGINT`.
  public static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) -> Int32 {
    precondition(!signals.isEmpty, "TerminationSignal.wait needs at least one signal")
    isWaiting.withLock { waiting in
      precondition(!waiting, "Only one TerminationSignal.wait may run at a time")
      waiting = true
    }
    defer { isWaiting.withLock { $0 = false } }

    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      preconditionFailure("Cannot create a pipe to wait for signals: \(errorText())")
    }
    defer {
      _ = close(ends[0])
      _ = close(ends[1])
    }
    for end in ends {
      guard fcntl(end, F_SETFD, FD_CLOEXEC) == 0 else {
        preconditionFailure("Cannot configure the signal pipe: \(errorText())")
      }
    }
    // The handler must never block, even if signals pile up unread.
    let flags = fcntl(ends[1], F_GETFL)
    guard flags >= 0, fcntl(ends[1], F_SETFL, flags | O_NONBLOCK) == 0 else {
      preconditionFailure("Cannot configure the signal pipe: \(errorText())")
    }
    guard cmhd_signals_begin(signals, Int32(signals.count), ends[1]) == 0 else {
      preconditionFailure("Cannot handle signals \(signals): \(errorText())")
    }
    defer { cmhd_signals_end(signals, Int32(signals.count)) }

    var byte: UInt8 = 0
    while true {
      let count = read(ends[0], &byte, 1)
      if count == 1 { return Int32(byte) }
      if count < 0 && errno == EINTR { continue }
      preconditionFailure("Reading the signal pipe failed: \(errorText())")
    }
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
