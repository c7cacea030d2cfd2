import Foundation

/// How an item repeats: a subset of iCalendar's recurrence rule (RFC 5545 §3.3.10), so that
/// CalDAV can carry it unchanged.
///
/// The subset: `FREQ` (daily, weekly, monthly, yearly), `INTERVAL`, `BYDAY` (plain weekdays,
/// weekly rules only), `BYMONTHDAY` (one day, 1…31 or -1 for the last day, monthly rules
/// only), and one of `UNTIL` or `COUNT`. Anything else is refused with a message naming the
/// part (``init(rrule:)``). The series is anchored on the item's due date, as an event's
/// `DTSTART` anchors its rule: ``nextOccurrence(after:completedCount:calendar:)``.
///
/// A rule encodes (`Codable`) as its canonical ``rrule`` string.
public struct RecurrenceRule: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How often the rule repeats, before its ``interval``.
  public enum Frequency: String, Sendable, Codable, CaseIterable {
    /// Every day (`FREQ=DAILY`).
    case daily
    /// Every week (`FREQ=WEEKLY`).
    case weekly
    /// Every month (`FREQ=MONTHLY`).
    case monthly
    /// Every year (`FREQ=YEARLY`).
    case yearly
  }

  /// A day of the week, Monday first as in ISO 8601 and iCalendar's default `WKST=MO`.
  public enum Weekday: String, Sendable, Codable, CaseIterable {
    /// Monday (`MO`).
    case mo
    /// Tuesday (`TU`).
    case tu
    /// Wednesday (`WE`).
    case we
    /// Thursday (`TH`).
    case th
    /// Friday (`FR`).
    case fr
    /// Saturday (`SA`).
    case sa
    /// Sunday (`SU`).
    case su
  }

  /// When a series stops.
  public enum End: Hashable, Sendable, Codable {
    /// The series goes on for ever.
    case never
    /// The last occurrence is at or before this moment (`UNTIL`, inclusive).
    case until(Date)
    /// The series has this many occurrences, the first (the due date it starts on) included
    /// (`COUNT`).
    case count(Int)
  }

  /// How often the rule repeats, before its ``interval``.
  public var frequency: Frequency
  /// Every how many days, weeks, months or years (`INTERVAL`, at least 1).
  public var interval: Int
  /// The days of the week a weekly rule falls on (`BYDAY`), Monday first; empty means the
  /// weekday of the due date. "Every weekday" is `[.mo, .tu, .we, .th, .fr]`.
  public var weekdays: [Weekday]
  /// The day of the month a monthly rule falls on (`BYMONTHDAY`), 1…31, or -1 for the last
  /// day; nil means the day of the due date.
  public var monthDay: Int?
  /// When the series stops (`UNTIL` or `COUNT`).
  public var end: End

  /// Creates a rule from its parts.
  ///
  /// - Parameters:
  ///   - frequency: How often it repeats, before `interval`.
  ///   - interval: Every how many periods; at least 1.
  ///   - weekdays: The weekdays of a weekly rule; kept Monday first, without repeats.
  ///   - monthDay: The day of a monthly rule, 1…31 or -1 for the last day.
  ///   - end: When the series stops.
  public init(
    frequency: Frequency, interval: Int = 1, weekdays: [Weekday] = [], monthDay: Int? = nil,
    end: End = .never
  ) {
    precondition(interval >= 1, "A recurrence interval is at least 1")
    precondition(
      monthDay.map { (1...31).contains($0) || $0 == -1 } ?? true,
      "A recurrence month day is 1…31 or -1")
    self.frequency = frequency
    self.interval = interval
    self.weekdays = Weekday.allCases.filter(weekdays.contains)
    self.monthDay = monthDay
    self.end = end
  }

  /// The weekdays Monday to Friday, which "every weekday" repeats on.
  public static let workWeek: [Weekday] = [.mo, .tu, .we, .th, .fr]

  /// Decodes a rule from its RRULE string.
  ///
  /// - Throws: ``ChecklistsError`` with code `invalidInput` when the string is outside the
  ///   subset, naming the part.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self = try RecurrenceRule(rrule: container.decode(String.self))
  }

  /// Encodes the rule as its canonical RRULE string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rrule)
  }
}
