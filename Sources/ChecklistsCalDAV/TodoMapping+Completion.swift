import Foundation
import ICalendar

extension TodoMapping {
  /// The properties a client rewrites when it completes or uncompletes a task, and nothing
  /// else: completion itself, and the stamps of any save.
  static let completionProperties: Set<String> = [
    "STATUS", "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE",
  ]

  /// The parameters a client may put on a completion property without it counting as a
  /// change: the value type and a time zone (RFC 5545 3.2.19, 3.2.20). None of the recorded
  /// clients (Apple, DAVx5, Thunderbird, Evolution, python-caldav) writes any.
  static let completionParameters: Set<String> = ["VALUE", "TZID"]

  /// The statuses completing, uncompleting or starting a task sets (RFC 5545 3.8.1.11); a
  /// checker may not cancel one or invent one.
  static let completionStatuses: Set<String> = ["NEEDS-ACTION", "COMPLETED", "IN-PROCESS"]

  /// The longest value or parameter value a completion property may have and still not count
  /// as a change: a date-time is 16 bytes, a time zone id a few dozen.
  static let maxCompletionValueBytes = 64

  /// The longest PRODID that does not count as a change: clients name themselves in 30 to 60
  /// bytes.
  static let maxProductIDBytes = 256

  /// Whether a PUT body changes anything but completion compared with the text the object is
  /// served as: what a checker may not do (they may only complete and uncomplete).
  ///
  /// Both texts are compared as parsed, so folding, line ends and the order of properties and
  /// components do not count; STATUS, COMPLETED, PERCENT-COMPLETE, DTSTAMP, LAST-MODIFIED and
  /// SEQUENCE of the VTODOs, and the calendar's PRODID (the client that saved it), do not count
  /// either, while they are plain: a short value, no parameter but VALUE and TZID, a STATUS of
  /// NEEDS-ACTION, COMPLETED or IN-PROCESS, a PRODID of at most 256 bytes without parameters.
  /// Everything else does: CATEGORIES, alarms, `X-` properties, another VTIMEZONE, and a
  /// completion property carrying anything more (it is compared as any other property, so one
  /// the object already had unchanged does not count).
  /// - Parameters:
  ///   - sent: The PUT body.
  ///   - served: The object's text as served now (what the client read).
  /// - Returns: True when something else differs, or when either text cannot be read.
  public static func changesMoreThanCompletion(_ sent: String, from served: String) -> Bool {
    guard let sent = try? ICalendar.parse(sent), let served = try? ICalendar.parse(served) else {
      return true
    }
    return canonical(sent, isCalendar: true) != canonical(served, isCalendar: true)
  }

  /// A component as one comparable text: its properties (less those completion rewrites) and
  /// its components, each sorted.
  private static func canonical(_ component: ICalComponent, isCalendar: Bool = false) -> String {
    let properties = component.properties.filter {
      !isPlainStamp($0, in: component.name, isCalendar: isCalendar)
    }.map { property in
      property.name
        + property.parameters.map { ";\($0.name)=\($0.values.joined(separator: ","))" }.joined()
        + ":" + property.value
    }
    let components = component.components.map { canonical($0) }
    return "BEGIN:\(component.name)\n" + properties.sorted().joined(separator: "\n") + "\n"
      + components.sorted().joined() + "END:\(component.name)\n"
  }

  /// Whether a property is one a save rewrites, written plainly: a completion property of a
  /// VTODO, or the calendar's PRODID, as ``changesMoreThanCompletion(_:from:)`` describes.
  private static func isPlainStamp(
    _ property: ICalProperty, in component: String, isCalendar: Bool
  ) -> Bool {
    let name = property.name.uppercased()
    if isCalendar {
      return name == "PRODID" && property.parameters.isEmpty
        && property.value.utf8.count <= maxProductIDBytes
    }
    guard component == "VTODO", completionProperties.contains(name) else { return false }
    guard property.value.utf8.count <= maxCompletionValueBytes else { return false }
    if name == "STATUS", !completionStatuses.contains(property.value.uppercased()) {
      return false
    }
    return property.parameters.allSatisfy { parameter in
      completionParameters.contains(parameter.name.uppercased())
        && parameter.values.joined(separator: ",").utf8.count <= maxCompletionValueBytes
    }
  }
}
