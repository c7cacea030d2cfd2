import ChecklistsCalDAV
import Foundation
import Testing

/// What a PUT body must hold beyond parsing, and what counts as a change beyond completion.
@Suite struct TodoChecksTests {
  static func todo(_ extra: [String], calendar: [String] = []) -> String {
    crlfLines(
      ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN"] + calendar
        + ["BEGIN:VTODO", "UID:c", "DTSTAMP:20270101T090000Z", "SUMMARY:Rake"] + extra
        + ["END:VTODO", "END:VCALENDAR"])
  }

  @Test(arguments: [
    "PRIORITY:10", "PRIORITY:-1", "PRIORITY:x", "PERCENT-COMPLETE:101", "PERCENT-COMPLETE:-1",
    "PERCENT-COMPLETE:half", "DUE;TZID=Nowhere/Special:20270101T090000",
  ])
  func refusedValues(line: String) {
    let text = Self.todo([line])
    let expected = line.hasPrefix("DUE") ? "Nowhere/Special" : "must be"
    let todo = #expect(throws: CalendarDataError.self) { _ = try TodoMapping.read(text) }
    #expect(todo?.precondition == .validCalendarData)
    #expect(todo?.description.contains(expected) == true, "\(String(describing: todo))")
    let shopping = #expect(throws: CalendarDataError.self) {
      _ = try ShoppingLineMapping.read(text)
    }
    #expect(shopping?.precondition == .validCalendarData)
    #expect(shopping?.description == todo?.description)
  }

  @Test(arguments: [
    "PRIORITY:0", "PRIORITY:9", "PERCENT-COMPLETE:0", "PERCENT-COMPLETE:100",
    "DUE;TZID=Europe/Berlin:20270101T090000",
    "DUE;TZID=/mozilla.org/20050126_1/Europe/Berlin:20270101T090000",
  ])
  func acceptedValues(line: String) throws {
    _ = try TodoMapping.read(Self.todo([line]))
  }

  @Test func completionOnly() {
    let served = Self.todo(["STATUS:NEEDS-ACTION", "CATEGORIES:Garden"])
    let completed = Self.todo([
      "CATEGORIES:Garden", "STATUS:COMPLETED", "COMPLETED:20270102T090000Z",
      "PERCENT-COMPLETE:100", "LAST-MODIFIED:20270102T090000Z", "SEQUENCE:2",
    ])
    #expect(!TodoMapping.changesMoreThanCompletion(completed, from: served))
    // Line ends, folding, property order and the saving app's PRODID do not count.
    let reordered = completed.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(
        of: "SUMMARY:Rake\nCATEGORIES:Garden", with: "CATEGORIES:Garden\nSUMMARY:Rake"
      )
      .replacingOccurrences(of: "PRODID:-//Tests//EN", with: "PRODID:-//Another app//EN")
    #expect(!TodoMapping.changesMoreThanCompletion(reordered, from: served))
    for changed in [
      Self.todo(["STATUS:COMPLETED", "CATEGORIES:Garden,Weekend"]),
      Self.todo(["STATUS:COMPLETED"]),
      Self.todo(["STATUS:COMPLETED", "CATEGORIES:Garden", "X-FLAG:1"]),
      Self.todo(
        [
          "STATUS:COMPLETED", "CATEGORIES:Garden", "BEGIN:VALARM", "ACTION:DISPLAY",
          "TRIGGER:-PT5M", "END:VALARM",
        ]),
      Self.todo(["STATUS:COMPLETED", "CATEGORIES:Garden"], calendar: ["X-WR-CALNAME:Mine"]),
      Self.todo(["STATUS:COMPLETED", "CATEGORIES;LANGUAGE=en:Garden"]),
      "not iCalendar",
    ] {
      #expect(TodoMapping.changesMoreThanCompletion(changed, from: served), "\(changed)")
    }
  }
}
