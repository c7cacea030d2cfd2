import ChecklistsMessages
import Foundation

extension RecurrenceRule {
  /// The phrases ``init(phrase:)`` understands, for help texts and error messages.
  public static var phraseExamples: [String] { words.examples }

  /// The words a repeat is said in (`repeat` in `en.dates.json`).
  private static var words: DateWords.Repeat { DateWords.english.repeats }

  /// Reads a repeat as a person types it on the command line: "every day", "daily", "every
  /// weekday", "every week", "weekly on mon,thu", "every week on mon,thu", "every monday",
  /// "every 2 weeks", "every other week", "every 3 days", "every month", "monthly on the
  /// 15th", "every month on day 15", "every month on the last day", "every year", "yearly",
  /// optionally ended by "until 2027-03-01" (inclusive, to the end of that day in UTC), "10
  /// times" or "for 10 times". An RRULE (`FREQ=…`) is accepted too. The words come from
  /// ``DateWords``.
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
    let said = Self.words.end
    if let last = words.last, said.times.contains(last), words.count >= 2 {
      let number = words[words.count - 2]
      guard let count = Self.number(number), count >= 1, count <= maximumCount else {
        throw invalid(
          MessageCatalogue.english.text(
            "errors.repeat.count",
            ["phrase": phrase, "number": number, "maximum": String(maximumCount)]))
      }
      words.removeLast(2)
      if let last = words.last, said.for.contains(last) { words.removeLast() }
      return .count(count)
    }
    if words.count >= 2, said.until.contains(words[words.count - 2]) {
      let text = words.removeLast()
      words.removeLast()
      guard let date = Self.isoDay(text) else {
        throw invalid(MessageCatalogue.english.text("errors.repeat.until", ["date": text]))
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
    let said = Self.words
    let phrase = words.joined(separator: " ")
    let fixed: [(String, RecurrenceRule)] = [
      ("daily", RecurrenceRule(frequency: .daily)),
      ("workWeek", RecurrenceRule(frequency: .weekly, weekdays: workWeek)),
      ("weekend", RecurrenceRule(frequency: .weekly, weekdays: [.sa, .su])),
      ("yearly", RecurrenceRule(frequency: .yearly)),
    ]
    for (name, rule) in fixed where said.phrases[name]?.contains(phrase) == true { return rule }
    var rest = words[...]
    var frequency: Frequency
    var interval = 1
    if let first = rest.first, let period = period(first) {
      // "weekly", "monthly" and their friends, with an "on …" after them.
      frequency = period
      rest = rest.dropFirst()
    } else {
      guard let first = rest.first, said.every.contains(first) else { return nil }
      rest = rest.dropFirst()
      var saidOther = false
      if let word = rest.first, let n = number(word) {
        guard n >= 1, n <= maximumInterval else { return nil }
        interval = n
        saidOther = said.other.contains(word)
        rest = rest.dropFirst()
      }
      guard let word = rest.first else { return nil }
      // "every 2 weeks", "every other week", "every week", not "every 2 week".
      if let unit = unit(word), unit.plural == (interval != 1 && !saidOther) {
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
    guard let on = rest.first, said.on.contains(on) else { return nil }
    rest = rest.dropFirst()
    switch frequency {
    case .weekly:
      if rest.count == 1, let word = rest.first, said.workWeekAfterOn.contains(word) {
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
  private static func period(_ word: String) -> Frequency? {
    Frequency.allCases.first { words.periods[$0.rawValue]?.contains(word) == true }
  }

  /// "day", "weeks"… to their frequency and whether the word is plural.
  private static func unit(_ word: String) -> (frequency: Frequency, plural: Bool)? {
    for frequency in Frequency.allCases {
      guard let unit = words.units[frequency.rawValue] else { continue }
      if unit.singular.contains(word) { return (frequency, false) }
      if unit.plural.contains(word) { return (frequency, true) }
    }
    return nil
  }

  /// A number as digits or a word up to twelve ("other" is two, as in "every other week").
  private static func number(_ word: String) -> Int? {
    if word.allSatisfy(\.isASCII), let n = Int(word) { return n }
    if words.other.contains(word) { return 2 }
    return words.numbers.firstIndex(of: word).map { $0 + 1 }
  }

  /// "mon thu", "monday and thursday", "mo th", "mondays" to weekdays; nil if a word is not
  /// a day.
  private static func weekdays(_ words: ArraySlice<String>) -> [Weekday]? {
    var days: [Weekday] = []
    for word in words where !self.words.and.contains(word) {
      guard let day = weekday(word) else { return nil }
      days.append(day)
    }
    return Weekday.allCases.filter(days.contains)
  }

  private static func weekday(_ word: String) -> Weekday? {
    let ending = words.weekdayPluralEnding
    let word =
      !ending.isEmpty && word.hasSuffix(ending) && word.count > 3
      ? String(word.dropLast(ending.count)) : word
    let names = DateWords.english.weekdays
    return Weekday.allCases.first {
      words.weekdays[$0]?.contains(word) == true || names[$0]?.contains(word) == true
    }
  }

  /// "the 15th", "day 15", "the last day", "the 1st day" to 1…31 or -1.
  private static func monthDay(_ words: ArraySlice<String>) -> Int? {
    let said = self.words.monthDay
    let meaningful = words.filter { !said.ignored.contains($0) }
    guard meaningful.count == 1, let word = meaningful.first else { return nil }
    if said.last.contains(word) || word == "-1" { return -1 }
    var digits = word
    for suffix in said.ordinalEndings where digits.hasSuffix(suffix) {
      digits.removeLast(suffix.count)
    }
    guard digits.allSatisfy(\.isASCII), let day = Int(digits), (1...31).contains(day) else {
      return nil
    }
    return day
  }

  private static func unknownPhrase(_ phrase: String) -> ChecklistsError {
    let examples = phraseExamples.map { "'\($0)'" }.joined(separator: ", ")
    return ChecklistsError(
      .invalidInput, MessageCatalogue.english.text("errors.repeat.unknown", ["phrase": phrase]),
      suggestion: MessageCatalogue.english.text(
        "errors.repeat.unknownHint", ["examples": examples]))
  }
}
