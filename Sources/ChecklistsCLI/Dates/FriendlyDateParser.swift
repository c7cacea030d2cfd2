import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Reads the dates people type on the command line.
///
/// Its words ("tomorrow", "next", "pm", "minutes") are English's ``DateWords`` (`moment` and
/// `weekdays` in the catalogue's `en.dates.json`); the forms below name them as they are there.
/// Input is case-insensitive and surrounding white space is ignored. Everything is read in
/// ``timeZone`` unless the text carries its own offset (`Z`, `+01:00`, `-0500`, `+01`).
///
/// Accepted forms:
/// - `now`.
/// - ISO 8601: `2026-12-24T18:00:00Z`, `2026-12-24T18:00:00+01:00`, `2026-12-24T18:00:00.250Z`,
///   `2026-12-24T18:00` (local time) and `2026-12-24` (local **midnight**, 00:00).
/// - A date and a time: `2026-12-24 18:00`, `2026-12-24 18:00:30`, `2026-12-24 6pm`,
///   `2026-12-24 6:30pm`, `2026-12-24 at 18:00`. An offset may follow the time
///   (`2026-12-24 18:00Z`).
/// - `today`, `tomorrow`, `yesterday`, alone (meaning **09:00** local) or with a time:
///   `tomorrow 9:00`, `tomorrow 9am`, `today at 17:30`.
/// - A weekday, full or short (`monday`, `mon`, `tue`, `tues`, `thu`, `thurs`, …), optionally
///   after `next` and optionally with a time: the next such day strictly after today, so `friday`
///   said on a Friday means a week later. Alone it means **09:00** local.
/// - A bare time (`18:00`, `6pm`, `6:30 pm`, `at 18:00`): today at that time if that is still
///   later than ``now``, otherwise tomorrow at that time.
/// - Relative: `in 10 minutes`, `in 2 hours`, `in 3 days`, `in 1 week`, with the units
///   `m`/`min`/`mins`/`minute`/`minutes`, `h`/`hr`/`hrs`/`hour`/`hours`, `d`/`day`/`days` and
///   `w`/`wk`/`wks`/`week`/`weeks`; the number may touch the unit (`in 10min`). Minutes and hours
///   are elapsed time; days and weeks keep the wall-clock time across daylight-saving changes.
///
/// Times are 24-hour (`H:MM`, `H:MM:SS`, fractional seconds allowed) or 12-hour with `am`/`pm`
/// (`6pm`, `6:30pm`, `12am` is midnight, `12pm` is noon). Days are checked against the
/// Gregorian calendar, so `2026-02-30`, `25:00` and `9:75` are rejected.
///
/// Daylight saving: a local time that does not exist (skipped when clocks go forward, such as
/// 02:30 on 2026-03-29 in Berlin) moves forward by the length of the gap (03:30); a local time
/// that happens twice (when clocks go back) means the first of the two.
public struct FriendlyDateParser: Sendable {
  /// The time zone that local dates and times are read in.
  public var timeZone: TimeZone
  /// The moment that `now`, `today`, bare times, weekdays and relative dates count from.
  public var now: Date

  /// Creates a parser that reads dates relative to `now` in `timeZone`.
  public init(now: Date = Date(), timeZone: TimeZone = .current) {
    self.now = now
    self.timeZone = timeZone
  }

  /// Reads `text` as a moment in time.
  ///
  /// - Throws: ``ChecklistsError`` with code `invalidInput` whose message quotes the input, such as
  ///   "Could not understand the date 'xyz'. Try "tomorrow 9:00", "2026-12-24 18:00" or an
  ///   ISO 8601 date such as 2026-12-24T18:00:00Z."
  public func parse(_ text: String) throws -> Date {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let date = interpret(trimmed.lowercased()) else {
      throw ChecklistsError(
        .invalidInput, MessageCatalogue.english.text("errors.date.unknown", ["date": trimmed]))
    }
    return date
  }
}

// MARK: - Grammar

extension FriendlyDateParser {
  /// A calendar day, with no time zone attached.
  private struct Day {
    var year: Int
    var month: Int
    var day: Int
  }

  /// A time of day, possibly with an explicit offset from UTC.
  private struct TimeOfDay {
    var hour: Int
    var minute: Int
    var second: Int = 0
    /// Fractional seconds, in 0..<1.
    var fraction: Double = 0
    /// Seconds east of UTC, when the text named an offset.
    var utcOffset: Int?
  }

