import Foundation

extension RecurrenceRule {
  /// The phrases ``init(phrase:)`` understands, for help texts and error messages.
  public static let phraseExamples = [
    "every day", "every weekday", "every week on mon,thu", "every 2 weeks", "every 3 days",
    "monthly on the 15th", "every month on the last day", "every year",
  ]

  /// Reads a repeat as a person types it on the command line: "every day", "daily", "every
  /// weekday", "every week", "weekly on mon,thu", "every week on mon,thu", "every monday",
  /// "every 2 weeks", "every other week", "every 3 days", "every month", "monthly on the
  /// 15th", "every month on day 15", "every month on the last day", "every year", "yearly",
  /// optionally ended by "until 2027-03-01" (inclusive, to the end of that day in UTC), "10
  /// times" or "for 10 times". An RRULE (`FREQ=…`) is accepted too.
  ///
  /// - Parameter phrase: The words, in any case.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming what was not understood
  ///   and listing what works.
  public init(phrase: String) throws {
    let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
    let upper = trimmed.uppercased()
    if upper.hasPrefix("FREQ=") || upper.hasPrefix("RRULE:") {
      try self.init(rrule: trimmed)
      return
    }
    var words = trimmed.lowercased().replacingOccurrences(of: ",", with: " ")
      .split(whereSeparator: \.isWhitespace).map(String.init)
    let end = try Self.phraseEnd(&words, phrase: trimmed)
    guard var rule = Self.phraseRule(words) else { throw Self.unknownPhrase(trimmed) }
    rule.end = end
    self = rule
  }

  // MARK: - Endings

  /// Takes "until DATE", "N times" or "for N times" off the end of `words`.
  private static func phraseEnd(_ words: inout [String], phrase: String) throws -> End {
    if let last = words.last, ["times", "time"].contains(last), words.count >= 2 {
      let number = words[words.count - 2]
      guard let count = Self.number(number), count >= 1, count <= maximumCount else {
        throw invalid(
          "The repeat '\(phrase)' ends after '\(number)' times; give a whole number from 1 to \(maximumCount)."
        )
      }
      words.removeLast(2)
      if words.last == "for" { words.removeLast() }
      return .count(count)
    }
    if words.count >= 2, ["until", "till", "through"].contains(words[words.count - 2]) {
      let text = words.removeLast()
      words.removeLast()
      guard let date = Self.isoDay(text) else {
        throw invalid("The repeat's end date '\(text)' is not a date such as 2027-03-01.")
      }
      return .until(date)
    }
    return .never
  }

