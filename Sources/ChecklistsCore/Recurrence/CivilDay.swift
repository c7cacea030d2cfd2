import Foundation

/// A day of the proleptic Gregorian calendar, as a count of days since 1970-01-01, with no
/// time zone: a due day (the same calendar day wherever one is), and the arithmetic under
/// recurrence rules, done without `Calendar` so that no day is skipped or doubled around a
/// change of clocks. Its text is ISO 8601's `2026-12-15`.
public struct CivilDay: Hashable, Comparable, Sendable {
  /// Days since 1970-01-01.
  public var number: Int

  /// The day `number` days after 1970-01-01 (before, when negative).
  public init(number: Int) { self.number = number }

  /// The day `year`-`month`-`day`; `day` must exist in that month.
  public init(year: Int, month: Int, day: Int) {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    number = era * 146_097 + dayOfEra - 719_468
  }

  /// The year, month (1…12) and day (1…31).
  public var components: (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day of the week, Monday first.
  var weekday: RecurrenceRule.Weekday {
    // 1970-01-01 was a Thursday (index 3, Monday being 0).
    let index = ((number % 7) + 7 + 3) % 7
    return RecurrenceRule.Weekday.allCases[index]
  }

  /// The day `days` later (earlier when negative).
  public func adding(days: Int) -> CivilDay { CivilDay(number: number + days) }

  /// Whether `year` has a 29 February.
  static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// How many days `month` of `year` has.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.number < rhs.number }
}

extension RecurrenceRule.Weekday {
  /// The position in the week, Monday being 0.
  var index: Int { RecurrenceRule.Weekday.allCases.firstIndex(of: self)! }
}
