import Foundation

extension RecurrenceRule {
  /// The rule in plain English: "Every day", "Every weekday", "Every 2 weeks on Monday and
  /// Thursday", "Monthly on day 15", "Every year, 10 times", "Every week, until 1 Mar 2027".
  ///
  /// An `UNTIL` date is shown as its day in UTC, as it is stored.
  public var description: String {
    var text: String
    switch frequency {
    case .daily:
      text = interval == 1 ? "Every day" : "Every \(interval) days"
    case .weekly:
      let days = Weekday.allCases.filter(weekdays.contains)
      let period = interval == 1 ? "Every week" : "Every \(interval) weeks"
      if days == Self.workWeek {
        text = interval == 1 ? "Every weekday" : "\(period) on weekdays"
      } else if days.isEmpty {
        text = period
      } else {
        text = "\(period) on \(Self.englishList(days.map(\.name)))"
      }
    case .monthly:
      let period = interval == 1 ? "Every month" : "Every \(interval) months"
      switch monthDay {
      case nil: text = period
      case .some(-1): text = interval == 1 ? "Monthly on the last day" : "\(period) on the last day"
      case let day?: text = interval == 1 ? "Monthly on day \(day)" : "\(period) on day \(day)"
      }
    case .yearly:
      text = interval == 1 ? "Every year" : "Every \(interval) years"
    }
    switch end {
    case .never: break
    case .count(1): text += ", once"
    case .count(let count): text += ", \(count) times"
    case .until(let date): text += ", until \(Self.englishDay(date))"
    }
    return text
  }

  /// "Monday", "Monday and Thursday", "Monday, Wednesday and Friday".
  private static func englishList(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// "1 Mar 2027", the UTC day of `date`, in English whatever the locale.
  private static func englishDay(_ date: Date) -> String {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let day = CivilDay(number: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    let (y, m, d) = day.components
    return "\(d) \(months[m - 1]) \(y)"
  }
}

extension RecurrenceRule.Weekday {
  /// The day's English name: "Monday".
  public var name: String {
    switch self {
    case .mo: "Monday"
    case .tu: "Tuesday"
    case .we: "Wednesday"
    case .th: "Thursday"
    case .fr: "Friday"
    case .sa: "Saturday"
    case .su: "Sunday"
    }
  }
}
