import Foundation

/// ISO 8601 timestamps in UTC: exact ones for the JSON backup, millisecond ones for the API and
/// `--json`, and a reader for both that takes any offset.
///
/// Foundation's ISO 8601 formatters stop at milliseconds, so a date written with them comes back
/// slightly different, and they go through `Calendar`, which is slow for thousands of dates. This
/// computes the calendar fields with integer arithmetic.
public enum ISOTimestamp {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  private static let referenceOffset: Int64 = 978_307_200

  /// The date to the millisecond, `2026-12-24T17:00:00Z` or `2026-12-24T17:00:00.250Z`: the
  /// fraction only when it is not zero.
  ///
  /// Dates outside the years 0000 to 9999 are clamped to those years' ends.
  public static func milliseconds(_ date: Date) -> String {
    let interval = date.timeIntervalSinceReferenceDate
    let milliseconds =
      interval.isFinite
      ? min(max((interval * 1000).rounded(), -63_145_526_400_000), 252_423_993_599_999) : 0
    let millis = Int64(milliseconds)
    let seconds = (millis >= 0 ? millis / 1000 : (millis - 999) / 1000) + referenceOffset
    let fraction = Int(((millis % 1000) + 1000) % 1000)
    guard fraction != 0 else { return timestamp(seconds, fraction: nil) }
    let digits = String(fraction)
    return timestamp(
      seconds, fraction: Substring(String(repeating: "0", count: 3 - digits.count) + digits))
  }

  /// The date as an ISO 8601 timestamp in UTC that ``parse(_:)`` turns back into the same date.
  ///
  /// It has as many fraction digits as the date needs to come back equal, and at least three.
  /// - Returns: `nil` for a date outside the years 0000 to 9999, which ISO 8601 cannot write
  ///   without an agreed extension. (`Date.distantPast` falls in the year 0000.)
  public static func exact(_ date: Date) -> String? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, interval >= -63_145_526_400, interval < 252_423_993_600 else {
      return nil
    }
    let whole = interval.rounded(.down)
    let fraction = interval - whole  // exact: the fraction of a Double is a Double
    var text = ""
    for digits in [3, 6, 9] + Array(10...60) {
      var seconds = Int64(whole) + referenceOffset
      var decimals = String(format: "%.\(digits)f", fraction)
      if decimals.hasPrefix("1") {  // rounded up to the next second
        seconds += 1
        decimals = "0." + String(repeating: "0", count: digits)
      }
      text = timestamp(seconds, fraction: trimmed(decimals.dropFirst(2)))
      if parse(text) == date { return text }
    }
    return text
  }

  /// The date an ISO 8601 timestamp names, such as `2026-01-03T00:00:00Z` or
  /// `2026-01-03T01:00:00.250+01:00`, or `nil` when the text is not one.
  public static func parse(_ text: String) -> Date? {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2),
      scanner.skip("-"), let day = scanner.number(2), scanner.skip("T") || scanner.skip("t"),
      let hour = scanner.number(2), scanner.skip(":"), let minute = scanner.number(2),
      scanner.skip(":"), let second = scanner.number(2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = "0"
    if scanner.skip(".") {
      let digits = scanner.digits()
      guard !digits.isEmpty else { return nil }
      fraction = "0." + digits
    }
    var offset: Int64 = 0
    if !(scanner.skip("Z") || scanner.skip("z")) {
      let sign: Int64 = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : 0
      guard sign != 0, let hours = scanner.number(2), scanner.skip(":"),
        let minutes = scanner.number(2), hours < 24, minutes < 60
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.isAtEnd, let fractionValue = Double(fraction) else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset - referenceOffset
    return Date(timeIntervalSinceReferenceDate: Double(seconds) + fractionValue)
  }

  // MARK: - Calendar arithmetic (proleptic Gregorian, UTC)

  private static func timestamp(_ seconds: Int64, fraction: Substring?) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let (year, month, day) = civilFromDays(days)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60))"
      + ":\(two(time % 60))" + (fraction.map { ".\($0)" } ?? "") + "Z"
  }

  private static func trimmed(_ digits: Substring) -> Substring {
    var digits = digits
    while digits.count > 3, digits.last == "0" { digits = digits.dropLast() }
    return digits
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month) - 1]
  }

  /// Days from 1970-01-01 to a date (Howard Hinnant's `days_from_civil`).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Reads ASCII digits and punctuation from the front of a timestamp.
  private struct Scanner {
    var bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
      guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
      position += 1
      return true
    }

    mutating func number(_ width: Int) -> Int64? {
      guard position + width <= bytes.count else { return nil }
      let slice = bytes[position..<position + width]
      guard slice.allSatisfy({ (48...57).contains($0) }) else { return nil }
      position += width
      return slice.reduce(0) { $0 * 10 + Int64($1 - 48) }
    }

    mutating func digits() -> String {
      let start = position
      while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
      return String(decoding: bytes[start..<position], as: UTF8.self)
    }
  }
}
