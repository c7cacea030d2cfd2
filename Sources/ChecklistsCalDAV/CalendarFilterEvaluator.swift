import ChecklistsCore
import Foundation
import ICalendar
import WebDAV

/// Evaluates a CalDAV `calendar-query` filter (RFC 4791 §9.7) on a calendar object.
///
/// Component filters match by name, `is-not-defined` and time range; property filters by
/// presence, time range, text match (on the unescaped value, under the filter's collation,
/// negated when asked) and parameter filters. A VTODO's time range follows RFC 4791 §9.9's
/// table (DTSTART with DURATION or DUE, DUE alone, COMPLETED and CREATED); other components
/// use DTSTART to DTEND (or DUE, or DTSTART alone). A recurring component (an RRULE that
/// ChecklistsCore's ``RecurrenceRule`` holds) matches when one of its first 1,000 instances
/// does; other rules are judged by the first instance.
public enum CalendarFilterEvaluator {
  /// Whether a calendar object passes a query's filter.
  ///
  /// - Parameters:
  ///   - filter: The top-level filter (its name is `VCALENDAR`).
  ///   - calendar: The object's VCALENDAR.
  ///   - floating: The zone floating times and dates are read in (the query's
  ///     `CALDAV:timezone`); UTC by default.
  /// - Returns: True when the object matches.
  /// - Complexity: O(filter size × components × properties).
  public static func matches(
    _ filter: CalendarQuery.CompFilter, calendar: ICalComponent,
    floating: TimeZone = TimeZone(identifier: "UTC")!
  ) -> Bool {
    let zones = ICalTimeZones(calendar: calendar, floating: floating)
    let present = filter.name.uppercased() == calendar.name
    if filter.isNotDefined { return !present }
    return present && matches(filter, component: calendar, zones: zones)
  }

  /// Whether a calendar object passes a query, reading floating times in the zone of the
  /// query's `CALDAV:timezone` (RFC 4791 §9.8).
  ///
  /// - Parameters:
  ///   - filter: The top-level filter.
  ///   - calendar: The object's VCALENDAR.
  ///   - timezone: The `CALDAV:timezone` text (a VCALENDAR with one VTIMEZONE), or nil for UTC.
  /// - Returns: True when the object matches.
  public static func matches(
    _ filter: CalendarQuery.CompFilter, calendar: ICalComponent, timezone: String?
  ) -> Bool {
    let floating = timezone.flatMap(ICalTimeZones.zone(ofCalendarTimezone:))
    return matches(filter, calendar: calendar, floating: floating ?? TimeZone(identifier: "UTC")!)
  }

  /// Whether `component`, already found by name, passes `filter`'s own time range, property
  /// filters and nested component filters.
  static func matches(
    _ filter: CalendarQuery.CompFilter, component: ICalComponent, zones: ICalTimeZones
  ) -> Bool {
    if let range = filter.timeRange, !overlaps(component, range, zones: zones) { return false }
    for propFilter in filter.propFilters where !matches(propFilter, in: component, zones: zones) {
      return false
    }
    for child in filter.compFilters {
      let candidates = component.components(named: child.name)
      if child.isNotDefined {
        if !candidates.isEmpty { return false }
      } else if !candidates.contains(where: { matches(child, component: $0, zones: zones) }) {
        return false
      }
    }
    return true
  }

  static func matches(
    _ filter: CalendarQuery.PropFilter, in component: ICalComponent, zones: ICalTimeZones
  ) -> Bool {
    let properties = component.properties(named: filter.name)
    if filter.isNotDefined { return properties.isEmpty }
    return properties.contains { property in
      if let range = filter.timeRange {
        guard let value = try? ICalDateTime(property: property),
          range.contains(zones.date(of: value))
        else { return false }
      }
      if let textMatch = filter.textMatch, !textMatch.matches(property.text) { return false }
      return filter.paramFilters.allSatisfy { matches($0, on: property) }
    }
  }

  static func matches(_ filter: CalendarQuery.ParamFilter, on property: ICalProperty) -> Bool {
    let name = filter.name.uppercased()
    let parameters = property.parameters.filter { $0.name == name }
    if filter.isNotDefined { return parameters.isEmpty }
    guard !parameters.isEmpty else { return false }
    guard let textMatch = filter.textMatch else { return true }
    return parameters.contains { parameter in parameter.values.contains(where: textMatch.matches) }
  }

