import ChecklistsCore
import Foundation
import ICalendar

/// Writes ``TodoFields`` into a resource property group by property group, touching a group
/// only when its meaning differs from what the resource already says (`before`).
struct TodoWriter {
  var resource: TodoResource
  let before: TodoFields
  let now: Date
  private(set) var changed = false

  init(resource: TodoResource, before: TodoFields, now: Date) {
    self.resource = resource
    self.before = before
    self.now = now
  }

  mutating func apply(_ fields: TodoFields) {
    if fields.uid != before.uid {
      set("UID", [ICalProperty(name: "UID", value: fields.uid)])
    }
    if fields.summary != before.summary {
      set(
        "SUMMARY",
        fields.summary.isEmpty ? [] : [ICalProperty(name: "SUMMARY", text: fields.summary)])
    }
    // A nil completedAt has no opinion on the time: a checked item keeps its COMPLETED.
    if fields.isCompleted != before.isCompleted
      || (fields.isCompleted && fields.completedAt != nil
        && !Self.sameSecond(fields.completedAt, before.completedAt))
    {
      writeCompletion(fields)
    }
    if !sameDue(fields, before) || (fields.due != nil && changesDueForm(fields)) {
      writeDue(fields)
    }
    if fields.remind != before.remind { writeAlarm(fields) }
    if fields.notes != before.notes {
      set(
        "DESCRIPTION",
        fields.notes.isEmpty ? [] : [ICalProperty(name: "DESCRIPTION", text: fields.notes)])
    }
    if fields.recurrence != before.recurrence {
      set("RRULE", fields.recurrence.map { [ICalProperty(name: "RRULE", value: $0.rrule)] } ?? [])
    }
    if fields.parentUID != before.parentUID { writeParent(fields.parentUID) }
    if fields.priority != before.priority {
      set(
        "PRIORITY",
        TodoMapping.priorityValue(fields.priority).map {
          [ICalProperty(name: "PRIORITY", value: $0)]
        }
          ?? [])
    }
    if fields.categories != before.categories {
      set(
        "CATEGORIES",
        fields.categories.isEmpty
          ? [] : [ICalProperty(name: "CATEGORIES", value: ICalText.joinList(fields.categories))])
    }
    if fields.sortOrder != before.sortOrder {
      set(
        "X-APPLE-SORT-ORDER",
        fields.sortOrder.map { [ICalProperty(name: "X-APPLE-SORT-ORDER", value: String($0))] } ?? []
      )
    }
    if changed { stamp() }
  }

  // MARK: - Groups

  private mutating func writeCompletion(_ fields: TodoFields) {
    if fields.isCompleted {
      let at = TodoResource.utc(fields.completedAt ?? now)
      set("STATUS", [ICalProperty(name: "STATUS", value: "COMPLETED")])
      set("COMPLETED", [ICalProperty(name: "COMPLETED", value: at)])
      set("PERCENT-COMPLETE", [ICalProperty(name: "PERCENT-COMPLETE", value: "100")])
    } else {
      set("STATUS", [ICalProperty(name: "STATUS", value: "NEEDS-ACTION")])
      set("COMPLETED", [])
      set("PERCENT-COMPLETE", [])
    }
  }

  /// DUE in the form asked for: a date, local time in its TZID (adding a VTIMEZONE when the
  /// calendar has none for it), or UTC. A DTSTART that was the old due moment (Apple writes
  /// both) or that would fall after the new one moves with it.
  private mutating func writeDue(_ fields: TodoFields) {
    let oldStart = resource.todo.property("DTSTART")
    let zones = resource.timeZones
    let startFollowsDue: Bool = {
      guard let oldStart, let value = try? ICalDateTime(property: oldStart) else { return false }
      let start = zones.date(of: value)
      if let due = before.due, Self.sameSecond(start, due) { return true }
      if let due = fields.due { return start > due }
      return false
    }()
    guard let due = fields.due else {
      set("DUE", [])
      if startFollowsDue { set("DTSTART", []) }
      return
    }
    // The form: what `fields` asks for, else what the stored DUE had (a date stays a date when
    // the new moment is a midnight; a TZID stays).
    let isDate =
      fields.dueIsAllDay
      || (before.dueIsAllDay
        && zones.value(for: due, isDate: true, zone: .floating).isMidnight(of: due, zones))
    var zone = ICalDateTime.Zone.utc
    if !isDate, let tzid = fields.dueTimeZone ?? before.dueTimeZone {
      if !hasTimeZone(tzid), let vtimezone = ICalTimeZones.vtimezone(for: tzid) {
        resource.insertTimeZone(vtimezone)
      }
      if hasTimeZone(tzid) { zone = .tzid(tzid) }
    }
    let value = resource.timeZones.value(for: due, isDate: isDate, zone: zone)
    set("DUE", [value.property("DUE")])
    if startFollowsDue { set("DTSTART", [value.property("DTSTART")]) }
  }

