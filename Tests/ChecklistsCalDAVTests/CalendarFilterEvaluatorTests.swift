import ChecklistsCalDAV
import Foundation
import ICalendar
import Testing
import WebDAV

@Suite struct CalendarFilterEvaluatorTests {
  typealias Comp = CalendarQuery.CompFilter
  typealias Prop = CalendarQuery.PropFilter

  func calendar(_ name: String) throws -> ICalComponent { try ICalendar.parse(try fixture(name)) }

  func todos(_ filters: [Prop] = [], range: CalendarQuery.TimeRange? = nil, comps: [Comp] = [])
    -> Comp
  {
    Comp(
      name: "VCALENDAR",
      compFilters: [Comp(name: "VTODO", timeRange: range, propFilters: filters, compFilters: comps)]
    )
  }

  /// What the caldav library sends for "todos not completed" (RFC 4791 7.8.6's example shape).
  var notCompleted: Comp {
    todos([
      Prop(name: "COMPLETED", isNotDefined: true),
      Prop(name: "STATUS", textMatch: .init(text: "CANCELLED", negate: true)),
      Prop(name: "STATUS", textMatch: .init(text: "COMPLETED", negate: true)),
    ])
  }

  @Test(arguments: [
    ("apple-ios-reminder", true), ("apple-macos-subtask", false), ("tasksorg-davx5", true),
    ("thunderbird", true), ("evolution", true),
  ])
  func notCompletedQuery(name: String, matches: Bool) throws {
    #expect(CalendarFilterEvaluator.matches(notCompleted, calendar: try calendar(name)) == matches)
  }

