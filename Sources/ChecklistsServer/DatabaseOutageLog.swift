import ChecklistsCore
import Foundation
import Synchronization

/// Tells the log that the database is not answering, without a line per request: at most one
/// `database unavailable: …` line every ``interval``, however many requests fail, and one
/// `database answering again` line when it is back.
final class DatabaseOutageLog: Sendable {
  /// The least time between two lines about the same outage.
  static let interval: TimeInterval = 5

  private struct State {
    var lastReport: Date?
    var isDown = false
  }

  private let log: @Sendable (String) -> Void
  private let now: @Sendable () -> Date
  private let state = Mutex(State())

  init(now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) {
    self.now = now
    self.log = log
  }

  /// Notes a failure of the database; logs it unless a line went out less than 5 s ago.
  func report(_ message: String) {
    let date = now()
    let shouldLog = state.withLock { state in
      state.isDown = true
      if let last = state.lastReport, abs(date.timeIntervalSince(last)) < Self.interval {
        return false
      }
      state.lastReport = date
      return true
    }
    if shouldLog { log("database unavailable: \(message)") }
  }

  /// Notes that the database answered; logs it when it had failed before.
  func answered() {
    let wasDown = state.withLock { state in
      defer {
        state.isDown = false
        state.lastReport = nil
      }
      return state.isDown
    }
    if wasDown { log("database answering again") }
  }

  /// Whether `error` is the database failing underneath rather than a problem with a request.
  static func isOutage(_ error: any Error) -> Bool {
    (error as? ChecklistsError)?.code == .storage
  }
}
