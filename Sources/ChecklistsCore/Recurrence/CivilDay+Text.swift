import Foundation

extension CivilDay {
  /// The day of the years 1 to 9999 that ISO 8601 text names: exactly `YYYY-MM-DD`
  /// (`2026-12-15`), or nil for anything else, such as a day that does not exist.
  /// - Parameter text: The text.
  public init?(iso text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...9999).contains(year), (1...12).contains(month),
      (1...CivilDay.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day as ISO 8601 text, `2026-12-15` (a year outside 0…9999 is written as it is).
  public var iso: String {
    let (year, month, day) = components
    let digits = { (value: Int, width: Int) -> String in
      let text = String(abs(value))
      return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count))
        + text
    }
    return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
  }

  /// The day it is in `timeZone` at `date`.
  /// - Parameters:
  ///   - date: The moment.
  ///   - timeZone: Where the day is seen.
  public init(_ date: Date, in timeZone: TimeZone) {
    let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
    self.init(number: Int((local / 86_400).rounded(.down)))
  }

  /// The moment the day starts in UTC: what a day was stored and sent as before due days
  /// existed (iCalendar's `VALUE=DATE` read as midnight UTC).
  public var startInUTC: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }
}

extension CivilDay: CustomStringConvertible {
  /// The day as ISO 8601 text (``iso``).
  public var description: String { iso }
}

extension CivilDay: Codable {
  /// Reads the day from its ISO 8601 text.
  /// - Throws: `DecodingError.dataCorrupted` for text that is not a day of the years 1 to 9999.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = CivilDay(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Not a day such as 2026-12-15: '\(text.prefix(40))'")
    }
    self = day
  }

  /// Writes the day as its ISO 8601 text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
