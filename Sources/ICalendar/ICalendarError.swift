/// Why an iCalendar text could not be read: names the line and the property or component at
/// fault, such as "Line 7 (DTSTAMP): Can't parse as DATE-TIME value in DTSTAMP property".
public struct ICalendarError: Error, CustomStringConvertible, Sendable {
  /// The reason, in a sentence a user can act on.
  public let description: String

  /// Creates an error with its message.
  public init(_ description: String) {
    self.description = description
  }
}