  /// Whether `fields` asks for another form of the same due moment: all-day where it was a
  /// time, or a named zone it was not in. (Not all-day and a nil zone have no opinion: an
  /// item that keeps neither leaves the stored form alone.)
  private func changesDueForm(_ fields: TodoFields) -> Bool {
    if fields.dueIsAllDay { return !before.dueIsAllDay }
    if let tzid = fields.dueTimeZone { return before.dueIsAllDay || tzid != before.dueTimeZone }
    return false
  }

  private func hasTimeZone(_ tzid: String) -> Bool {
    resource.calendar.components(named: "VTIMEZONE").contains { $0.property("TZID")?.value == tzid }
  }

  /// Remind Me on adds a display alarm at the due time (relative to DUE, so it follows the
  /// due date); off removes every VALARM, since any would read back as a reminder.
  private mutating func writeAlarm(_ fields: TodoFields) {
    changed = true
    if fields.remind {
      let alarm = ICalComponent(
        name: "VALARM",
        properties: [
          ICalProperty(name: "ACTION", value: "DISPLAY"),
          ICalProperty(
            name: "DESCRIPTION", text: fields.summary.isEmpty ? "Reminder" : fields.summary),
          ICalProperty(
            name: "TRIGGER", parameters: [ICalParameter(name: "RELATED", value: "END")],
            value: "PT0S"),
        ])
      resource.todo.components.insert(alarm, at: 0)
    } else {
      resource.todo.components.removeAll { $0.name == "VALARM" }
    }
  }

  /// Replaces the parent link, keeping RELATED-TO of other kinds (CHILD, SIBLING).
  private mutating func writeParent(_ parentUID: String?) {
    changed = true
    var properties = resource.todo.properties
    let first = properties.firstIndex { $0.name == "RELATED-TO" && TodoMapping.isParentLink($0) }
    properties.removeAll { $0.name == "RELATED-TO" && TodoMapping.isParentLink($0) }
    if let parentUID {
      let link = ICalProperty(
        name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", value: "PARENT")],
        value: parentUID)
      properties.insert(link, at: min(first ?? properties.count, properties.count))
    }
    resource.todo.properties = properties
  }

  /// DTSTAMP and (when the client keeps one) LAST-MODIFIED say when the resource changed.
  private mutating func stamp() {
    let stamp = TodoResource.utc(now)
    resource.todo.replaceProperties(
      named: "DTSTAMP", with: [ICalProperty(name: "DTSTAMP", value: stamp)])
    if resource.todo.property("LAST-MODIFIED") != nil {
      resource.todo.replaceProperties(
        named: "LAST-MODIFIED", with: [ICalProperty(name: "LAST-MODIFIED", value: stamp)])
    }
  }

  private mutating func set(_ name: String, _ properties: [ICalProperty]) {
    changed = true
    resource.todo.replaceProperties(named: name, with: properties)
  }

  /// Due dates agree: to the second, or for two all-day dates on the same day.
  private func sameDue(_ a: TodoFields, _ b: TodoFields) -> Bool {
    if a.dueIsAllDay, b.dueIsAllDay, let x = a.due, let y = b.due {
      let zones = resource.timeZones
      return zones.value(for: x, isDate: true, zone: .floating)
        == zones.value(for: y, isDate: true, zone: .floating)
    }
    return Self.sameSecond(a.due, b.due)
  }

  /// Equal to the second: iCalendar keeps whole seconds.
  static func sameSecond(_ a: Date?, _ b: Date?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?):
      a.timeIntervalSince1970.rounded(.down) == b.timeIntervalSince1970.rounded(.down)
    default: false
    }
  }
}

extension ICalDateTime {
  /// Whether this date's midnight (in the zones' floating zone) is `moment`.
  fileprivate func isMidnight(of moment: Date, _ zones: ICalTimeZones) -> Bool {
    TodoWriter.sameSecond(zones.date(of: self), moment)
  }
}
