import Foundation

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5) with the form it was written in: a
/// date (`VALUE=DATE`), a UTC time (`...Z`), a floating local time, or a local time in a
/// named zone (`TZID=Europe/Berlin`).
public struct ICalDateTime: Hashable, Sendable {
  /// How a DATE-TIME's wall-clock time is tied to a moment.
  public enum Zone: Hashable, Sendable {
    /// No zone: the same wall-clock time wherever the reader is.
    case floating
    /// Coordinated Universal Time (`Z`).
    case utc
    /// Local time in the zone the `TZID` parameter names.
    case tzid(String)
  }

  /// The year, such as 2025.
  public var year: Int
  /// The month, 1...12.
  public var month: Int
  /// The day of the month, 1...31.
  public var day: Int
  /// The hour, 0...23 (0 for a date).
  public var hour: Int
  /// The minute, 0...59.
  public var minute: Int
  /// The second, 0...60 (60 for a leap second, read as 59).
  public var second: Int
  /// A date without a time (`VALUE=DATE`): hour, minute and second are 0.
  public var isDate: Bool
  /// The zone of a date-time; `.floating` for a date.
  public var zone: Zone

  /// Creates a value from its parts.
  public init(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
    isDate: Bool = false, zone: Zone = .utc
  ) {
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = isDate ? (0, 0, 0) : (hour, minute, second)
    self.isDate = isDate
    self.zone = isDate ? .floating : zone
  }

  /// Reads a date or date-time property (`DUE`, `DTSTART`, `COMPLETED`, a `TRIGGER` with
  /// `VALUE=DATE-TIME`, ...) from its value and its `VALUE` and `TZID` parameters.
  ///
  /// - Throws: ``ICalendarError`` naming the property when the value is neither
  ///   `yyyyMMdd` nor `yyyyMMddTHHmmss[Z]`, or is not a real date and time.
  public init(property: ICalProperty) throws(ICalendarError) {
    let value = property.value
    let digits = Array(value.utf8)
    func number(_ range: Range<Int>) -> Int {
      digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    func allDigits(_ range: Range<Int>) -> Bool {
      digits[range].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
    let wantsDate = property.parameter("VALUE")?.uppercased() == "DATE"
    if digits.count == 8, allDigits(0..<8) {
      self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8), isDate: true)
    } else if !wantsDate, digits.count == 15 || digits.count == 16, allDigits(0..<8),
      digits[8] == UInt8(ascii: "T"), allDigits(9..<15),
      digits.count == 15 || digits[15] == UInt8(ascii: "Z")
    {
      let zone: Zone =
        digits.count == 16 ? .utc : property.parameter("TZID").map { .tzid($0) } ?? .floating
      self.init(
        year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(9..<11),
        minute: number(11..<13), second: number(13..<15), zone: zone)
    } else {
      throw ICalendarError(
        "\(property.name) '\(value)' is not a \(wantsDate ? "DATE such as 20270301" : "DATE-TIME such as 20270301T090000Z or a DATE such as 20270301")."
      )
    }
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
      hour < 24, minute < 60, second <= 60
    else {
      throw ICalendarError("\(property.name) '\(value)' is not a real date and time.")
    }
  }

  /// The value as written: `yyyyMMdd`, `yyyyMMddTHHmmss` or `yyyyMMddTHHmmssZ`.
  public var value: String {
    func pad(_ number: Int, _ width: Int) -> String {
      let text = String(number)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    let date = pad(year, 4) + pad(month, 2) + pad(day, 2)
    if isDate { return date }
    let time = "T" + pad(hour, 2) + pad(minute, 2) + pad(second, 2)
    return date + time + (zone == .utc ? "Z" : "")
  }

  /// The parameters the value needs: `VALUE=DATE` for a date, `TZID` for a zoned time.
  public var parameters: [ICalParameter] {
    if isDate { return [ICalParameter(name: "VALUE", value: "DATE")] }
    if case .tzid(let id) = zone { return [ICalParameter(name: "TZID", value: id)] }
    return []
  }

  /// A property called `name` holding this value, with `VALUE`/`TZID` parameters as needed.
  public func property(_ name: String) -> ICalProperty {
    ICalProperty(name: name, parameters: parameters, value: value)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
