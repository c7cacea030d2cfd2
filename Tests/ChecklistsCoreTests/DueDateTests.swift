import ChecklistsCore
import ChecklistsTestSupport
import Foundation
import Testing

@Suite("Due dates: a day is the same day in every zone, a moment one instant")
struct DueDateTests {
  static let fifteenth = CivilDay(year: 2026, month: 12, day: 15)

  /// Every half hour from two days before the 15th (UTC) to two days after it.
  static let instants: [Date] = {
    let start = fifteenth.adding(days: -2).startInUTC
    return (0..<(5 * 48)).map { start.addingTimeInterval(Double($0) * 1800) }
  }()

  @Test(
    "A due day reads as the 15th, and is due exactly from the 15th there",
    arguments: TimeZoneMatrix.names)
  func dayIsNeverAWrongDay(_ name: String) {
    let zone = TimeZoneMatrix.zone(name)
    let due = DueDate.day(Self.fifteenth)
    #expect(due.day(in: zone).iso == "2026-12-15")
    for now in Self.instants {
      // Foundation's Calendar is the independent judge of the date it is there.
      let today = TimeZoneMatrix.day(of: now, in: zone)
      #expect(CivilDay(now, in: zone).iso == today, "\(name) at \(now)")
      #expect(due.isDue(at: now, in: zone) == (today >= "2026-12-15"), "\(name) at \(now)")
      #expect(due.isOverdue(at: now, in: zone) == (today > "2026-12-15"), "\(name) at \(now)")
      let item = ChecklistItem(
        checklistID: UUID(), text: "Renew passport", createdAt: now, due: due)
      #expect(item.isDue(at: now, in: zone) == (today >= "2026-12-15"), "\(name) at \(now)")
    }
  }

  @Test("A moment is due at its instant, whatever the zone", arguments: TimeZoneMatrix.names)
  func momentIsOneInstant(_ name: String) {
    let zone = TimeZoneMatrix.zone(name)
    let instant = Self.fifteenth.startInUTC.addingTimeInterval(9 * 3600)
    let due = DueDate.moment(instant, timeZone: "Europe/Berlin")
    for now in Self.instants {
      #expect(due.isDue(at: now, in: zone) == (now >= instant))
      #expect(due.isOverdue(at: now, in: zone) == (now > instant))
    }
    #expect(due.day(in: zone).iso == TimeZoneMatrix.day(of: instant, in: zone))
  }

  @Test("The derived instant: a day's start in UTC; setting dueDate sets a moment in UTC")
  func derivedInstant() {
    var item = ChecklistItem(
      checklistID: UUID(), text: "Trip", createdAt: Date(), due: .day(Self.fifteenth))
    #expect(item.dueDate == ISO8601DateFormatter().date(from: "2026-12-15T00:00:00Z"))
    let moment = Date(timeIntervalSince1970: 1_800_000_000)
    item.dueDate = moment
    #expect(item.due == .moment(moment, timeZone: nil))
    item.dueDate = nil
    #expect(item.due == nil)
    let old = ChecklistItem(checklistID: UUID(), text: "Old", dueDate: moment, createdAt: Date())
    #expect(old.due == .moment(moment, timeZone: nil))
  }

  @Test(
    "A day's ISO text reads and writes back; anything else is not a day",
    arguments: ["2026-12-15", "0001-01-01", "9999-12-31", "2024-02-29", "1970-01-01"])
  func isoRoundTrip(_ text: String) throws {
    let day = try #require(CivilDay(iso: text))
    #expect(day.iso == text)
    #expect(day.description == text)
  }

  @Test(
    "Not days",
    arguments: [
      "2026-02-29", "2026-13-01", "2026-00-10", "2026-12-32", "0000-01-01", "2026-12-5",
      "20261215", "2026-12-15T00:00:00Z", " 2026-12-15", "+026-12-15", "２０２６-12-15", "",
    ])
  func notDays(_ text: String) {
    #expect(CivilDay(iso: text) == nil)
  }

  @Test("Due dates encode as {date} and {dateTime, timeZone} and decode back")
  func codable() throws {
    for due in [
      DueDate.day(Self.fifteenth),
      .moment(Date(timeIntervalSince1970: 1_800_000_000.25), timeZone: "Asia/Kolkata"),
      .moment(Date(timeIntervalSince1970: 0), timeZone: nil),
    ] {
      let data = try JSONEncoder().encode(due)
      #expect(try JSONDecoder().decode(DueDate.self, from: data) == due)
    }
    let day = try JSONEncoder().encode(DueDate.day(Self.fifteenth))
    #expect(String(decoding: day, as: UTF8.self) == #"{"date":"2026-12-15"}"#)
  }

  @Test("A moment's zone must be one the time zone database knows; a day in the years 1 to 9999")
  func validation() throws {
    let now = Date()
    #expect(try ChecklistItem.validatedDue(.moment(now, timeZone: "Europe/Berlin")) != nil)
    #expect(try ChecklistItem.validatedDue(.moment(now, timeZone: nil)) != nil)
    let error = #expect(throws: ChecklistsError.self) {
      try ChecklistItem.validatedDue(.moment(now, timeZone: "Mars/Olympus_Mons"))
    }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.contains("'Mars/Olympus_Mons'") == true)
    #expect(throws: ChecklistsError.self) {
      try ChecklistItem.validatedDue(.day(CivilDay(year: 10000, month: 1, day: 1)))
    }
    #expect(throws: ChecklistsError.self) {
      try ChecklistItem.validatedDue(.day(CivilDay(year: 0, month: 12, day: 31)))
    }
  }
}
