import ChecklistsCore
import Foundation

/// Trips as CSV for a spreadsheet: one row per line bought (RFC 4180: comma-separated, CRLF
/// line ends, fields with a comma, a quote or a line break in double quotes, quotes doubled).
///
/// Columns: date, list, shop, item, quantity, unit price, cost, currency. The date is the
/// local date and time of the finish ("2026-11-30 18:05"); amounts are exact decimals with all
/// the currency's digits ("1.99"); an unpriced line has empty price, cost and currency.
///
/// Safe to open in a spreadsheet: a cell that would start with `=`, `+`, `-`, `@`, a tab or a
/// carriage return (which a spreadsheet may run as a formula) starts with `'` instead (OWASP,
/// "CSV Injection").
public enum TripsCSV {
  /// The header row's names.
  public static let header = [
    "date", "list", "shop", "item", "quantity", "unit price", "cost", "currency",
  ]

  /// The CSV text of `trips`, with a header row.
  /// - Parameters:
  ///   - trips: The trips, in the order the rows should be in.
  ///   - timeZone: Where the dates are read.
  /// - Complexity: O(total lines).
  public static func text(_ trips: [Trip], timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    var rows = [header]
    for trip in trips {
      let date = localDate(trip.finishedAt, calendar: calendar)
      for line in trip.lines {
        rows.append([
          date, trip.listName, trip.shop?.name ?? "", line.name, String(line.quantity),
          line.unitPrice?.decimalString ?? "", line.cost?.decimalString ?? "",
          line.unitPrice?.currency.code ?? "",
        ])
      }
    }
    return rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
  }

  /// One cell, neutralised against formulas and quoted as RFC 4180 requires.
  public static func field(_ value: String) -> String {
    var value = value
    if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      value = "'" + value
    }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private static func localDate(_ date: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ number: Int?) -> String {
      let digits = String(number ?? 0)
      return digits.count < 2 ? "0" + digits : digits
    }
    return
      "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
  }
}
