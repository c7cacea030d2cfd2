import Foundation

extension RecurrenceRule {
  /// The most periods an `INTERVAL` may span.
  public static let maximumInterval = 1_000
  /// The most occurrences a `COUNT` may ask for.
  public static let maximumCount = 10_000

  /// Parses an iCalendar RRULE value (RFC 5545 §3.3.10) within the supported subset, such as
  /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=10`.
  ///
  /// Part names and values ignore case, an `RRULE:` prefix is allowed, and `WKST` is
  /// accepted when it does not change the occurrences (it does only for a weekly rule on
  /// several days every 2 or more weeks, where only `WKST=MO` is supported).
  ///
  /// - Parameter rrule: The rule's text.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the part that is missing,
  ///   malformed or outside the subset.
  public init(rrule: String) throws {
    var text = rrule.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.uppercased().hasPrefix("RRULE:") { text.removeFirst("RRULE:".count) }
    guard !text.isEmpty else { throw Self.invalid("A repeat rule cannot be empty.") }
    var parts: [String: String] = [:]
    var order: [String] = []
    for piece in text.split(separator: ";", omittingEmptySubsequences: false) {
      let piece = piece.trimmingCharacters(in: .whitespaces)
      if piece.isEmpty { continue }
      guard let equals = piece.firstIndex(of: "="), equals != piece.startIndex else {
        throw Self.invalid(
          "The repeat rule's part '\(piece)' is not NAME=VALUE (such as FREQ=WEEKLY).")
      }
      let name = piece[..<equals].uppercased()
      let value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard !value.isEmpty else { throw Self.invalid("The repeat rule's '\(name)' has no value.") }
      guard parts[name] == nil else {
        throw Self.invalid("The repeat rule gives '\(name)' more than once.")
      }
      parts[name] = value.uppercased()
      order.append(name)
    }
    for name in order where !Self.supportedParts.contains(name) {
      throw Self.unsupported("'\(name)'")
    }
    guard let freq = parts["FREQ"] else {
      throw Self.invalid("A repeat rule needs a FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).")
    }
    guard let frequency = Frequency(rawValue: freq.lowercased()) else {
      throw Self.unsupported("'FREQ=\(freq)'", else: "use DAILY, WEEKLY, MONTHLY or YEARLY.")
    }
    let interval =
      try parts["INTERVAL"].map {
        try Self.integer($0, part: "INTERVAL", in: 1...Self.maximumInterval)
      } ?? 1
    var weekdays: [Weekday] = []
    if let byday = parts["BYDAY"] {
      guard frequency == .weekly else {
        throw Self.unsupported(
          "'BYDAY' with FREQ=\(freq)", else: "weekdays go with FREQ=WEEKLY only.")
      }
      for code in byday.split(separator: ",", omittingEmptySubsequences: false) {
        guard let weekday = Weekday(rawValue: code.lowercased()) else {
          throw Self.unsupported(
            "'BYDAY=\(byday)'", else: "use plain weekdays such as MO,TH (no 1MO or -1FR).")
        }
        weekdays.append(weekday)
      }
    }
    var monthDay: Int?
    if let bymonthday = parts["BYMONTHDAY"] {
      guard frequency == .monthly else {
        throw Self.unsupported(
          "'BYMONTHDAY' with FREQ=\(freq)", else: "a day of the month goes with FREQ=MONTHLY only.")
      }
      guard let day = Int(bymonthday), (1...31).contains(day) || day == -1 else {
        throw Self.unsupported(
          "'BYMONTHDAY=\(bymonthday)'", else: "use one day, 1 to 31, or -1 for the last day.")
      }
      monthDay = day
    }
    if let wkst = parts["WKST"] {
      guard Weekday(rawValue: wkst.lowercased()) != nil else {
        throw Self.invalid("The repeat rule's 'WKST=\(wkst)' is not a weekday such as MO.")
      }
      if wkst != "MO" && frequency == .weekly && interval > 1 && weekdays.count > 1 {
        throw Self.unsupported("'WKST=\(wkst)'", else: "weeks start on Monday (WKST=MO).")
      }
    }
    var end = End.never
    switch (parts["UNTIL"], parts["COUNT"]) {
    case (.some, .some):
      throw Self.invalid("A repeat rule has UNTIL or COUNT, not both (RFC 5545).")
    case (let until?, nil):
      end = .until(try Self.untilDate(until))
    case (nil, let count?):
      end = .count(try Self.integer(count, part: "COUNT", in: 1...Self.maximumCount))
    case (nil, nil):
      break
    }
    self.init(
      frequency: frequency, interval: interval, weekdays: weekdays, monthDay: monthDay, end: end)
  }

  /// The rule as a canonical RRULE value: `FREQ` first, then `INTERVAL` (when not 1),
  /// `BYDAY` (Monday first), `BYMONTHDAY`, and `UNTIL` (UTC, `yyyyMMddTHHmmssZ`) or `COUNT`.
  public var rrule: String {
    var parts = ["FREQ=\(frequency.rawValue.uppercased())"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if !weekdays.isEmpty {
      let days = Weekday.allCases.filter(weekdays.contains)
      parts.append("BYDAY=" + days.map { $0.rawValue.uppercased() }.joined(separator: ","))
    }
    if let monthDay { parts.append("BYMONTHDAY=\(monthDay)") }
    switch end {
    case .never: break
    case .until(let date): parts.append("UNTIL=\(Self.utcStamp(date))")
    case .count(let count): parts.append("COUNT=\(count)")
    }
    return parts.joined(separator: ";")
  }

  // MARK: - Parts

  private static let supportedParts: Set<String> = [
    "FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "UNTIL", "COUNT", "WKST",
  ]

  /// The sentence every refusal of a part outside the subset ends with.
  static let supportedSummary =
    "supported are FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, BYDAY (weekly), BYMONTHDAY (monthly), UNTIL and COUNT."

  static func invalid(_ message: String) -> ChecklistsError { ChecklistsError.invalid(message) }

  private static func unsupported(_ part: String, else hint: String? = nil) -> ChecklistsError {
    invalid("The repeat rule's \(part) is not supported; \(hint ?? supportedSummary)")
  }

  private static func integer(_ text: String, part: String, in range: ClosedRange<Int>) throws
    -> Int
  {
    guard text.allSatisfy(\.isASCII), let value = Int(text), range.contains(value) else {
      throw invalid(
        "The repeat rule's '\(part)=\(text)' must be a whole number from \(range.lowerBound) to \(range.upperBound)."
      )
    }
    return value
  }

  /// `UNTIL` as a date-time in UTC (`20270301T235959Z`), a floating date-time (read as UTC),
  /// or a date (`20270301`, meaning the end of that day in UTC).
  private static func untilDate(_ text: String) throws -> Date {
    let digits = text.filter { $0.isASCII && $0.isNumber }
    let shapes = [
      text.count == 8 && digits.count == 8,
      text.count == 15 && digits.count == 14 && text.dropFirst(8).first == "T",
      text.count == 16 && digits.count == 14 && text.dropFirst(8).first == "T"
        && text.last == "Z",
    ]
    guard shapes.contains(true) else {
      throw invalid(
        "The repeat rule's 'UNTIL=\(text)' is not a date such as 20270301 or 20270301T235959Z.")
    }
    let numbers = digits.compactMap { $0.wholeNumberValue }
    func number(_ range: Range<Int>) -> Int { numbers[range].reduce(0) { $0 * 10 + $1 } }
    let (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
    let (hour, minute, second) =
      digits.count == 8 ? (23, 59, 59) : (number(8..<10), number(10..<12), number(12..<14))
    guard (1...12).contains(month), (1...CivilDay.daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 61
    else {
      throw invalid("The repeat rule's 'UNTIL=\(text)' is not a real date and time.")
    }
    let days = CivilDay(year: year, month: month, day: day).number
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// `date` as `yyyyMMddTHHmmssZ`, whole seconds, in UTC.
  static func utcStamp(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let day = CivilDay(number: Int((Double(seconds) / 86_400).rounded(.down)))
    let within = seconds - day.number * 86_400
    let (y, m, d) = day.components
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let year = String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y)
    return
      "\(year)\(two(m))\(two(d))T\(two(within / 3600))\(two(within / 60 % 60))\(two(within % 60))Z"
  }
}
