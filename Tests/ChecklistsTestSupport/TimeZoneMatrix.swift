import Foundation

/// The time zones every date scenario runs in (issue 28): UTC, both Americas, Europe, a half
/// hour (Kolkata), a quarter hour off Australia's (Adelaide, with daylight saving in December),
/// the first (Kiritimati, +14) and last (Pago Pago, −11) places of a day, and Auckland across the
/// date line. A day due date must be the same day in each.
public enum TimeZoneMatrix {
  /// The zones' IANA names.
  public static let names = [
    "UTC", "America/New_York", "America/Los_Angeles", "America/Sao_Paulo", "Europe/Berlin",
    "Asia/Kolkata", "Asia/Tokyo", "Australia/Adelaide", "Pacific/Auckland",
    "Pacific/Kiritimati", "Pacific/Pago_Pago",
  ]

  /// The zone of a name of ``names``.
  public static func zone(_ name: String) -> TimeZone {
    guard let zone = TimeZone(identifier: name) else {
      preconditionFailure("the time zone database has no '\(name)'")
    }
    return zone
  }

  /// The calendar date of `date` in `zone`, by Foundation's Calendar: "2026-12-15".
  public static func day(of date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
  }
}
