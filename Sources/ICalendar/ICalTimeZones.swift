import CLibICal
import Foundation

/// Turns DATE and DATE-TIME values into moments and back, with the time zones a calendar
/// defines.
///
/// A `TZID` is resolved with the calendar's own VTIMEZONE of that id (by libical, which reads
/// its STANDARD and DAYLIGHT rules), else with the tz database name it is (Foundation's
/// `TimeZone`, so `Europe/Berlin` works without a VTIMEZONE, and Mozilla's old
/// `/mozilla.org/20050126_1/Europe/Berlin` too); a zone neither knows is read as floating. A
/// date and a floating time are read in `floating` (UTC unless told otherwise).
public struct ICalTimeZones: Sendable {
  /// The calendar's VTIMEZONEs as text, by TZID.
  private let definitions: [String: String]
  /// The zone dates and floating times are read in.
  public var floating: TimeZone

  /// Collects the VTIMEZONEs of `calendar`.
  ///
  /// - Parameters:
  ///   - calendar: A VCALENDAR (or nil for none).
  ///   - floating: The zone for dates and floating times; UTC by default.
  public init(calendar: ICalComponent?, floating: TimeZone = TimeZone(identifier: "UTC")!) {
    var definitions: [String: String] = [:]
    for zone in calendar?.components(named: "VTIMEZONE") ?? [] {
      if let id = zone.property("TZID")?.value { definitions[id] = ICalendar.serialize(zone) }
    }
    self.definitions = definitions
    self.floating = floating
  }

  /// Whether a `TZID` can be resolved: the calendar defines it or it is a tz database name.
  public func knows(_ tzid: String) -> Bool {
    definitions[tzid] != nil || Self.foundationZone(tzid) != nil
  }

  /// The moment a value stands for.
  ///
  /// - Parameter value: A date (its midnight in ``floating``), a UTC or floating time, or a
  ///   local time in a zone.
  /// - Returns: The moment; an unknown zone is read as floating.
  public func date(of value: ICalDateTime) -> Date {
    switch value.zone {
    case .utc:
      return Self.date(value, in: TimeZone(identifier: "UTC")!)
    case .floating:
      return Self.date(value, in: floating)
    case .tzid(let id):
      if let text = definitions[id], let seconds = Self.libicalSeconds(value, vtimezone: text) {
        return Date(timeIntervalSince1970: TimeInterval(seconds))
      }
      return Self.date(value, in: Self.foundationZone(id) ?? floating)
    }
  }

  /// The value that writes `date` in a form: a date, UTC, floating, or local time in a zone.
  ///
  /// - Parameters:
  ///   - date: The moment.
  ///   - isDate: Write only the day (in ``floating``).
  ///   - zone: The form of a date-time; a `TZID` nobody knows is written in UTC instead.
  /// - Returns: The value, whole seconds.
  public func value(for date: Date, isDate: Bool = false, zone: ICalDateTime.Zone)
    -> ICalDateTime
  {
    if isDate {
      let parts = Self.parts(date, in: floating)
      return ICalDateTime(
        year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, isDate: true)
    }
    switch zone {
    case .utc:
      return Self.value(date, in: TimeZone(identifier: "UTC")!, zone: .utc)
    case .floating:
      return Self.value(date, in: floating, zone: .floating)
    case .tzid(let id):
      if let text = definitions[id], var local = Self.libicalLocal(date, vtimezone: text) {
        local.zone = .tzid(id)
        return local
      }
      guard let timeZone = Self.foundationZone(id) else {
        return Self.value(date, in: TimeZone(identifier: "UTC")!, zone: .utc)
      }
      return Self.value(date, in: timeZone, zone: .tzid(id))
    }
  }

  // MARK: - Foundation

  /// The tz database zone a TZID names, also inside a longer id such as Mozilla's
  /// `/mozilla.org/20050126_1/Europe/Berlin`.
  static func foundationZone(_ tzid: String) -> TimeZone? {
    if let zone = TimeZone(identifier: tzid) { return zone }
    let parts = tzid.split(separator: "/")
    for start in parts.indices.dropLast() {
      if let zone = TimeZone(identifier: parts[start...].joined(separator: "/")) { return zone }
    }
    return nil
  }

  private static func calendar(_ zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }

  private static func date(_ value: ICalDateTime, in zone: TimeZone) -> Date {
    let components = DateComponents(
      year: value.year, month: value.month, day: value.day, hour: value.hour,
      minute: value.minute, second: min(value.second, 59))
    return calendar(zone).date(from: components) ?? Date(timeIntervalSince1970: 0)
  }

