import ChecklistsCore
import Foundation
import ICalendar

/// Checklist items as VTODOs (RFC 5545 §3.6.2), losslessly.
///
/// ``read(_:)`` takes what Checklists models from a client's VTODO (``TodoFields``);
/// ``write(_:stored:now:)`` gives the resource back, starting from the text the client last
/// PUT and replacing only the properties whose meaning differs from the item, so everything
/// else a client wrote (other `X-` properties, ATTACH, GEO, extra VALARMs, unknown
/// parameters, VTIMEZONEs, RECURRENCE-ID overrides) comes back as it was.
public enum TodoMapping {
  /// The PRODID of calendars Checklists writes.
  public static let productID = "-//Checklists//CalDAV//EN"

  /// Reads a PUT body: one VCALENDAR with one VTODO (one UID; RECURRENCE-ID overrides are
  /// kept but only the master is read) and its VTIMEZONEs.
  ///
  /// - Parameter ics: The iCalendar text.
  /// - Returns: The fields of the master VTODO.
  /// - Throws: ``CalendarDataError`` naming the problem and the precondition: unreadable text
  ///   or a malformed DUE/COMPLETED (`valid-calendar-data`), a VEVENT
  ///   (`supported-calendar-component`), no VTODO, no UID or several UIDs
  ///   (`valid-calendar-object-resource`); a PRIORITY or PERCENT-COMPLETE out of range, or a
  ///   DUE in a time zone nobody knows (`valid-calendar-data`).
  public static func read(_ ics: String) throws(CalendarDataError) -> TodoFields {
    let resource = try TodoResource(parsing: ics)
    try resource.checkValues()
    return try fields(of: resource)
  }

  /// The resource to serve for an item.
  ///
  /// - Parameters:
  ///   - fields: The item as Checklists has it now.
  ///   - stored: The text last PUT for it, or nil for an item made elsewhere (a clean VTODO
  ///     with PRODID `-//Checklists//CalDAV//EN` is written then).
  ///   - now: The time for DTSTAMP, LAST-MODIFIED and a COMPLETED without a time.
  /// - Returns: iCalendar text, CRLF and folded: `stored` with only the properties whose
  ///   meaning differs from `fields` replaced (and DTSTAMP/LAST-MODIFIED updated when
  ///   something was), VERSION, PRODID and DTSTAMP added when missing.
  public static func write(_ fields: TodoFields, stored: String?, now: Date) -> String {
    var resource: TodoResource
    var before: TodoFields
    if let stored, let parsed = try? TodoResource(parsing: stored),
      let old = try? self.fields(of: parsed)
    {
      resource = parsed
      before = old
    } else {
      resource = TodoResource(freshWithUID: fields.uid, now: now)
      before = TodoFields(uid: fields.uid)
      if !fields.isCompleted {
        resource.todo.properties.append(ICalProperty(name: "STATUS", value: "NEEDS-ACTION"))
      }
    }
    var writer = TodoWriter(resource: resource, before: before, now: now)
    writer.apply(fields)
    writer.resource.addRequiredProperties(now: now)
    return writer.resource.text
  }

  // MARK: - Reading

  static func fields(of resource: TodoResource) throws(CalendarDataError) -> TodoFields {
    let todo = resource.todo
    let zones = resource.timeZones
    var fields = TodoFields(uid: todo.property("UID")?.value ?? "")
    fields.summary = todo.property("SUMMARY")?.text ?? ""
    if let completed = todo.property("COMPLETED") {
      fields.completedAt = zones.date(of: try resource.date(of: completed))
    }
    fields.isCompleted = isCompleted(todo)
    if let due = todo.property("DUE") {
      let value = try resource.date(of: due)
      fields.due = zones.date(of: value)
      fields.dueIsAllDay = value.isDate
      if case .tzid(let id) = value.zone { fields.dueTimeZone = id }
    }
    fields.remind = !todo.components(named: "VALARM").isEmpty
    fields.notes = todo.property("DESCRIPTION")?.text ?? ""
    if let rrule = todo.property("RRULE") {
      fields.recurrence = try? RecurrenceRule(rrule: rrule.value)
    }
    fields.parentUID = todo.properties(named: "RELATED-TO").first(where: isParentLink)?.value
    fields.priority = priority(todo.property("PRIORITY")?.value)
    fields.categories = todo.properties(named: "CATEGORIES").flatMap(\.textList)
    if let order = todo.property("X-APPLE-SORT-ORDER") {
      fields.sortOrder = Int64(order.value.trimmingCharacters(in: .whitespaces))
    }
    return fields
  }

  /// STATUS decides when it is one of RFC 5545's VTODO statuses; else a COMPLETED time or
  /// PERCENT-COMPLETE:100 means checked.
  static func isCompleted(_ todo: ICalComponent) -> Bool {
    switch todo.property("STATUS")?.value.uppercased() {
    case "COMPLETED": return true
    case "NEEDS-ACTION", "IN-PROCESS", "CANCELLED": return false
    default:
      return todo.property("COMPLETED") != nil
        || todo.property("PERCENT-COMPLETE").flatMap { Int($0.value) } == 100
    }
  }

  /// `RELATED-TO` with `RELTYPE=PARENT` or no `RELTYPE` (whose default is PARENT).
  static func isParentLink(_ property: ICalProperty) -> Bool {
    (property.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
  }

  /// RFC 5545 §3.8.1.9: 1-4 high, 5 medium, 6-9 low; 0, none or anything else none.
  static func priority(_ value: String?) -> ItemPriority {
    switch value.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
    case .some(1...4): .high
    case .some(5): .medium
    case .some(6...9): .low
    default: .none
    }
  }

  /// The PRIORITY Apple Reminders writes for a priority: 1, 5, 9, or none.
  static func priorityValue(_ priority: ItemPriority) -> String? {
    switch priority {
    case .high: "1"
    case .medium: "5"
    case .low: "9"
    case .none: nil
    }
  }
}
