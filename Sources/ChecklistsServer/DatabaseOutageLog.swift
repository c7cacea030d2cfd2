import Foundation
import Synchronization

/// Tells the log that the database is not answering, without a line per request: at most one
/// `database unavailable: …` line every ``interval``, however many requests and checks fail.
final class DatabaseOutageLog: Sendable {
  /// The least time between two lines.
  static let interval: TimeInterval = 5

  private let log: @Sendable (String) -> Void
  private let now: @Sendable () -> Date
  private let lastReport = Mutex<Date?>(nil)

  init(now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) {
    self.now = now
    self.log = log
  }

  /// Notes a failure of the database; logs it unless a line went out less than 5 s ago.
  func report(_ message: String) {
    let date = now()
    let shouldLog = lastReport.withLock { last in
      if let last, abs(date.timeIntervalSince(last)) < Self.interval { return false }
      last = date
      return true
    }
    if shouldLog { log("database unavailable: \(message)") }
  }
}
