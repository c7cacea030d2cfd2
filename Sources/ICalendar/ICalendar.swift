/// iCalendar (RFC 5545) read and written for CalDAV.
///
/// libical parses and checks the text: its parser unfolds the content lines, builds the
/// components and marks what it cannot read (an `X-LIC-ERROR` property, an invalid
/// component), and any such mark refuses the text with a message naming the line, except two
/// that RFC 5545 allows and clients write: an empty value (iOS writes `DESCRIPTION:`) and a
/// property name libical does not know (`PROXIMITY` of RFC 9074, a lower-case `x-` name),
/// which the value model keeps like any other once its name is a valid token. The value
/// model keeps each property's name, parameters and value **as written** in the content line
/// libical read, because libical's own writer normalises what it parsed (it reorders RRULE
/// parts, splits `CATEGORIES:a,b` in two, reformats GEO and TRIGGER, re-escapes TEXT), and a
/// CalDAV server must give back what a client wrote. ``serialize(_:)`` writes the model with
/// CRLF and folds lines at 75 octets without splitting a UTF-8 sequence.
public enum ICalendar {
  /// The most bytes of iCalendar text ``parse(_:)`` reads (a VTODO is a few kilobytes).
  public static let maximumLength = 1 << 20

  /// Parses one VCALENDAR.
  ///
  /// - Parameter text: The iCalendar text, CRLF or LF line ends, folded or not.
  /// - Returns: The VCALENDAR with every property, parameter and component as written.
  /// - Throws: ``ICalendarError`` naming the line and the problem: not iCalendar at all, a
  ///   property libical cannot read, a BEGIN without its END, more than one VCALENDAR.
  public static func parse(_ text: String) throws(ICalendarError) -> ICalComponent {
    // Some Windows tools start the file with a byte order mark; it is not part of line 1.
    let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    guard text.utf8.count <= maximumLength else {
      throw ICalendarError(
        "The iCalendar text is \(text.utf8.count) bytes; at most \(maximumLength) are read.")
    }
    guard !text.utf8.contains(0) else {
      throw ICalendarError("The iCalendar text contains a NUL character.")
    }
    let parsed = LibICalParser.parse(text)
    let lines = NumberedLines(parsed.lines, source: text)
    let problems = parsed.problems.filter { !$0.isAllowedByRFC5545 }
    if let problem = problems.first {
      let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
      throw ICalendarError(lines.describe(problem) + more)
    }
    return try ComponentBuilder.build(lines)
  }

  /// Writes a component (normally a VCALENDAR) as iCalendar text: `BEGIN`, its properties,
  /// the components inside it, `END`; each line folded at 75 octets and ended with CRLF.
  ///
  /// - Parameter calendar: The component to write.
  /// - Returns: The text.
  /// - Complexity: O(n) in the size of the text.
  public static func serialize(_ calendar: ICalComponent) -> String {
    var text = ""
    write(calendar, into: &text)
    return text
  }

  private static func write(_ component: ICalComponent, into text: inout String) {
    text += "BEGIN:" + component.name + "\r\n"
    for property in component.properties {
      Folding.appendFolded(ContentLine.text(of: property), to: &text)
    }
    for child in component.components { write(child, into: &text) }
    text += "END:" + component.name + "\r\n"
  }
}
