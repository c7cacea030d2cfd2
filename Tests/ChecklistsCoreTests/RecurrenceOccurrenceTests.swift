import ChecklistsCore
import Foundation
import Testing

@Suite("Recurrence: the next occurrence after checking an item off")
struct RecurrenceOccurrenceTests {
  /// A Gregorian calendar in `zone`, as the server uses.
  static func calendar(_ zone: String = "Europe/Berlin") -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
  }

  /// "2026-03-27 09:00" in the calendar's zone.
  static func local(_ text: String, _ calendar: Calendar = calendar()) -> Date {
    let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    let components = DateComponents(
      year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
    return calendar.date(from: components)!
  }

  /// How the date reads on a wall clock in the calendar's zone: "2026-03-30 09:00 Mon".
  static func wall(_ date: Date?, _ calendar: Calendar = calendar()) -> String? {
    guard let date else { return nil }
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    func two(_ n: Int?) -> String { String(format: "%02d", n ?? -1) }
    return
      "\(c.year!)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)) \(days[c.weekday! - 1])"
  }

  /// The occurrences after `start`, `count` of them (fewer if the series ends), by checking
  /// the item off again and again as a user would.
  static func series(
    _ rrule: String, from start: String, count: Int, zone: String = "Europe/Berlin"
  ) throws -> [String] {
    let rule = try RecurrenceRule(rrule: rrule)
    let calendar = calendar(zone)
    var date = local(start, calendar)
    var result: [String] = []
    for done in 1...count {
      guard let next = rule.nextOccurrence(after: date, completedCount: done, calendar: calendar)
      else { break }
      #expect(next > date)
      result.append(wall(next, calendar)!)
      date = next
    }
    return result
  }

  @Test("Every weekday: Friday's item comes back on Monday, over the weekend")
  func weekdaysOverWeekend() throws {
    #expect(
      try Self.series("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", from: "2026-11-26 18:30", count: 4)
        == [
          "2026-11-27 18:30 Fri", "2026-11-30 18:30 Mon", "2026-12-01 18:30 Tue",
          "2026-12-02 18:30 Wed",
        ])
    // Due on a Saturday (outside the rule), it still comes back on Monday.
    #expect(
      try Self.series("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", from: "2026-11-28 08:00", count: 1)
        == ["2026-11-30 08:00 Mon"])
  }

  @Test("Every 2 weeks on Monday and Thursday counts weeks from the due date's week")
  func everyTwoWeeksMondayThursday() throws {
    #expect(
      try Self.series("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", from: "2026-11-30 07:15", count: 5)
        == [
          "2026-12-03 07:15 Thu", "2026-12-14 07:15 Mon", "2026-12-17 07:15 Thu",
          "2026-12-28 07:15 Mon", "2026-12-31 07:15 Thu",
        ])
    // From a Sunday, the week it ends is the anchor: the next Monday is two weeks on.
    #expect(
      try Self.series("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", from: "2026-11-29 07:15", count: 2)
        == ["2026-12-07 07:15 Mon", "2026-12-10 07:15 Thu"])
  }

  @Test("Every week with no day given keeps the due date's weekday")
  func weeklyKeepsWeekday() throws {
    #expect(
      try Self.series("FREQ=WEEKLY;INTERVAL=3", from: "2026-12-02 12:00", count: 2)
        == ["2026-12-23 12:00 Wed", "2027-01-13 12:00 Wed"])
  }

  @Test("Monthly on the 31st skips the months without one, as RFC 5545 says")
  func monthlyOnThe31st() throws {
    let expected = [
      "2027-03-31 10:00 Wed", "2027-05-31 10:00 Mon", "2027-07-31 10:00 Sat",
      "2027-08-31 10:00 Tue", "2027-10-31 10:00 Sun",
    ]
    #expect(
      try Self.series("FREQ=MONTHLY;BYMONTHDAY=31", from: "2027-01-31 10:00", count: 5) == expected)
    // The same with the day taken from the due date.
    #expect(try Self.series("FREQ=MONTHLY", from: "2027-01-31 10:00", count: 5) == expected)
    // And "the last day" is there every month.
    #expect(
      try Self.series("FREQ=MONTHLY;BYMONTHDAY=-1", from: "2027-01-31 10:00", count: 3)
        == ["2027-02-28 10:00 Sun", "2027-03-31 10:00 Wed", "2027-04-30 10:00 Fri"])
  }

  @Test("Monthly on a day moves to that day, this month if it is still ahead")
  func monthlyOnADay() throws {
    #expect(
      try Self.series("FREQ=MONTHLY;BYMONTHDAY=15", from: "2026-12-01 09:00", count: 2)
        == ["2026-12-15 09:00 Tue", "2027-01-15 09:00 Fri"])
    #expect(
      try Self.series("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", from: "2026-12-20 09:00", count: 2)
        == ["2027-03-15 09:00 Mon", "2027-06-15 09:00 Tue"])
  }

  @Test("Yearly from 29 February falls on 29 February of leap years only")
  func leapDayYearly() throws {
    #expect(
      try Self.series("FREQ=YEARLY", from: "2028-02-29 08:00", count: 3)
        == ["2032-02-29 08:00 Sun", "2036-02-29 08:00 Fri", "2040-02-29 08:00 Wed"])
    #expect(
      try Self.series("FREQ=YEARLY", from: "2096-02-29 08:00", count: 1)
        == ["2104-02-29 08:00 Fri"])  // 2100 is no leap year
  }

  @Test("09:00 stays 09:00 in Berlin across both changes of clocks")
  func daylightSavingKeepsTimeOfDay() throws {
    let calendar = Self.calendar()
    #expect(
      try Self.series("FREQ=DAILY", from: "2027-03-27 09:00", count: 2)
        == ["2027-03-28 09:00 Sun", "2027-03-29 09:00 Mon"])
    let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
    let before = Self.local("2027-03-27 09:00")
    let after = try #require(
      rule.nextOccurrence(after: before, completedCount: 1, calendar: calendar))
    #expect(after.timeIntervalSince(before) == 23 * 3600)  // the short day
    #expect(
      try Self.series("FREQ=WEEKLY", from: "2027-10-29 09:00", count: 2)
        == ["2027-11-05 09:00 Fri", "2027-11-12 09:00 Fri"])
    let october = Self.local("2027-10-30 09:00")
    let next = try #require(
      rule.nextOccurrence(after: october, completedCount: 1, calendar: calendar))
    #expect(next.timeIntervalSince(october) == 25 * 3600)  // the long day
    // New York changes on other days; the same rule keeps its own wall clock there.
    #expect(
      try Self.series("FREQ=MONTHLY", from: "2027-02-14 09:00", count: 1, zone: "America/New_York")
        == ["2027-03-14 09:00 Sun"])
  }

  @Test("An occurrence at a time the clocks skip is passed over, and the time of day is kept")
  func skippedHour() throws {
    // Berlin's clocks go from 02:00 to 03:00 on 28 March 2027: there is no 02:30 that day.
    #expect(
      try Self.series("FREQ=DAILY", from: "2027-03-27 02:30", count: 2)
        == ["2027-03-29 02:30 Mon", "2027-03-30 02:30 Tue"])
    // 02:30 happens twice on 31 October 2027; it is the first, in summer time (00:30 UTC).
    let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
    let next = try #require(
      rule.nextOccurrence(
        after: Self.local("2027-10-30 02:30"), completedCount: 1, calendar: Self.calendar()))
    #expect(next == Date(timeIntervalSince1970: 1_824_942_600))
  }

  @Test("COUNT counts the first occurrence: COUNT=3 comes back twice, then ends")
  func countEnds() throws {
    #expect(
      try Self.series("FREQ=DAILY;COUNT=3", from: "2026-12-01 20:00", count: 10)
        == ["2026-12-02 20:00 Wed", "2026-12-03 20:00 Thu"])
    let rule = try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=1")
    #expect(rule.nextOccurrence(after: Date(), completedCount: 1, calendar: Self.calendar()) == nil)
  }

  @Test("UNTIL is inclusive: an occurrence at UNTIL is the last")
  func untilEnds() throws {
    // 09:00 in Berlin in December is 08:00 UTC.
    #expect(
      try Self.series("FREQ=DAILY;UNTIL=20261203T080000Z", from: "2026-12-01 09:00", count: 10)
        == ["2026-12-02 09:00 Wed", "2026-12-03 09:00 Thu"])
    #expect(
      try Self.series("FREQ=DAILY;UNTIL=20261203T075959Z", from: "2026-12-01 09:00", count: 10)
        == ["2026-12-02 09:00 Wed"])
    // "until 2026-12-15" keeps that whole day (to 23:59:59 UTC): 23:00 in Berlin is in it.
    let phrase = try RecurrenceRule(phrase: "every week until 2026-12-15")
    #expect(
      try Self.series(phrase.rrule, from: "2026-12-01 23:00", count: 10)
        == ["2026-12-08 23:00 Tue", "2026-12-15 23:00 Tue"])
  }

  @Test("A rule that can never fall again has no next occurrence")
  func never() throws {
    let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30")
    let date = Self.local("2027-02-01 09:00")
    #expect(rule.nextOccurrence(after: date, completedCount: 1, calendar: Self.calendar()) == nil)
  }

  @Test("A fraction of a second in the due date is kept")
  func fractionKept() throws {
    let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
    let date = Self.local("2026-12-01 09:00").addingTimeInterval(0.25)
    let next = try #require(
      rule.nextOccurrence(after: date, completedCount: 1, calendar: Self.calendar()))
    #expect(next.timeIntervalSince(date) == 86_400)
  }
}