  @Test func componentPresenceAndAbsence() throws {
    let apple = try calendar("apple-ios-reminder")
    #expect(CalendarFilterEvaluator.matches(todos(), calendar: apple))
    #expect(
      !CalendarFilterEvaluator.matches(
        Comp(name: "VCALENDAR", compFilters: [Comp(name: "VEVENT")]), calendar: apple))
    #expect(
      CalendarFilterEvaluator.matches(
        Comp(name: "VCALENDAR", compFilters: [Comp(name: "VEVENT", isNotDefined: true)]),
        calendar: apple))
    #expect(CalendarFilterEvaluator.matches(todos(comps: [Comp(name: "VALARM")]), calendar: apple))
    #expect(
      !CalendarFilterEvaluator.matches(
        todos(comps: [Comp(name: "VALARM")]), calendar: try calendar("apple-macos-subtask")))
    #expect(!CalendarFilterEvaluator.matches(Comp(name: "VTODO"), calendar: apple))
  }

  @Test func textMatchesUseTheCollationOnUnescapedText() throws {
    let apple = try calendar("apple-ios-reminder")
    func summary(_ text: String, _ collation: String = "i;ascii-casemap", negate: Bool = false)
      -> Bool
    {
      CalendarFilterEvaluator.matches(
        todos([
          Prop(name: "SUMMARY", textMatch: .init(text: text, collation: collation, negate: negate))
        ]), calendar: apple)
    }
    #expect(summary("MILK"))
    #expect(!summary("MILK", "i;octet"))
    #expect(summary("milk", "i;octet"))
    #expect(!summary("milk", negate: true))
    #expect(
      CalendarFilterEvaluator.matches(
        todos([Prop(name: "DESCRIPTION", textMatch: .init(text: "at 8, the big"))]), calendar: apple
      ))
    let tasks = try calendar("tasksorg-davx5")
    #expect(
      CalendarFilterEvaluator.matches(
        todos([Prop(name: "CATEGORIES", textMatch: .init(text: "weekly"))]), calendar: tasks))
  }

  @Test func parameterFilters() throws {
    let apple = try calendar("apple-ios-reminder")
    func due(_ filter: CalendarQuery.ParamFilter) -> Bool {
      CalendarFilterEvaluator.matches(
        todos([Prop(name: "DUE", paramFilters: [filter])]), calendar: apple)
    }
    #expect(due(.init(name: "TZID", textMatch: .init(text: "berlin"))))
    #expect(!due(.init(name: "TZID", isNotDefined: true)))
    #expect(due(.init(name: "VALUE", isNotDefined: true)))
    #expect(!due(.init(name: "VALUE")))
  }

  @Test(arguments: [
    // DUE only (Tasks.org): start < DUE and end >= DUE; DUE is 2025-11-23 00:00 UTC.
    ("tasksorg-davx5", "2025-11-22T00:00:00Z", "2025-11-23T00:00:00Z", true),
    ("tasksorg-davx5", "2025-11-23T00:00:00Z", "2025-11-24T00:00:00Z", false),
    // DTSTART and DUE (Thunderbird): 2025-11-10 08:00 to 2025-11-28 16:00 UTC.
    ("thunderbird", "2025-11-15T00:00:00Z", "2025-11-16T00:00:00Z", true),
    ("thunderbird", "2025-11-29T00:00:00Z", "2025-11-30T00:00:00Z", false),
    ("thunderbird", "2025-11-01T00:00:00Z", "2025-11-10T08:00:00Z", false),
    // Only COMPLETED and CREATED (Apple's checked subtask).
    ("apple-macos-subtask", "2025-11-19T00:00:00Z", "2025-11-20T00:00:00Z", true),
    ("apple-macos-subtask", "2025-11-21T00:00:00Z", "2025-11-22T00:00:00Z", false),
  ])
  func vtodoTimeRanges(name: String, start: String, end: String, matches: Bool) throws {
    let filter = todos(range: .init(start: utc(start), end: utc(end)))
    #expect(CalendarFilterEvaluator.matches(filter, calendar: try calendar(name)) == matches)
  }

  @Test func openEndedRangesAndPropertyRanges() throws {
    let thunderbird = try calendar("thunderbird")
    #expect(
      CalendarFilterEvaluator.matches(
        todos(range: .init(start: utc("2025-11-20T00:00:00Z"), end: nil)), calendar: thunderbird))
    #expect(
      !CalendarFilterEvaluator.matches(
        todos(range: .init(start: nil, end: utc("2025-11-01T00:00:00Z"))), calendar: thunderbird))
    let dueThisWeek = Prop(
      name: "DUE",
      timeRange: .init(start: utc("2025-11-24T00:00:00Z"), end: utc("2025-12-01T00:00:00Z")))
    #expect(CalendarFilterEvaluator.matches(todos([dueThisWeek]), calendar: thunderbird))
    #expect(
      !CalendarFilterEvaluator.matches(
        todos([dueThisWeek]), calendar: try calendar("apple-ios-reminder")))
  }

  @Test func floatingTimesAreReadInTheQuerysTimezone() throws {
    // Evolution's DUE is the floating date 2025-12-15: midnight in New York is 05:00 UTC.
    let evolution = try calendar("evolution")
    let range = todos(
      range: .init(start: utc("2025-12-15T02:00:00Z"), end: utc("2025-12-15T04:00:00Z")))
    #expect(!CalendarFilterEvaluator.matches(range, calendar: evolution, timezone: nil))
    let newYork = crlfLines(
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTIMEZONE", "TZID:America/New_York",
      "BEGIN:STANDARD", "DTSTART:19701101T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
      "END:STANDARD", "END:VTIMEZONE", "END:VCALENDAR")
    let later = todos(
      range: .init(start: utc("2025-12-15T04:00:00Z"), end: utc("2025-12-15T06:00:00Z")))
    #expect(CalendarFilterEvaluator.matches(later, calendar: evolution, timezone: newYork))
    #expect(!CalendarFilterEvaluator.matches(later, calendar: evolution, timezone: nil))
    let fixed = newYork.replacingOccurrences(of: "TZID:America/New_York", with: "TZID:Somewhere")
    #expect(ICalTimeZones.zone(ofCalendarTimezone: fixed)?.secondsFromGMT() == -18_000)
  }

  @Test func recurringTodosMatchByAnyInstance() throws {
    // Tasks.org's plant watering: due Sunday 2025-11-23, every Sunday.
    let tasks = try calendar("tasksorg-davx5")
    func inRange(_ start: String, _ end: String) -> Bool {
      CalendarFilterEvaluator.matches(
        todos(range: .init(start: utc(start), end: utc(end))), calendar: tasks)
    }
    #expect(inRange("2025-12-06T12:00:00Z", "2025-12-07T12:00:00Z"))  // a later Sunday
    #expect(!inRange("2025-12-02T00:00:00Z", "2025-12-05T00:00:00Z"))  // no Sunday inside
    #expect(!inRange("2025-11-01T00:00:00Z", "2025-11-20T00:00:00Z"))  // before the first
    #expect(
      CalendarFilterEvaluator.matches(
        todos(range: .init(start: utc("2030-01-01T00:00:00Z"), end: nil)), calendar: tasks))
  }
}
