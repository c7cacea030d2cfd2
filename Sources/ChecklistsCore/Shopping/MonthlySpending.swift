import Foundation

/// What was spent on trips in one calendar month, per currency.
public struct MonthlySpending: Hashable, Sendable {
  /// The year, such as 2026.
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The sum of the month's trips, one per currency by code; empty when nothing was spent.
  public var totals: [Price]

  /// Creates a month's spending.
  public init(year: Int, month: Int, totals: [Price]) {
    self.year = year
    self.month = month
    self.totals = totals
  }

  /// The month as the API names it: "2026-11".
  public var label: String {
    let digits = String(month)
    return "\(year)-\(digits.count < 2 ? "0" + digits : digits)"
  }

  /// The most months one question may cover: ten years.
  public static let maximumMonths = 120

  /// The first instant of the oldest of `count` months that end with the month of `now`.
  /// - Parameters:
  ///   - count: How many months, 1 to ``maximumMonths``.
  ///   - now: A date in the latest month.
  ///   - timeZone: Where the months begin and end.
  public static func start(ofMonths count: Int, endingAt now: Date, in timeZone: TimeZone)
    -> Date
  {
    let calendar = Self.calendar(timeZone)
    let thisMonth = calendar.dateInterval(of: .month, for: now)!.start
    return calendar.date(byAdding: .month, value: -(count - 1), to: thisMonth)!
  }

  /// Sums trips into calendar months: every one of the `count` months up to the month of
  /// `now` is present, oldest first, with empty totals where nothing was spent.
  /// - Parameters:
  ///   - trips: When each trip was finished and its totals; trips outside the months are left
  ///     out.
  ///   - count: How many months, 1 to ``maximumMonths``.
  ///   - now: A date in the latest month.
  ///   - timeZone: Where the months begin and end: a trip at 23:30 on 31 October in Berlin is
  ///     October's there, though it is November in UTC.
  /// - Complexity: O(*trips* + `count`).
  public static func months(
    of trips: [(finishedAt: Date, totals: [Price])], count: Int, endingAt now: Date,
    in timeZone: TimeZone
  ) -> [MonthlySpending] {
    precondition((1...maximumMonths).contains(count), "A month count out of range")
    let calendar = Self.calendar(timeZone)
    let first = start(ofMonths: count, endingAt: now, in: timeZone)
    var months: [MonthlySpending] = []
    var index: [Int: Int] = [:]
    for offset in 0..<count {
      let date = calendar.date(byAdding: .month, value: offset, to: first)!
      let parts = calendar.dateComponents([.year, .month], from: date)
      index[parts.year! * 12 + parts.month!] = months.count
      months.append(MonthlySpending(year: parts.year!, month: parts.month!, totals: []))
    }
    var sums = [[Price]](repeating: [], count: count)
    for trip in trips {
      let parts = calendar.dateComponents([.year, .month], from: trip.finishedAt)
      guard let slot = index[parts.year! * 12 + parts.month!] else { continue }
      sums[slot] += trip.totals
    }
    for slot in months.indices { months[slot].totals = Trip.totals(sums[slot]) }
    return months
  }

  private static func calendar(_ timeZone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}
