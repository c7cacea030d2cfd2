import ChecklistsCore
import Foundation
import Testing

@Suite("Recurrence rules as RRULE text: the iCalendar subset CalDAV carries")
struct RecurrenceRuleRRULETests {
  @Test(
    "A canonical RRULE reads back to itself",
    arguments: [
      "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=SU", "FREQ=MONTHLY",
      "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1", "FREQ=YEARLY",
      "FREQ=YEARLY;INTERVAL=2;COUNT=10", "FREQ=WEEKLY;BYDAY=SA,SU;UNTIL=20270301T235959Z",
      "FREQ=DAILY;COUNT=1", "FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20261231T080000Z",
    ])
  func canonicalRoundTrip(rrule: String) throws {
    let rule = try RecurrenceRule(rrule: rrule)
    #expect(rule.rrule == rrule)
    #expect(try RecurrenceRule(rrule: rule.rrule) == rule)
  }

  @Test(
    "Any spelling of a rule is written in the canonical order and case",
    arguments: [
      ("RRULE:freq=weekly;byday=th,mo;interval=2", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
      ("COUNT=5;FREQ=DAILY;INTERVAL=1", "FREQ=DAILY;COUNT=5"),
      ("FREQ=WEEKLY;BYDAY=MO,MO,FR;WKST=MO", "FREQ=WEEKLY;BYDAY=MO,FR"),
      ("FREQ=WEEKLY;BYDAY=MO;WKST=SU", "FREQ=WEEKLY;BYDAY=MO"),
      ("FREQ=YEARLY;UNTIL=20270301", "FREQ=YEARLY;UNTIL=20270301T235959Z"),
      ("FREQ=DAILY;UNTIL=20270301T120000", "FREQ=DAILY;UNTIL=20270301T120000Z"),
      (" FREQ=MONTHLY ; BYMONTHDAY=1 ;", "FREQ=MONTHLY;BYMONTHDAY=1"),
    ])
  func normalised(input: String, canonical: String) throws {
    #expect(try RecurrenceRule(rrule: input).rrule == canonical)
  }

  @Test("The parts read into the rule's fields")
  func fields() throws {
    let rule = try RecurrenceRule(
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH,MO;UNTIL=20270301T235959Z")
    #expect(rule.frequency == .weekly)
    #expect(rule.interval == 2)
    #expect(rule.weekdays == [.mo, .th])
    #expect(rule.monthDay == nil)
    #expect(rule.end == .until(Date(timeIntervalSince1970: 1_803_945_599)))
    let built = RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.th, .mo])
    #expect(built.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
  }

  @Test("A rule encodes in JSON as its RRULE string and decodes back")
  func codable() throws {
    let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12")
    let data = try JSONEncoder().encode([rule])
    #expect(String(decoding: data, as: UTF8.self) == #"["FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12"]"#)
    #expect(try JSONDecoder().decode([RecurrenceRule].self, from: data) == [rule])
    let bad = Data(#"["FREQ=HOURLY"]"#.utf8)
    #expect(throws: ChecklistsError.self) {
      try JSONDecoder().decode([RecurrenceRule].self, from: bad)
    }
  }

  static let supported =
    "supported are FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, BYDAY (weekly), BYMONTHDAY (monthly), UNTIL and COUNT."

