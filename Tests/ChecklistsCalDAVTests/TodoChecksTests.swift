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

  @Test("A completion property carrying a parameter, a long value or an odd STATUS is a change")
  func hostileCompletions() {
    let served = Self.todo(["STATUS:NEEDS-ACTION"])
    let long = String(repeating: "a", count: 5_000)
    for changed in [
      Self.todo(["STATUS;X-EVIL=payload:COMPLETED"]),
      Self.todo(["STATUS:COMPLETED", "COMPLETED;X-EVIL=hello:20270102T090000Z"]),
      Self.todo(["STATUS:COMPLETED", "DTSTAMP;X-A=\"\(long)\":20270102T090000Z"]),
      Self.todo(["STATUS:COMPLETED", "COMPLETED;TZID=\(long):20270102T090000"]),
      Self.todo(["STATUS:X-WHATEVER"]),
      Self.todo(["STATUS:CANCELLED"]),
      Self.todo(["STATUS:COMPLETED", "SEQUENCE:\(long)"]),
      Self.todo(["STATUS:NEEDS-ACTION"])
        .replacingOccurrences(
          of: "PRODID:-//Tests//EN", with: "PRODID:" + String(repeating: "p", count: 257)),
      Self.todo(["STATUS:NEEDS-ACTION"])
        .replacingOccurrences(of: "PRODID:-//Tests//EN", with: "PRODID;X-A=b:-//Tests//EN"),
    ] {
      #expect(TodoMapping.changesMoreThanCompletion(changed, from: served), "\(changed)")
    }
    // VALUE and TZID, a 256-byte PRODID, and a status the task already had are not changes.
    for plain in [
      Self.todo(["STATUS:COMPLETED", "COMPLETED;VALUE=DATE-TIME:20270102T090000Z"]),
      Self.todo(["STATUS:IN-PROCESS", "DTSTAMP;TZID=Europe/Berlin:20270102T090000"]),
      Self.todo(["STATUS:NEEDS-ACTION"])
        .replacingOccurrences(
          of: "PRODID:-//Tests//EN", with: "PRODID:" + String(repeating: "p", count: 256)),
    ] {
      #expect(!TodoMapping.changesMoreThanCompletion(plain, from: served), "\(plain)")
    }
    let cancelled = Self.todo(["STATUS:CANCELLED", "SUMMARY:x"])
    #expect(!TodoMapping.changesMoreThanCompletion(cancelled, from: cancelled))
  }

  @Test(
    "Completing each recorded client's task is not a change",
    arguments: [
      "apple-ios-reminder", "apple-macos-subtask", "evolution", "python-caldav",
      "tasksorg-davx5", "thunderbird",
    ])
  func recordedClientsComplete(name: String) throws {
    let served = try fixture(name)
    let lines = contentLines(served).filter {
      !["STATUS", "COMPLETED", "PERCENT-COMPLETE"].contains(
        String($0.prefix { $0 != ";" && $0 != ":" }))
    }
    let completed =
      lines.flatMap {
        $0 == "END:VTODO"
          ? ["STATUS:COMPLETED", "COMPLETED:20270102T090000Z", "PERCENT-COMPLETE:100", $0] : [$0]
      }.joined(separator: "\r\n") + "\r\n"
    #expect(!TodoMapping.changesMoreThanCompletion(completed, from: served))
  }
}