  // MARK: - Time ranges (RFC 4791 §9.9)

  static func overlaps(
    _ component: ICalComponent, _ range: CalendarQuery.TimeRange, zones: ICalTimeZones
  ) -> Bool {
    func moment(_ name: String) -> Date? {
      guard let property = component.property(name),
        let value = try? ICalDateTime(property: property)
      else { return nil }
      return zones.date(of: value)
    }
    let times = Times(
      dtstart: moment("DTSTART"), due: moment("DUE"), end: moment("DTEND"),
      duration: component.property("DURATION").flatMap { ICalDuration.seconds($0.value) },
      completed: moment("COMPLETED"), created: moment("CREATED"))
    let isTodo = component.name == "VTODO"
    guard let anchor = times.dtstart ?? (isTodo ? times.due : nil),
      let rrule = component.property("RRULE"),
      let rule = try? RecurrenceRule(rrule: rrule.value)
    else {
      return times.overlap(range, isTodo: isTodo)
    }
    // A recurring component overlaps when one of its instances does: each instance moves
    // DTSTART, DUE and DTEND by the same amount (RFC 5545 §3.8.5.3).
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zoneOfAnchor(component, zones: zones)
    var occurrence = anchor
    for count in 1...maximumInstances {
      let instance = times.shifted(by: occurrence.timeIntervalSince(anchor))
      if instance.overlap(range, isTodo: isTodo) { return true }
      if let end = range.end, occurrence >= end { return false }
      guard
        let next = rule.nextOccurrence(after: occurrence, completedCount: count, calendar: calendar)
      else { return false }
      occurrence = next
    }
    return false
  }

  /// The most instances of a recurring component tried against a time range.
  static let maximumInstances = 1_000

  /// The zone a recurring component's rule follows: its DTSTART's (or DUE's) TZID when known,
  /// else the floating zone.
  private static func zoneOfAnchor(_ component: ICalComponent, zones: ICalTimeZones) -> TimeZone {
    let tzid = (component.property("DTSTART") ?? component.property("DUE"))?.parameter("TZID")
    let name = tzid.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }
    return tzid.flatMap(TimeZone.init(identifier:)) ?? name.flatMap(TimeZone.init(identifier:))
      ?? zones.floating
  }

  /// The times RFC 4791 §9.9 judges a component by.
  struct Times {
    var dtstart: Date?
    var due: Date?
    var end: Date?
    var duration: Double?
    var completed: Date?
    var created: Date?

    func shifted(by offset: TimeInterval) -> Times {
      var times = self
      times.dtstart = dtstart?.addingTimeInterval(offset)
      times.due = due?.addingTimeInterval(offset)
      times.end = end?.addingTimeInterval(offset)
      return times
    }

    func overlap(_ range: CalendarQuery.TimeRange, isTodo: Bool) -> Bool {
      let start = range.start ?? .distantPast
      let end = range.end ?? .distantFuture
      guard isTodo else {
        guard let dtstart else { return true }
        let finish = self.end ?? due ?? duration.map { dtstart.addingTimeInterval($0) }
        guard let finish, finish > dtstart else { return start <= dtstart && end > dtstart }
        return start < finish && end > dtstart
      }
      switch (dtstart, duration, due) {
      case (let dtstart?, let duration?, _):
        let finish = dtstart.addingTimeInterval(duration)
        return start <= finish && (end > dtstart || end >= finish)
      case (let dtstart?, nil, let due?):
        return (start < due || start <= dtstart) && (end > dtstart || end >= due)
      case (let dtstart?, nil, nil):
        return start <= dtstart && end > dtstart
      case (nil, _, let due?):
        return start < due && end >= due
      case (nil, _, nil):
        switch (completed, created) {
        case (let completed?, let created?):
          return (start <= created || start <= completed) && (end >= created || end >= completed)
        case (let completed?, nil):
          return start <= completed && end >= completed
        case (nil, let created?):
          return end > created
        case (nil, nil):
          return true
        }
      }
    }
  }
}
