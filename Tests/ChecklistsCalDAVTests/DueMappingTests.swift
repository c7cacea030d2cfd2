import ChecklistsCalDAV
import ChecklistsCore
import ChecklistsTestSupport
import Foundation
import Testing

@Suite("DUE as an item's due date: VALUE=DATE a day, TZID a moment in its zone, UTC a moment")
struct DueMappingTests {
  static let kinds: [(String, DueDate)] = [
    ("apple-ios-reminder", .moment(utc("2025-11-22T08:00:00Z"), timeZone: "Europe/Berlin")),
    ("tasksorg-davx5", .day(CivilDay(year: 2025, month: 11, day: 23))),
    ("thunderbird", .moment(utc("2025-11-28T16:00:00Z"), timeZone: "Europe/Berlin")),
    ("evolution", .day(CivilDay(year: 2025, month: 12, day: 15))),
    ("python-caldav", .day(CivilDay(year: 2025, month: 11, day: 30))),
  ]

  @Test("Each fixture's DUE is the kind its client meant", arguments: kinds.map(\.0))
  func fixtureKinds(name: String) throws {
    let expected = try #require(Self.kinds.first { $0.0 == name }?.1)
    #expect(try TodoMapping.read(try fixture(name)).itemDue == expected)
  }

  @Test(
    "An item's due date set back into a fixture's fields writes the same bytes",
    arguments: FixtureRoundTripTests.names)
  func sameDueSameBytes(name: String) throws {
    let text = try fixture(name)
    var fields = try TodoMapping.read(text)
    let due = fields.itemDue
    #expect(fields.hasSameDue(as: due))
    fields.itemDue = due
    #expect(TodoMapping.write(fields, stored: text, now: now) == text)
  }

  @Test("A day is written VALUE=DATE, a moment in its TZID with a VTIMEZONE, one without in UTC")
  func writingEachKind() throws {
    let stored = try fixture("apple-ios-reminder")
    var fields = try TodoMapping.read(stored)
    fields.itemDue = .day(CivilDay(year: 2026, month: 12, day: 15))
    let day = TodoMapping.write(fields, stored: stored, now: now)
    #expect(contentLines(day).contains("DUE;VALUE=DATE:20261215"))
    #expect(try TodoMapping.read(day).itemDue == .day(CivilDay(year: 2026, month: 12, day: 15)))

    fields = try TodoMapping.read(day)
    fields.itemDue = .moment(utc("2026-12-15T09:00:00Z"), timeZone: "Asia/Tokyo")
    let tokyo = TodoMapping.write(fields, stored: day, now: now)
    #expect(contentLines(tokyo).contains("DUE;TZID=Asia/Tokyo:20261215T180000"))
    #expect(contentLines(tokyo).contains("TZID:Asia/Tokyo"))
    #expect(
      try TodoMapping.read(tokyo).itemDue
        == .moment(utc("2026-12-15T09:00:00Z"), timeZone: "Asia/Tokyo"))

    var fresh = TodoFields(uid: "fresh", summary: "Call")
    fresh.itemDue = .moment(utc("2026-12-15T09:00:00Z"), timeZone: nil)
    let plain = TodoMapping.write(fresh, stored: nil, now: now)
    #expect(contentLines(plain).contains("DUE:20261215T090000Z"))
    #expect(
      try TodoMapping.read(plain).itemDue == .moment(utc("2026-12-15T09:00:00Z"), timeZone: nil))
  }

  @Test(
    "A due day reads as the same day whatever zone the reader is in",
    arguments: TimeZoneMatrix.names)
  func dayInEveryZone(name: String) throws {
    let due = try #require(try TodoMapping.read(try fixture("evolution")).itemDue)
    #expect(due.day(in: TimeZoneMatrix.zone(name)).iso == "2025-12-15")
  }

  @Test("A TZID the calendar defines itself gives a moment with no zone, written back as it was")
  func ownTimeZone() throws {
    var fields = TodoFields(uid: "own", summary: "Sail")
    fields.due = utc("2027-01-01T08:00:00Z")
    fields.dueTimeZone = "Harbour time"
    #expect(fields.itemDue == .moment(utc("2027-01-01T08:00:00Z"), timeZone: nil))
    #expect(fields.hasSameDue(as: .moment(utc("2027-01-01T08:00:00Z"), timeZone: nil)))
  }
}
