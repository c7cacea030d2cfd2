/// One parameter of an iCalendar property, such as `TZID=Europe/Berlin` or `RELTYPE=PARENT`
/// (RFC 5545 §3.2).
public struct ICalParameter: Hashable, Sendable {
  /// The parameter's name, upper-cased: `TZID`, `VALUE`, `X-WR-ALARMUID`.
  public var name: String
  /// The values as written, without the double quotes around a quoted one; most parameters
  /// have one, `MEMBER` and `DELEGATED-TO` may have several.
  public var values: [String]

  /// Creates a parameter.
  ///
  /// - Parameters:
  ///   - name: The name; upper-cased here.
  ///   - values: The values, unquoted.
  public init(name: String, values: [String]) {
    self.name = name.uppercased()
    self.values = values
  }

  /// Creates a parameter with one value.
  public init(name: String, value: String) {
    self.init(name: name, values: [value])
  }

  /// The values joined with commas, as a single-valued parameter is usually read.
  public var value: String { values.joined(separator: ",") }
}
