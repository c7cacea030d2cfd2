import ChecklistsCalDAV
import ChecklistsCore
import Foundation
import ICalendar
import Testing

@Suite struct TodoMappingTests {
  @Test func aFreshVTODOIsCleanAndReadsBack() throws {
    var fields = TodoFields(uid: "3f2a0c4e-1111-4a5b-8c9d-000000000001", summary: "Call mum, today")
    fields.notes = "About Sunday;\nbring cake"
    fields.due = utc("2025-12-24T15:00:00Z")
    fields.dueTimeZone = "Europe/Berlin"
    fields.remind = true
    fields.priority = .high
    fields.categories = ["Family"]
    fields.sortOrder = 3
    fields.parentUID = "parent-uid"
    fields.recurrence = RecurrenceRule(frequency: .yearly)
    let text = TodoMapping.write(fields, stored: nil, now: now)
    let lines = contentLines(text)
    #expect(
      lines.starts(with: ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Checklists//CalDAV//EN"]))
    #expect(lines.contains("SUMMARY:Call mum\\, today"))
    #expect(lines.contains("DUE;TZID=Europe/Berlin:20251224T160000"))
    #expect(lines.contains("BEGIN:VTIMEZONE"))  // RFC 5545: a TZID needs its VTIMEZONE
    #expect(lines.contains("STATUS:NEEDS-ACTION"))
    #expect(lines.contains("DTSTAMP:20251122T100000Z"))
    #expect(lines.contains("RELATED-TO;RELTYPE=PARENT:parent-uid"))
    #expect(lines.contains("PRIORITY:1"))
    #expect(lines.contains("RRULE:FREQ=YEARLY"))
    #expect(text.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
    #expect(try TodoMapping.read(text) == fields)
    // libical reads what we wrote without complaint.
    #expect(throws: Never.self) { try ICalendar.parse(text) }
  }

  @Test func aFreshCompletedVTODOWritesAllThree() throws {
    let fields = TodoFields(
      uid: "u1", summary: "Done", isCompleted: true, completedAt: utc("2025-11-01T08:00:00Z"))
    let lines = contentLines(TodoMapping.write(fields, stored: nil, now: now))
    #expect(lines.contains("STATUS:COMPLETED"))
    #expect(lines.contains("COMPLETED:20251101T080000Z"))
    #expect(lines.contains("PERCENT-COMPLETE:100"))
  }

  @Test func anRRULEOutsideTheModelIsKeptVerbatim() throws {
    let text = crlfLines(
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:r1",
      "DTSTAMP:20250101T000000Z",
      "SUMMARY:Rent", "DUE;VALUE=DATE:20250106", "RRULE:FREQ=MONTHLY;BYDAY=1MO", "END:VTODO",
      "END:VCALENDAR")
    var fields = try TodoMapping.read(text)
    #expect(fields.recurrence == nil)
    #expect(TodoMapping.write(fields, stored: text, now: now) == text)
    fields.summary = "Pay the rent"
    #expect(
      contentLines(TodoMapping.write(fields, stored: text, now: now)).contains(
        "RRULE:FREQ=MONTHLY;BYDAY=1MO"))
  }