  /// The time `today`, `tomorrow`, `yesterday` and weekdays mean when no time is given.
  private static let defaultTime = TimeOfDay(hour: 9, minute: 0)
  /// The time a bare `YYYY-MM-DD` means.
  private static let midnight = TimeOfDay(hour: 0, minute: 0)

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }

  /// The words of a moment.
  private static var words: DateWords.Moment { DateWords.english.moment }

  /// Returns the date `text` (trimmed and lowercased) names, or `nil` if it names none.
  private func interpret(_ text: String) -> Date? {
    let said = Self.words
    var tokens = Self.tokenize(text)
    guard !tokens.isEmpty else { return nil }
    if tokens.count == 1, said.now.contains(tokens[0]) { return now }
    if said.in.contains(tokens[0]) {
      return relative(tokens.dropFirst().joined())
    }

    // ISO 8601 `YYYY-MM-DDThh:mm…` is one token: split it into a day and a strict 24-hour time.
    var strictTime = false
    if tokens.count == 1, let separator = tokens[0].firstIndex(of: "t"),
      Self.parseDay(String(tokens[0][..<separator])) != nil
    {
      let token = tokens[0]
      tokens = [String(token[..<separator]), String(token[token.index(after: separator)...])]
      strictTime = true
    }

    var rest = tokens[...]
    var day: Day?
    var defaultTime = Self.defaultTime
    var allowsOffset = false
    if let explicit = Self.parseDay(rest[rest.startIndex]) {
      day = explicit
      defaultTime = Self.midnight
      allowsOffset = true
      rest = rest.dropFirst()
    } else if let offset = said.relativeDays[rest[rest.startIndex]] {
      day = self.day(addingDays: offset)
      rest = rest.dropFirst()
    } else {
      let saidNext = rest.first.map(said.next.contains) == true
      if saidNext { rest = rest.dropFirst() }
      if let name = rest.first, let weekday = Self.weekday(name) {
        day = nextDay(withWeekday: weekday)
        rest = rest.dropFirst()
      } else if saidNext {
        return nil
      }
    }
    guard let day else {
      // A bare time, possibly after "at".
      if rest.first.map(said.at.contains) == true { rest = rest.dropFirst() }
      guard rest.count == 1, let time = Self.parseTime(rest[rest.startIndex], strict: false),
        time.utcOffset == nil
      else { return nil }
      return nextOccurrence(of: time)
    }

    if rest.first.map(said.at.contains) == true {
      rest = rest.dropFirst()
      guard !rest.isEmpty else { return nil }
    }
    switch rest.count {
    case 0:
      return date(on: day, at: defaultTime)
    case 1:
      guard let time = Self.parseTime(rest[rest.startIndex], strict: strictTime),
        allowsOffset || time.utcOffset == nil
      else { return nil }
      return date(on: day, at: time)
    default:
      return nil
    }
  }

  /// Splits on white space and joins a detached `am`/`pm` to the time before it (`6 pm` → `6pm`).
  private static func tokenize(_ text: String) -> [String] {
    let meridiems = words.am + words.pm
    var tokens: [String] = []
    for part in text.split(whereSeparator: { $0.isWhitespace }) {
      let token = String(part)
      if meridiems.contains(token), let last = tokens.last, last.last?.isNumber == true {
        tokens[tokens.count - 1] = last + token
      } else {
        tokens.append(token)
      }
    }
    return tokens
  }

  /// The weekday a name says, as `Calendar` numbers them (1 is Sunday, 2 Monday).
  private static func weekday(_ name: String) -> Int? {
    let days = RecurrenceRule.Weekday.allCases  // Monday first
    guard
      let index = days.firstIndex(where: { DateWords.english.weekdays[$0]?.contains(name) == true })
    else { return nil }
    return (index + 1) % 7 + 1
  }

  // MARK: Pieces

  /// Reads `YYYY-MM-DD` (one- or two-digit month and day allowed) and checks the day exists.
  private static func parseDay(_ token: String) -> Day? {
    guard let match = token.wholeMatch(of: /(\d{4})-(\d{1,2})-(\d{1,2})/),
      let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
      year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
    else { return nil }
    return Day(year: year, month: month, day: day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11:
      return 30
    default:
      return 31
    }
  }

  /// Reads `H:MM`, `H:MM:SS(.fff)`, `Ham`, `H:MMpm`, each optionally followed by `z` or an offset.
  ///
  /// `strict` is the ISO 8601 time after `T`: 24-hour with minutes, no `am`/`pm`.
  private static func parseTime(_ token: String, strict: Bool) -> TimeOfDay? {
    // Built for each time read: a `Regex` of run-time syntax is not `Sendable`, and a date is
    // read a few times per command at most.
    guard let pattern = try? Regex(timePattern), let match = token.wholeMatch(of: pattern),
      let digits = match.output[1].substring, var hour = Int(digits)
    else { return nil }
    let minute = match.output[2].substring.flatMap { Int($0) } ?? 0
    let second = match.output[3].substring.flatMap { Int($0) } ?? 0
    guard minute <= 59, second <= 59 else { return nil }

    if let meridiem = match.output[5].substring.map(String.init) {
      guard !strict, (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (words.pm.contains(meridiem) ? 12 : 0)
    } else {
      // Without am/pm a time needs its minutes: a lone "18" is not a time.
      guard match.output[2].substring != nil, hour <= 23 else { return nil }
    }

    var time = TimeOfDay(hour: hour, minute: minute, second: second)
    if let digits = match.output[4].substring, let fraction = Double("0.\(digits)") {
      time.fraction = fraction
    }
    if let zone = match.output[6].substring {
      guard let offset = utcOffset(String(zone)) else { return nil }
      time.utcOffset = offset
    }
    return time
  }

  /// A time's pattern: hours, minutes, seconds, a fraction, `am`/`pm` (the words of
  /// ``DateWords``), an offset; groups 1 to 6.
  private static let timePattern: String = {
    let meridiems = (words.am + words.pm).sorted { $0.count > $1.count }
      .map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
    return #"(\d{1,2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?("#
      + meridiems + #")?(z|[+-]\d{2}(?::?\d{2})?)?"#
  }()

  /// Reads `z`, `+HH`, `+HHMM` or `+HH:MM` (or with `-`) as seconds east of UTC.
  private static func utcOffset(_ zone: String) -> Int? {
    if zone == "z" { return 0 }
    let sign = zone.hasPrefix("-") ? -1 : 1
    let digits = zone.dropFirst().filter(\.isNumber)
    guard let hours = Int(digits.prefix(2)), hours <= 23 else { return nil }
    let minutes = digits.count > 2 ? Int(digits.dropFirst(2)) : 0
    guard let minutes, minutes <= 59 else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// Reads `10 minutes`, `2h`, `3 days`, `1 week` (joined, without white space) as a moment after
  /// ``now``.
  private func relative(_ amountAndUnit: String) -> Date? {
    guard let match = amountAndUnit.wholeMatch(of: /(\d{1,7})(\p{L}+)/),
      let amount = Int(match.1)
    else { return nil }
    let unit = String(match.2)
    let units = Self.words.units
    if units["minute"]?.contains(unit) == true {
      return now.addingTimeInterval(TimeInterval(amount) * 60)
    } else if units["hour"]?.contains(unit) == true {
      return now.addingTimeInterval(TimeInterval(amount) * 3600)
    } else if units["day"]?.contains(unit) == true {
      return calendar.date(byAdding: .day, value: amount, to: now)
    } else if units["week"]?.contains(unit) == true {
      return calendar.date(byAdding: .day, value: amount * 7, to: now)
    }
    return nil
  }

  // MARK: Calendar arithmetic

  /// Today's calendar day (in ``timeZone``) moved by `days`.
  private func day(addingDays days: Int) -> Day? {
    let calendar = self.calendar
    // Noon is never inside a daylight-saving gap, so adding whole days from it is safe.
    let today = calendar.dateComponents([.year, .month, .day], from: now)
    guard
      let noon = calendar.date(
        from: DateComponents(year: today.year, month: today.month, day: today.day, hour: 12)),
      let moved = calendar.date(byAdding: .day, value: days, to: noon)
    else { return nil }
    let parts = calendar.dateComponents([.year, .month, .day], from: moved)
    guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
    return Day(year: year, month: month, day: day)
  }

  /// The first day after today (1 to 7 days later) whose weekday is `weekday` (1 is Sunday).
  private func nextDay(withWeekday weekday: Int) -> Day? {
    let today = calendar.component(.weekday, from: now)
    let distance = (weekday - today + 7) % 7
    return day(addingDays: distance == 0 ? 7 : distance)
  }

  /// Today at `time` if that is still after ``now``, else tomorrow at `time`.
  private func nextOccurrence(of time: TimeOfDay) -> Date? {
    guard let today = day(addingDays: 0), let candidate = date(on: today, at: time) else {
      return nil
    }
    if candidate > now { return candidate }
    guard let tomorrow = day(addingDays: 1) else { return nil }
    return date(on: tomorrow, at: time)
  }

  /// The moment `time` on `day`, in the time's own offset or else in ``timeZone``.
  private func date(on day: Day, at time: TimeOfDay) -> Date? {
    var calendar = self.calendar
    if let offset = time.utcOffset {
      guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
      calendar.timeZone = zone
    }
    let components = DateComponents(
      year: day.year, month: day.month, day: day.day,
      hour: time.hour, minute: time.minute, second: time.second)
    return calendar.date(from: components)?.addingTimeInterval(time.fraction)
  }
}
