import Foundation
import ICalendar

extension TodoMapping {
  /// The properties a client rewrites when it completes or uncompletes a task, and nothing
  /// else: completion itself, and the stamps of any save.
  static let completionProperties: Set<String> = [
    "STATUS", "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE",
  ]

  /// Whether a PUT body changes anything but completion compared with the text the object is
  /// served as: what a checker may not do (they may only complete and uncomplete).
  ///
  /// Both texts are compared as parsed, so folding, line ends and the order of properties and
  /// components do not count; STATUS, COMPLETED, PERCENT-COMPLETE, DTSTAMP, LAST-MODIFIED and
  /// SEQUENCE of the VTODOs, and the calendar's PRODID (the client that saved it), do not count
  /// either. Everything else does: CATEGORIES, alarms, `X-` properties, another VTIMEZONE.
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
    let ignored: Set<String> =
      component.name == "VTODO" ? completionProperties : isCalendar ? ["PRODID"] : []
    let properties = component.properties.filter { !ignored.contains($0.name) }.map { property in
      property.name
        + property.parameters.map { ";\($0.name)=\($0.values.joined(separator: ","))" }.joined()
        + ":" + property.value
    }
    let components = component.components.map { canonical($0) }
    return "BEGIN:\(component.name)\n" + properties.sorted().joined(separator: "\n") + "\n"
      + components.sorted().joined() + "END:\(component.name)\n"
  }
}