  /// "2027-03-01" as the last second of that day in UTC.
  private static func isoDay(_ text: String) -> Date? {
    let pieces = text.split(separator: "-", omittingEmptySubsequences: false)
    guard pieces.count == 3, pieces[0].count == 4, pieces[1].count == 2, pieces[2].count == 2,
      let year = Int(pieces[0]), let month = Int(pieces[1]), let day = Int(pieces[2]),
      (1...12).contains(month), (1...CivilDay.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = CivilDay(year: year, month: month, day: day).number
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + 86_399))
  }

  // MARK: - Periods

  /// The rule the words (without their ending) describe, or nil.
  private static func phraseRule(_ words: [String]) -> RecurrenceRule? {
    switch words {
    case ["daily"]: return RecurrenceRule(frequency: .daily)
    case ["weekdays"], ["every", "weekday"], ["every", "workday"], ["on", "weekdays"]:
      return RecurrenceRule(frequency: .weekly, weekdays: workWeek)
    case ["every", "weekend"], ["weekends"], ["on", "weekends"]:
      return RecurrenceRule(frequency: .weekly, weekdays: [.sa, .su])
    case ["yearly"], ["annually"]: return RecurrenceRule(frequency: .yearly)
    default: break
    }
    var rest = words[...]
    var frequency: Frequency
    var interval = 1
    if let first = rest.first, let period = periods[first] {
      // "weekly", "monthly" and their friends, with an "on …" after them.
      frequency = period
      rest = rest.dropFirst()
    } else {
      guard rest.first == "every" else { return nil }
      rest = rest.dropFirst()
      var saidOther = false
      if let word = rest.first, let n = number(word) {
        guard n >= 1, n <= maximumInterval else { return nil }
        interval = n
        saidOther = word == "other"
        rest = rest.dropFirst()
      }
      guard let word = rest.first else { return nil }
      // "every 2 weeks", "every other week", "every week", not "every 2 week".
      if let unit = units[word], unit.plural == (interval != 1 && !saidOther) {
        frequency = unit.frequency
        rest = rest.dropFirst()
      } else if interval == 1, let days = weekdays(rest), !days.isEmpty {
        // "every monday and thursday"
        return RecurrenceRule(frequency: .weekly, weekdays: days)
      } else {
        return nil
      }
    }
    var rule = RecurrenceRule(frequency: frequency, interval: interval)
    guard !rest.isEmpty else { return rule }
    guard rest.first == "on" else { return nil }
    rest = rest.dropFirst()
    switch frequency {
    case .weekly:
      if Array(rest) == ["weekdays"] {
        rule.weekdays = workWeek
      } else {
        guard let days = weekdays(rest), !days.isEmpty else { return nil }
        rule.weekdays = days
      }
    case .monthly:
      guard let day = monthDay(rest) else { return nil }
      rule.monthDay = day
    case .daily, .yearly:
      return nil
    }
    return rule
  }

  /// "weekly", "monthly"… to their frequency.
  private static let periods: [String: Frequency] = ["weekly": .weekly, "monthly": .monthly]

  /// "day", "weeks"… to their frequency and whether the word is plural.
  private static let units: [String: (frequency: Frequency, plural: Bool)] = [
    "day": (.daily, false), "days": (.daily, true), "week": (.weekly, false),
    "weeks": (.weekly, true), "month": (.monthly, false), "months": (.monthly, true),
    "year": (.yearly, false), "years": (.yearly, true),
  ]

  /// A number as digits or a word up to twelve ("other" is two, as in "every other week").
  private static func number(_ word: String) -> Int? {
    if word.allSatisfy(\.isASCII), let n = Int(word) { return n }
    let words = [
      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
      "twelve",
    ]
    if word == "other" { return 2 }
    return words.firstIndex(of: word).map { $0 + 1 }
  }

  /// "mon thu", "monday and thursday", "mo th", "mondays" to weekdays; nil if a word is not
  /// a day.
  private static func weekdays(_ words: ArraySlice<String>) -> [Weekday]? {
    var days: [Weekday] = []
    for word in words where word != "and" && word != "&" {
      guard let day = weekday(word) else { return nil }
      days.append(day)
    }
    return Weekday.allCases.filter(days.contains)
  }

  private static func weekday(_ word: String) -> Weekday? {
    let word = word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
    let names: [(Weekday, [String])] = [
      (.mo, ["mo", "mon", "monday"]), (.tu, ["tu", "tue", "tues", "tuesday"]),
      (.we, ["we", "wed", "wednesday"]), (.th, ["th", "thu", "thur", "thurs", "thursday"]),
      (.fr, ["fr", "fri", "friday"]), (.sa, ["sa", "sat", "saturday"]),
      (.su, ["su", "sun", "sunday"]),
    ]
    return names.first { $0.1.contains(word) }?.0
  }

  /// "the 15th", "day 15", "the last day", "the 1st day" to 1…31 or -1.
  private static func monthDay(_ words: ArraySlice<String>) -> Int? {
    let meaningful = words.filter { !["the", "day", "of", "month", "each"].contains($0) }
    guard meaningful.count == 1, let word = meaningful.first else { return nil }
    if word == "last" || word == "-1" { return -1 }
    var digits = word
    for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
      digits.removeLast(2)
    }
    guard digits.allSatisfy(\.isASCII), let day = Int(digits), (1...31).contains(day) else {
      return nil
    }
    return day
  }

  private static func unknownPhrase(_ phrase: String) -> ChecklistsError {
    let examples = phraseExamples.map { "'\($0)'" }.joined(separator: ", ")
    return ChecklistsError(
      .invalidInput, "Unknown repeat '\(phrase)'.",
      suggestion:
        "Try \(examples), or an RRULE such as 'FREQ=WEEKLY;BYDAY=MO,TH'; end it with 'until 2027-03-01' or '10 times'."
    )
  }
}