  @Test(
    "A rule outside the subset is refused with a message naming the part",
    arguments: [
      ("FREQ=DAILY;BYHOUR=9", "The repeat rule's 'BYHOUR' is not supported; \(supported)"),
      ("FREQ=YEARLY;BYMONTH=3", "The repeat rule's 'BYMONTH' is not supported; \(supported)"),
      ("FREQ=MONTHLY;BYSETPOS=-1", "The repeat rule's 'BYSETPOS' is not supported; \(supported)"),
      (
        "FREQ=HOURLY",
        "The repeat rule's 'FREQ=HOURLY' is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY."
      ),
      (
        "FREQ=MONTHLY;BYDAY=1MO",
        "The repeat rule's 'BYDAY' with FREQ=MONTHLY is not supported; weekdays go with FREQ=WEEKLY only."
      ),
      (
        "FREQ=WEEKLY;BYDAY=1MO",
        "The repeat rule's 'BYDAY=1MO' is not supported; use plain weekdays such as MO,TH (no 1MO or -1FR)."
      ),
      (
        "FREQ=WEEKLY;BYDAY=MO,,TH",
        "The repeat rule's 'BYDAY=MO,,TH' is not supported; use plain weekdays such as MO,TH (no 1MO or -1FR)."
      ),
      (
        "FREQ=WEEKLY;BYMONTHDAY=3",
        "The repeat rule's 'BYMONTHDAY' with FREQ=WEEKLY is not supported; a day of the month goes with FREQ=MONTHLY only."
      ),
      (
        "FREQ=MONTHLY;BYMONTHDAY=1,15",
        "The repeat rule's 'BYMONTHDAY=1,15' is not supported; use one day, 1 to 31, or -1 for the last day."
      ),
      (
        "FREQ=MONTHLY;BYMONTHDAY=-2",
        "The repeat rule's 'BYMONTHDAY=-2' is not supported; use one day, 1 to 31, or -1 for the last day."
      ),
      (
        "FREQ=MONTHLY;BYMONTHDAY=32",
        "The repeat rule's 'BYMONTHDAY=32' is not supported; use one day, 1 to 31, or -1 for the last day."
      ),
      (
        "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU",
        "The repeat rule's 'WKST=SU' is not supported; weeks start on Monday (WKST=MO)."
      ),
      ("FREQ=WEEKLY;WKST=XX", "The repeat rule's 'WKST=XX' is not a weekday such as MO."),
      ("INTERVAL=2", "A repeat rule needs a FREQ (DAILY, WEEKLY, MONTHLY or YEARLY)."),
      ("", "A repeat rule cannot be empty."),
      ("RRULE:", "A repeat rule cannot be empty."),
      (
        "FREQ=DAILY;INTERVAL=0",
        "The repeat rule's 'INTERVAL=0' must be a whole number from 1 to 1000."
      ),
      (
        "FREQ=DAILY;INTERVAL=two",
        "The repeat rule's 'INTERVAL=TWO' must be a whole number from 1 to 1000."
      ),
      ("FREQ=DAILY;COUNT=0", "The repeat rule's 'COUNT=0' must be a whole number from 1 to 10000."),
      (
        "FREQ=DAILY;COUNT=-3",
        "The repeat rule's 'COUNT=-3' must be a whole number from 1 to 10000."
      ),
      (
        "FREQ=DAILY;COUNT=3;UNTIL=20270101",
        "A repeat rule has UNTIL or COUNT, not both (RFC 5545)."
      ),
      (
        "FREQ=DAILY;UNTIL=2027-03-01",
        "The repeat rule's 'UNTIL=2027-03-01' is not a date such as 20270301 or 20270301T235959Z."
      ),
      (
        "FREQ=DAILY;UNTIL=20270230",
        "The repeat rule's 'UNTIL=20270230' is not a real date and time."
      ),
      ("FREQ=DAILY;FREQ=WEEKLY", "The repeat rule gives 'FREQ' more than once."),
      (
        "FREQ=DAILY;INTERVAL",
        "The repeat rule's part 'INTERVAL' is not NAME=VALUE (such as FREQ=WEEKLY)."
      ),
      ("FREQ=DAILY;INTERVAL=", "The repeat rule's 'INTERVAL' has no value."),
      ("every day", "The repeat rule's part 'every day' is not NAME=VALUE (such as FREQ=WEEKLY)."),
    ])
  func refused(rrule: String, message: String) {
    let error = #expect(throws: ChecklistsError.self) { try RecurrenceRule(rrule: rrule) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == message)
  }
}
