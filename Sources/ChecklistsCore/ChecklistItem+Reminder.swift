import Foundation

extension ChecklistItem {
  /// The minute at which this item's reminder fires, or `nil` when none is scheduled.
  ///
  /// As in the original app, a reminder needs Remind Me, a due date and that date in the
  /// future; the seconds are dropped, so it fires at the start of the due minute.
  /// - Parameter now: The current time.
  /// - Returns: The due date truncated to the minute, or `nil`.
  public func reminderDate(after now: Date) -> Date? {
    guard shouldRemind, let dueDate, dueDate > now else { return nil }
    let seconds = dueDate.timeIntervalSinceReferenceDate
    return Date(timeIntervalSinceReferenceDate: (seconds / 60).rounded(.down) * 60)
  }

  /// Whether the item is unchecked and its due date has come, in UTC (see
  /// ``isDue(at:in:)``).
  /// - Parameter now: The current time.
  public func isDue(at now: Date) -> Bool {
    isDue(at: now, in: TimeZone(secondsFromGMT: 0)!)
  }

  /// Whether the item is unchecked and its due date has come as seen in `timeZone`: a due day
  /// once that day has begun there, a moment once it has passed.
  /// - Parameters:
  ///   - now: The current time.
  ///   - timeZone: Where the reader is.
  public func isDue(at now: Date, in timeZone: TimeZone) -> Bool {
    guard !isChecked, let due else { return false }
    return due.isDue(at: now, in: timeZone)
  }
}
