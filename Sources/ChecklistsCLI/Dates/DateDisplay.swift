import ChecklistsInterop
import Foundation

/// Shows dates in the local time zone, as the CLI prints them.
///
/// ``string(from:)`` gives text that ``FriendlyDateParser`` reads back to the same minute (or
/// second); ``isoString(from:)`` gives a UTC ISO 8601 timestamp for machine-readable output.
public struct DateDisplay: Sendable {
  /// The time zone that ``string(from:)`` shows dates in.
  public var timeZone: TimeZone

  /// Creates a display for `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// The date as `2026-12-24 18:00` in ``timeZone``, on a 24-hour clock.
  ///
  /// Seconds are added (`2026-12-24 18:00:30`) only when they are not zero; fractions of a second
  /// are dropped.
  public func string(from date: Date) -> String {
    let parts = Self.components(of: date, in: timeZone)
    var text = "\(Self.day(parts)) \(Self.pad(parts.hour)):\(Self.pad(parts.minute))"
    if parts.second != 0 {
      text += ":\(Self.pad(parts.second))"
    }
    return text
  }

  /// The date in ISO 8601 in UTC, such as `2026-12-24T17:00:00Z`.
  ///
  /// Milliseconds are added (`2026-12-24T17:00:00.250Z`) only when they are not zero; the date is
  /// rounded to the nearest millisecond.
  public func isoString(from date: Date) -> String {
    ISOTimestamp.milliseconds(date)
  }

  // MARK: - Helpers

  private struct Parts {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
  }

  private static func components(of date: Date, in timeZone: TimeZone) -> Parts {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    return Parts(
      year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
      hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
  }

  private static func day(_ parts: Parts) -> String {
    "\(pad(parts.year, width: 4))-\(pad(parts.month))-\(pad(parts.day))"
  }

  private static func pad(_ value: Int, width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
