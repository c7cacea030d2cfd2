import Foundation
import ICalendar
import Testing

@Suite struct DateTimeTests {
  static let berlin = crlf(
    """
    BEGIN:VCALENDAR
    BEGIN:VTIMEZONE
    TZID:Europe/Berlin
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    DTSTART:19810329T020000
    TZNAME:MESZ
    TZOFFSETTO:+0200
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    DTSTART:19961027T030000
    TZNAME:MEZ
    TZOFFSETTO:+0100
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VTIMEZONE
    TZID:Office Time
    BEGIN:STANDARD
    TZOFFSETFROM:+0530
    TZOFFSETTO:+0530
    DTSTART:19700101T000000
    END:STANDARD
    END:VTIMEZONE
    END:VCALENDAR

    """)

  static func utc(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  @Test(arguments: [
    ("DUE:20250701T090000Z", "2025-07-01T09:00:00Z"),
    ("DUE:20250701T090000", "2025-07-01T09:00:00Z"),  // floating, read in UTC
    ("DUE;VALUE=DATE:20250701", "2025-07-01T00:00:00Z"),
    ("DUE;TZID=Europe/Berlin:20250701T090000", "2025-07-01T07:00:00Z"),  // summer: +02:00
    ("DUE;TZID=Europe/Berlin:20250115T090000", "2025-01-15T08:00:00Z"),  // winter: +01:00
    // Only its VTIMEZONE knows this zone (+05:30):
    ("DUE;TZID=Office Time:20250115T090000", "2025-01-15T03:30:00Z"),
    ("DUE;TZID=America/New_York:20250115T090000", "2025-01-15T14:00:00Z"),  // tz database
    ("DUE;TZID=/mozilla.org/20050126_1/Europe/Paris:20250115T090000", "2025-01-15T08:00:00Z"),
  ])
  func readsTheMoment(line: String, moment: String) throws {
    let calendar = try ICalendar.parse(Self.berlin)
    let zones = ICalTimeZones(calendar: calendar)
    let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n\(line)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let due = try #require(try ICalendar.parse(text).components.first?.property("DUE"))
    let value = try ICalDateTime(property: due)
    #expect(zones.date(of: value) == Self.utc(moment))
    // And back to the same text.
    #expect(
      zones.value(for: zones.date(of: value), isDate: value.isDate, zone: value.zone) == value)
    #expect(value.property("DUE") == due)
  }

  @Test func writesLocalTimeInAZone() throws {
    let zones = ICalTimeZones(calendar: try ICalendar.parse(Self.berlin))
    let moment = Self.utc("2025-07-01T07:00:00Z")
    #expect(zones.value(for: moment, zone: .tzid("Europe/Berlin")).value == "20250701T090000")
    #expect(zones.value(for: moment, zone: .tzid("Office Time")).value == "20250701T123000")
    #expect(zones.value(for: moment, zone: .utc).value == "20250701T070000Z")
    #expect(
      zones.value(for: moment, isDate: true, zone: .utc).property("DUE").parameter("VALUE")
        == "DATE")
    // A zone nobody knows is written in UTC rather than with a TZID no reader can resolve.
    #expect(zones.value(for: moment, zone: .tzid("Nowhere/Atlantis")).zone == .utc)
  }

  @Test(arguments: [
    "2025", "20251301", "20250230", "20250101T250000Z", "20250101T0900", "tomorrow",
  ])
  func badValuesAreRefused(value: String) {
    #expect(throws: ICalendarError.self) {
      try ICalDateTime(property: ICalProperty(name: "DUE", value: value))
    }
  }

  @Test func vtimezoneFromTheTzDatabase() throws {
    let vtimezone = try #require(ICalTimeZones.vtimezone(for: "Europe/Berlin"))
    #expect(vtimezone.property("TZID")?.value == "Europe/Berlin")
    let calendar = ICalComponent(name: "VCALENDAR", components: [vtimezone])
    // Reparse what we would write, so the component is valid iCalendar.
    let zones = ICalTimeZones(calendar: try ICalendar.parse(ICalendar.serialize(calendar)))
    let summer = ICalDateTime(year: 2030, month: 7, day: 1, hour: 9, zone: .tzid("Europe/Berlin"))
    let winter = ICalDateTime(year: 2030, month: 1, day: 1, hour: 9, zone: .tzid("Europe/Berlin"))
    #expect(zones.date(of: summer) == Self.utc("2030-07-01T07:00:00Z"))
    #expect(zones.date(of: winter) == Self.utc("2030-01-01T08:00:00Z"))
    #expect(ICalTimeZones.vtimezone(for: "Nowhere/Atlantis") == nil)
  }

  @Test(arguments: [
    ("PT15M", 900.0), ("-PT15M", -900.0), ("P1D", 86_400.0), ("P1W", 604_800.0),
    ("-P0DT0H15M0S", -900.0), ("P1DT2H", 93_600.0),
  ])
  func durations(text: String, seconds: Double) {
    #expect(ICalDuration.seconds(text) == seconds)
  }

  @Test(arguments: ["", "P", "15M", "PT", "P1H", "PT1D"])
  func badDurations(text: String) {
    #expect(ICalDuration.seconds(text) == nil)
  }

  /// libical's zones are cached (64 at most); more distinct VTIMEZONEs than that still convert
  /// right, the oldest being freed and made again when needed.
  @Test func manyZonesStayCorrect() throws {
    for round in 0..<2 {
      for minutes in stride(from: -600, through: 780, by: 15).prefix(80) {
        let sign = minutes < 0 ? "-" : "+"
        let offset = sign + String(format: "%02d%02d", abs(minutes) / 60, abs(minutes) % 60)
        let text = crlf(
          """
          BEGIN:VCALENDAR
          BEGIN:VTIMEZONE
          TZID:Zone \(minutes)
          BEGIN:STANDARD
          DTSTART:19700101T000000
          TZOFFSETFROM:\(offset)
          TZOFFSETTO:\(offset)
          END:STANDARD
          END:VTIMEZONE
          END:VCALENDAR

          """)
        let zones = ICalTimeZones(calendar: try ICalendar.parse(text))
        let local = ICalDateTime(
          year: 2025, month: 3, day: 1, hour: 12, zone: .tzid("Zone \(minutes)"))
        let expected = Self.utc("2025-03-01T12:00:00Z").addingTimeInterval(
          TimeInterval(-minutes * 60))
        #expect(zones.date(of: local) == expected, "round \(round), offset \(offset)")
        #expect(zones.value(for: expected, zone: local.zone) == local)
      }
    }
  }
}