  private static func parts(_ date: Date, in zone: TimeZone) -> DateComponents {
    calendar(zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
  }

  private static func value(_ date: Date, in zone: TimeZone, zone form: ICalDateTime.Zone)
    -> ICalDateTime
  {
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    let parts = parts(whole, in: zone)
    return ICalDateTime(
      year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
      hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0, zone: form)
  }

  // MARK: - libical

  private static func libicalSeconds(_ value: ICalDateTime, vtimezone: String) -> Int? {
    withLibICalZone(vtimezone: vtimezone) { zone in
      var time = icaltime_null_time()
      time.year = Int32(value.year)
      time.month = Int32(value.month)
      time.day = Int32(value.day)
      time.hour = Int32(value.hour)
      time.minute = Int32(value.minute)
      time.second = Int32(min(value.second, 59))
      return Int(icaltime_as_timet_with_zone(time, zone))
    }
  }

  private static func libicalLocal(_ date: Date, vtimezone: String) -> ICalDateTime? {
    withLibICalZone(vtimezone: vtimezone) { zone in
      let seconds = time_t(date.timeIntervalSince1970.rounded(.down))
      let local = icaltime_from_timet_with_zone(seconds, 0, zone)
      return ICalDateTime(
        year: Int(local.year), month: Int(local.month), day: Int(local.day),
        hour: Int(local.hour), minute: Int(local.minute), second: Int(local.second),
        zone: .floating)
    }
  }
}

extension ICalTimeZones {
  /// A VTIMEZONE for a tz database name, from the zone data libical reads (the system's
  /// zoneinfo), cut to the rules since 1970 and with `TZID` set to the name itself, for a
  /// calendar that is to use a TZID it does not define yet (RFC 5545 requires the VTIMEZONE).
  ///
  /// - Parameter tzid: A name such as `Europe/Berlin`.
  /// - Returns: The component, or nil when libical does not know the zone.
  public static func vtimezone(for tzid: String) -> ICalComponent? {
    let text: String? = withLibICal { () -> String? in
      guard let zone = icaltimezone_get_builtin_timezone(tzid),
        let component = icaltimezone_get_component(zone),
        let copy = icalcomponent_new_clone(component)
      else { return nil }
      defer { icalcomponent_free(copy) }
      var start = icaltime_null_time()
      (start.year, start.month, start.day) = (1970, 1, 1)
      start.zone = icaltimezone_get_utc_timezone()
      icaltimezone_truncate_vtimezone(copy, start, icaltime_null_time(), 1)
      guard let string = icalcomponent_as_ical_string_r(copy) else { return nil }
      defer { icalmemory_free_buffer(string) }
      return "BEGIN:VCALENDAR\r\n" + String(cString: string) + "END:VCALENDAR\r\n"
    }
    guard let text, let calendar = try? ICalendar.parse(text),
      var vtimezone = calendar.components(named: "VTIMEZONE").first
    else { return nil }
    vtimezone.replaceProperties(named: "TZID", with: [ICalProperty(name: "TZID", value: tzid)])
    vtimezone.properties.removeAll { $0.name == "X-LIC-LOCATION" }
    return vtimezone
  }
}

extension ICalTimeZones {
  /// The zone a CalDAV `CALDAV:timezone` element names (RFC 4791 §9.8: a VCALENDAR with one
  /// VTIMEZONE), for reading floating times: the tz database zone of its TZID or
  /// `X-LIC-LOCATION`, else a fixed offset of its STANDARD (or only) observance.
  ///
  /// - Parameter text: The element's text.
  /// - Returns: The zone, or nil when the text holds no usable VTIMEZONE.
  public static func zone(ofCalendarTimezone text: String) -> TimeZone? {
    guard let calendar = try? ICalendar.parse(text),
      let vtimezone = calendar.components(named: "VTIMEZONE").first
    else { return nil }
    for name in ["TZID", "X-LIC-LOCATION"] {
      if let id = vtimezone.property(name)?.value, let zone = foundationZone(id) { return zone }
    }
    let observance =
      vtimezone.components(named: "STANDARD").last ?? vtimezone.components.last
    guard let offset = observance?.property("TZOFFSETTO")?.value,
      let seconds = offsetSeconds(offset)
    else { return nil }
    return TimeZone(secondsFromGMT: seconds)
  }

  /// `+0530` or `-070000` as seconds east of UTC.
  static func offsetSeconds(_ text: String) -> Int? {
    let digits = Array(text.utf8.dropFirst())
    guard let sign = text.first, sign == "+" || sign == "-", digits.count == 4 || digits.count == 6,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    let numbers = digits.map { Int($0 - UInt8(ascii: "0")) }
    var seconds = (numbers[0] * 10 + numbers[1]) * 3_600 + (numbers[2] * 10 + numbers[3]) * 60
    if numbers.count == 6 { seconds += numbers[4] * 10 + numbers[5] }
    return sign == "-" ? -seconds : seconds
  }
}
