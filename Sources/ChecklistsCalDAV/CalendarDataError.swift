/// Why a calendar object resource a client sent was refused, with the CalDAV precondition
/// (RFC 4791 §5.3.2.1) the server reports in its `403`/`415` error body.
public struct CalendarDataError: Error, Sendable, CustomStringConvertible {
  /// The CalDAV precondition that failed, named as in the `CALDAV:` error element.
  public enum Precondition: String, Sendable {
    /// The body is not iCalendar libical can read (`CALDAV:valid-calendar-data`).
    case validCalendarData = "valid-calendar-data"
    /// The body holds a component this collection does not take, such as a VEVENT
    /// (`CALDAV:supported-calendar-component`).
    case supportedCalendarComponent = "supported-calendar-component"
    /// The body breaks RFC 4791 §4.1's rules for one resource: no UID, several UIDs, no
    /// component (`CALDAV:valid-calendar-object-resource`).
    case validCalendarObjectResource = "valid-calendar-object-resource"
  }

  /// The precondition that failed.
  public let precondition: Precondition
  /// The problem in a sentence: "The VTODO has no UID."
  public let description: String

  /// Creates an error.
  public init(_ precondition: Precondition, _ description: String) {
    self.precondition = precondition
    self.description = description
  }
}
