import Foundation
import ICalendar

// What a PUT body must hold beyond parsing: values in their ranges and time zones that can be
// resolved (RFC 5545 §3.8.1.8, §3.8.1.9, §3.2.19). Checked on PUT only: a text stored before
// these checks is still served from.
extension TodoResource {
  /// Refuses what would otherwise be read as something else and then lost: a PRIORITY outside
  /// 0–9, a PERCENT-COMPLETE outside 0–100 (both integers), and a DUE in a time zone that the
  /// body does not define and the time-zone database does not know (it would be read as UTC
  /// and written back without its TZID).
  /// - Throws: ``CalendarDataError`` `valid-calendar-data` naming the property and the value.
  func checkValues() throws(CalendarDataError) {
    let zones = timeZones
    for todo in calendar.components(named: "VTODO") {
      for property in todo.properties(named: "PRIORITY") {
        try Self.checkInteger(property, in: 0...9, meaning: "0 (none) or 1 (highest) to 9")
      }
      for property in todo.properties(named: "PERCENT-COMPLETE") {
        try Self.checkInteger(property, in: 0...100, meaning: "a whole number from 0 to 100")
      }
      for property in todo.properties(named: "DUE") {
        guard let tzid = property.parameter("TZID"), !zones.knows(tzid) else { continue }
        throw CalendarDataError(
          .validCalendarData,
          "The VTODO's DUE is in the time zone '\(tzid.prefix(80))', which the calendar data "
            + "does not define (no VTIMEZONE with that TZID) and the time-zone database does "
            + "not know. Send a VTIMEZONE for it, or the DUE in UTC.")
      }
    }
  }

  private static func checkInteger(
    _ property: ICalProperty, in range: ClosedRange<Int>, meaning: String
  ) throws(CalendarDataError) {
    let text = property.value.trimmingCharacters(in: .whitespaces)
    guard let value = Int(text), range.contains(value) else {
      throw CalendarDataError(
        .validCalendarData,
        "The VTODO's \(property.name) is '\(text.prefix(40))'; it must be \(meaning).")
    }
  }
}
