import Foundation
import ICalendar
import WebDAV

/// Evaluates a CalDAV `calendar-query` filter (RFC 4791 §9.7) on a calendar object.
///
/// Component filters match by name, `is-not-defined` and time range; property filters by
/// presence, time range, text match (on the unescaped value, under the filter's collation,
/// negated when asked) and parameter filters. A VTODO's time range follows RFC 4791 §9.9's
/// table (DTSTART with DURATION or DUE, DUE alone, COMPLETED and CREATED); other components
/// use DTSTART to DTEND (or DUE, or DTSTART alone). Recurring components are judged by their
/// first instance only.
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
    let start = range.start ?? .distantPast
    let end = range.end ?? .distantFuture
    let dtstart = moment("DTSTART")
    let duration = component.property("DURATION").flatMap { ICalDuration.seconds($0.value) }
    switch component.name {
    case "VTODO":
      let due = moment("DUE")
      let completed = moment("COMPLETED")
      let created = moment("CREATED")
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
    default:
      guard let dtstart else { return true }
      let finish =
        moment("DTEND") ?? moment("DUE") ?? duration.map { dtstart.addingTimeInterval($0) }
      guard let finish, finish > dtstart else { return start <= dtstart && end > dtstart }
      return start < finish && end > dtstart
    }
  }
}
