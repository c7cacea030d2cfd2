import Foundation
import ICalendar

/// A calendar object resource that holds one task: one VCALENDAR, VTODOs of one UID (the
/// master and any RECURRENCE-ID overrides), the VTIMEZONEs they use, and whatever else a
/// client wrote. Checks RFC 4791 §4.1's rules and finds the master VTODO.
struct TodoResource {
  /// The whole VCALENDAR, as written.
  var calendar: ICalComponent
  /// Where the master VTODO is in `calendar.components`.
  private(set) var todoIndex: Int

  /// The master VTODO (the one without RECURRENCE-ID).
  var todo: ICalComponent {
    get { calendar.components[todoIndex] }
    set { calendar.components[todoIndex] = newValue }
  }

  /// The time zones of the calendar, for DUE and COMPLETED.
  var timeZones: ICalTimeZones { ICalTimeZones(calendar: calendar) }

  /// Components a task list cannot hold.
  private static let otherComponents = ["VEVENT", "VJOURNAL", "VFREEBUSY", "VAVAILABILITY"]

  /// Parses and checks a PUT body.
  ///
  /// - Throws: ``CalendarDataError``: `valid-calendar-data` when libical cannot read it or a
  ///   VTODO has two UID properties; `supported-calendar-component` for a VEVENT, VJOURNAL or
  ///   VFREEBUSY; `valid-calendar-object-resource` for no VTODO, no UID, VTODOs of different
  ///   UIDs, or two VTODOs without RECURRENCE-ID.
  init(parsing ics: String) throws(CalendarDataError) {
    let calendar: ICalComponent
    do {
      calendar = try ICalendar.parse(ics)
    } catch {
      throw CalendarDataError(.validCalendarData, "The calendar data cannot be read. \(error)")
    }
    try self.init(checking: calendar)
  }

  init(checking calendar: ICalComponent) throws(CalendarDataError) {
    if let other = calendar.components.first(where: { Self.otherComponents.contains($0.name) }) {
      throw CalendarDataError(
        .supportedCalendarComponent,
        "This list holds tasks (VTODO); the calendar data holds a \(other.name).")
    }
    let todos = calendar.components.indices.filter { calendar.components[$0].name == "VTODO" }
    guard let first = todos.first else {
      throw CalendarDataError(
        .validCalendarObjectResource, "The calendar data holds no VTODO (task).")
    }
    var uid: String?
    for index in todos {
      let uids = calendar.components[index].properties(named: "UID")
      guard uids.count <= 1 else {
        throw CalendarDataError(
          .validCalendarData, "The VTODO has \(uids.count) UID properties; it must have one.")
      }
      guard let value = uids.first?.value, !value.isEmpty else {
        throw CalendarDataError(.validCalendarObjectResource, "The VTODO has no UID.")
      }
      if let uid, uid != value {
        throw CalendarDataError(
          .validCalendarObjectResource,
          "The calendar data holds VTODOs with different UIDs ('\(uid)' and '\(value)'); a resource holds one task."
        )
      }
      uid = value
    }
    let masters = todos.filter { calendar.components[$0].property("RECURRENCE-ID") == nil }
    guard masters.count <= 1 else {
      throw CalendarDataError(
        .validCalendarObjectResource,
        "The calendar data holds \(masters.count) VTODOs with UID '\(uid ?? "")' and no RECURRENCE-ID; only one may lack it."
      )
    }
    self.calendar = calendar
    self.todoIndex = masters.first ?? first
  }

  /// A new, clean VCALENDAR with an empty VTODO of `uid`, as Checklists writes one.
  init(freshWithUID uid: String, now: Date) {
    let todo = ICalComponent(
      name: "VTODO",
      properties: [
        ICalProperty(name: "UID", value: uid),
        ICalProperty(name: "DTSTAMP", value: Self.utc(now)),
        ICalProperty(name: "CREATED", value: Self.utc(now)),
      ])
    calendar = ICalComponent(
      name: "VCALENDAR",
      properties: [
        ICalProperty(name: "VERSION", value: "2.0"),
        ICalProperty(name: "PRODID", value: TodoMapping.productID),
      ],
      components: [todo])
    todoIndex = 0
  }

  /// Adds a VTIMEZONE after the calendar's other VTIMEZONEs, before its other components.
  mutating func insertTimeZone(_ vtimezone: ICalComponent) {
    let at = calendar.components.firstIndex { $0.name != "VTIMEZONE" } ?? calendar.components.count
    calendar.components.insert(vtimezone, at: at)
    if at <= todoIndex { todoIndex += 1 }
  }

  /// A date-time property's moment, or a `valid-calendar-data` error naming it.
  func date(of property: ICalProperty) throws(CalendarDataError) -> ICalDateTime {
    do {
      return try ICalDateTime(property: property)
    } catch {
      throw CalendarDataError(.validCalendarData, "The VTODO's \(error)")
    }
  }

  /// Adds VERSION, PRODID and the VTODO's DTSTAMP when a client left them out.
  mutating func addRequiredProperties(now: Date) {
    if calendar.property("VERSION") == nil {
      calendar.properties.insert(ICalProperty(name: "VERSION", value: "2.0"), at: 0)
    }
    if calendar.property("PRODID") == nil {
      calendar.properties.insert(ICalProperty(name: "PRODID", value: TodoMapping.productID), at: 0)
    }
    if todo.property("DTSTAMP") == nil {
      todo.properties.append(ICalProperty(name: "DTSTAMP", value: Self.utc(now)))
    }
  }

  /// `date` as a UTC DATE-TIME value, whole seconds.
  static func utc(_ date: Date) -> String {
    ICalTimeZones(calendar: nil).value(for: date, zone: .utc).value
  }

  /// The text of the resource.
  var text: String { ICalendar.serialize(calendar) }
}