  @Test func completionIsReadFromAnyOfTheThree() throws {
    func read(_ lines: String...) throws -> Bool {
      try TodoMapping.read(
        crlfLines(
          ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:c"] + lines + ["END:VTODO", "END:VCALENDAR"])
      ).isCompleted
    }
    #expect(try read("STATUS:COMPLETED"))
    #expect(try read("COMPLETED:20250101T000000Z"))
    #expect(try read("PERCENT-COMPLETE:100"))
    #expect(try !read("PERCENT-COMPLETE:99"))
    #expect(try !read())
    #expect(try !read("STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:100"))  // STATUS decides
    #expect(try !read("STATUS:CANCELLED"))
  }

  @Test(arguments: [
    ("0", ItemPriority.none), ("1", .high), ("4", .high), ("5", .medium), ("6", .low), ("9", .low),
    (" 5", .medium),
  ])
  func priorities(value: String, priority: ItemPriority) throws {
    let text = crlfLines(
      "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:p", "PRIORITY:\(value)", "END:VTODO", "END:VCALENDAR")
    #expect(try TodoMapping.read(text).priority == priority)
  }

  @Test func overridesAreKeptAndTheMasterIsRead() throws {
    let text = crlfLines(
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x",
      "BEGIN:VTODO", "UID:o1", "DTSTAMP:20250101T000000Z", "RECURRENCE-ID:20250108T090000Z",
      "SUMMARY:Override", "END:VTODO",
      "BEGIN:VTODO", "UID:o1", "DTSTAMP:20250101T000000Z", "SUMMARY:Master", "DUE:20250101T090000Z",
      "RRULE:FREQ=WEEKLY", "END:VTODO",
      "END:VCALENDAR")
    var fields = try TodoMapping.read(text)
    #expect(fields.summary == "Master")
    fields.summary = "Master 2"
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(contentLines(written).contains("SUMMARY:Override"))
    #expect(contentLines(written).contains("SUMMARY:Master 2"))
  }

  // MARK: - Bad input

  @Test(arguments: [
    (
      ["BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:x", "END:VTODO", "END:VCALENDAR"],
      CalendarDataError.Precondition.validCalendarObjectResource, "The VTODO has no UID."
    ),
    (
      [
        "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:e", "DTSTART:20250101T090000Z", "END:VEVENT",
        "END:VCALENDAR",
      ],
      .supportedCalendarComponent,
      "This list holds tasks (VTODO); the calendar data holds a VEVENT."
    ),
    (
      ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "UID:b", "END:VTODO", "END:VCALENDAR"],
      .validCalendarData, "The VTODO has 2 UID properties; it must have one."
    ),
    (
      [
        "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VTODO", "BEGIN:VTODO", "UID:b", "END:VTODO",
        "END:VCALENDAR",
      ],
      .validCalendarObjectResource, "VTODOs with different UIDs ('a' and 'b')"
    ),
    (
      [
        "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "END:VTODO", "BEGIN:VTODO", "UID:a", "END:VTODO",
        "END:VCALENDAR",
      ],
      .validCalendarObjectResource, "2 VTODOs with UID 'a' and no RECURRENCE-ID"
    ),
    (
      ["BEGIN:VCALENDAR", "VERSION:2.0", "END:VCALENDAR"], .validCalendarObjectResource,
      "holds no VTODO"
    ),
    (["this is not a calendar"], .validCalendarData, "must start with BEGIN:VCALENDAR"),
    (
      ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "DUE:next week", "END:VTODO", "END:VCALENDAR"],
      .validCalendarData, "DUE"
    ),
    (
      [
        "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "DUE:20251340T000000Z", "END:VTODO",
        "END:VCALENDAR",
      ],
      .validCalendarData, "DUE"
    ),
    (
      ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "DUE:", "END:VTODO", "END:VCALENDAR"],
      .validCalendarData, "The VTODO's DUE '' is not a DATE-TIME"
    ),
  ])
  func badInputIsRefused(
    lines: [String], precondition: CalendarDataError.Precondition, message: String
  ) {
    #expect {
      _ = try TodoMapping.read(crlfLines(lines))
    } throws: { error in
      guard let error = error as? CalendarDataError else { return false }
      return error.precondition == precondition && error.description.contains(message)
    }
  }

  @Test func garbageNamesTheLine() {
    do {
      _ = try TodoMapping.read(
        crlfLines(
          "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a", "DTSTAMP:soon", "END:VTODO", "END:VCALENDAR"))
      Issue.record("read")
    } catch {
      #expect(error.precondition == .validCalendarData)
      #expect(error.description.hasPrefix("The calendar data cannot be read. Line 4 in VTODO:"))
    }
  }
}

func crlfLines(_ lines: String...) -> String { crlfLines(lines) }
func crlfLines(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }
