import ChecklistsCore
import Foundation
import Testing

@Suite("Recurrence: where a new series starts (a template started on another day)")
struct RecurrenceFirstOccurrenceTests {
  typealias Wall = RecurrenceOccurrenceTests

  @Test(
    "A rule that names its days starts on the first of them on or after the day",
    arguments: [
      // Saturday 5 December 2026: "every Monday" starts on Monday the 7th, at its time.
      ("FREQ=WEEKLY;BYDAY=MO", "2026-12-05 09:00", "2026-12-07 09:00 Mon"),
      ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-12-05 09:00", "2026-12-07 09:00 Mon"),
      ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-12-08 18:30", "2026-12-10 18:30 Thu"),
      ("FREQ=WEEKLY;BYDAY=SA", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-12-05 07:00", "2026-12-07 07:00 Mon"),
      // Monthly on a day: this month's when still to come, else the next month that has it.
      ("FREQ=MONTHLY;BYMONTHDAY=15", "2026-12-05 09:00", "2026-12-15 09:00 Tue"),
      ("FREQ=MONTHLY;BYMONTHDAY=15", "2026-12-16 09:00", "2027-01-15 09:00 Fri"),
      ("FREQ=MONTHLY;BYMONTHDAY=5", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      ("FREQ=MONTHLY;BYMONTHDAY=31", "2027-02-01 09:00", "2027-03-31 09:00 Wed"),
      ("FREQ=MONTHLY;BYMONTHDAY=30", "2027-01-31 09:00", "2027-03-30 09:00 Tue"),
      // The last day of the month.
      ("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-12-05 09:00", "2026-12-31 09:00 Thu"),
      ("FREQ=MONTHLY;BYMONTHDAY=-1", "2028-02-10 09:00", "2028-02-29 09:00 Tue"),
      ("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-12-31 09:00", "2026-12-31 09:00 Thu"),
      // Rules without named days are anchored on the date itself.
      ("FREQ=WEEKLY", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      ("FREQ=MONTHLY", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      ("FREQ=DAILY;INTERVAL=3", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      ("FREQ=YEARLY", "2026-12-05 09:00", "2026-12-05 09:00 Sat"),
      // Across the end of summer time in Berlin (25 October 2026), the time of day stays.
      ("FREQ=WEEKLY;BYDAY=MO", "2026-10-24 09:00", "2026-10-26 09:00 Mon"),
    ])
  func firstOccurrence(rrule: String, start: String, expected: String) throws {
    let rule = try RecurrenceRule(rrule: rrule)
    let calendar = Wall.calendar()
    let first = rule.firstOccurrence(onOrAfter: Wall.local(start), calendar: calendar)
    #expect(Wall.wall(first) == expected)
  }

  @Test("The day is the day of the calendar's zone, not of UTC")
  func dayOfTheZone() throws {
    // Monday 07:00 in Tokyo is Sunday 22:00 UTC: in Tokyo it is already the Monday.
    let tokyo = Wall.calendar("Asia/Tokyo")
    let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO")
    let monday = Wall.local("2026-12-07 07:00", tokyo)
    #expect(rule.firstOccurrence(onOrAfter: monday, calendar: tokyo) == monday)
  }
}
