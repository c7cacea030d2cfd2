import ChecklistsMessages
import Foundation

extension RecurrenceRule {
  /// The rule in plain English: "Every day", "Every weekday", "Every 2 weeks on Monday and
  /// Thursday", "Monthly on day 15", "Every year, 10 times", "Every week, until 1 Mar 2027".
  ///
  /// An `UNTIL` date is shown as its day in UTC, as it is stored.
  public var description: String {
    description(in: .english)
  }

  /// The rule in a catalogue's language (`common.repeat.*`).
  public func description(in words: MessageCatalogue) -> String {
    let n = ["count": String(interval)]
    var text: String
    switch frequency {
    case .daily:
      text = words.text("common.repeat.daily", n, count: interval)
    case .weekly:
      let days = Weekday.allCases.filter(weekdays.contains)
      let period = words.text("common.repeat.weekly", n, count: interval)
      if days == Self.workWeek {
        text = words.text("common.repeat.weekdays", ["period": period], count: interval)
      } else if days.isEmpty {
        text = period
      } else {
        let list = Self.list(days.map { $0.name(in: words) }, in: words)
        text = words.text("common.repeat.onDays", ["period": period, "days": list])
      }
    case .monthly:
      let period = words.text("common.repeat.monthly", n, count: interval)
      switch monthDay {
      case nil: text = period
      case .some(-1):
        text = words.text("common.repeat.monthlyLastDay", ["period": period], count: interval)
      case let day?:
        text = words.text(
          "common.repeat.monthlyOnDay", ["period": period, "day": String(day)], count: interval)
      }
    case .yearly:
      text = words.text("common.repeat.yearly", n, count: interval)
    }
    switch end {
    case .never: return text
    case .count(let count):
      return words.text("common.repeat.endCount", ["rule": text], count: count)
    case .until(let date):
      return words.text("common.repeat.endUntil", ["rule": text, "day": Self.day(date, in: words)])
    }
  }

  /// "Monday", "Monday and Thursday", "Monday, Wednesday and Friday".
  private static func list(_ names: [String], in words: MessageCatalogue) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return words.text(
      "common.list.and",
      [
        "first": names.dropLast().joined(separator: words.text("common.list.separator")),
        "last": last,
      ])
  }

  /// "1 Mar 2027", the UTC day of `date`.
  private static func day(_ date: Date, in words: MessageCatalogue) -> String {
    let day = CivilDay(number: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    let (y, m, d) = day.components
    let month = words.text("common.month.short." + String(m))
    return words.text(
      "common.date.dayMonthYear", ["day": String(d), "month": month, "year": String(y)])
  }
}

extension RecurrenceRule.Weekday {
  /// The day's English name: "Monday".
  public var name: String { name(in: .english) }

  /// The day's name in a catalogue's language (`common.weekday.mo` …).
  public func name(in words: MessageCatalogue) -> String {
    words.text("common.weekday." + rawValue.lowercased())
  }
}
