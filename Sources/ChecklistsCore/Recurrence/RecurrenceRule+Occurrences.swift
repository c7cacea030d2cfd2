import Foundation

extension RecurrenceRule {
  /// The first occurrence strictly after `date` (keeping its time of day), or nil when the
  /// series has ended.
  ///
  /// `date` is the occurrence being completed (the item's due date), and anchors the series
  /// as `DTSTART` does in iCalendar: its time of day is kept in `calendar`'s time zone (09:00
  /// stays 09:00 across a change of clocks), a weekly rule's every N weeks counts from the
  /// week of `date` (weeks start on Monday, as iCalendar's default `WKST=MO`), a monthly rule
  /// without a day keeps the day of `date`, and a yearly rule its month and day.
  ///
  /// As RFC 5545 says of dates that do not exist ("February 30"), a month without the rule's
  /// day is skipped, never clamped: monthly on the 31st goes 31 January, 31 March, 31 May…;
  /// use `BYMONTHDAY=-1` ("on the last day") for the end of every month. A yearly rule from
  /// 29 February falls on 29 February of leap years only. Likewise an occurrence whose time
  /// of day does not exist that day (02:30 when clocks go from 02:00 to 03:00) is skipped, so
  /// the series keeps its time rather than drifting to 03:30; a time that happens twice (when
  /// clocks go back) is the first of the two.
  ///
  /// - Parameters:
  ///   - date: The occurrence being completed.
  ///   - completedCount: How many occurrences are done, the one at `date` included; with
  ///     `COUNT=n` there is no next occurrence once `n` are done (COUNT counts the first).
  ///   - calendar: A Gregorian calendar in the time zone whose days and clocks the rule
  ///     follows.
  /// - Returns: The next occurrence, or nil when `COUNT` is reached or the next one would be
  ///   after `UNTIL` (which is inclusive).
  /// - Complexity: O(1) for most rules; at most 1,000 periods are tried when months or years
  ///   lack the day (a rule that can never fall again, such as every 12 months on 30
  ///   February's month, returns nil).
  public func nextOccurrence(after date: Date, completedCount: Int, calendar: Calendar) -> Date? {
    if case .count(let count) = end, completedCount >= count { return nil }
    // Whole seconds in the calendar; the fraction of a second is put back at the end.
    let fraction =
      date.timeIntervalSinceReferenceDate
      - date.timeIntervalSinceReferenceDate.rounded(.down)
    let whole = date.addingTimeInterval(-fraction)
    let local = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: whole)
    guard let year = local.year, let month = local.month, let dayOfMonth = local.day else {
      return nil
    }
    let start = CivilDay(year: year, month: month, day: dayOfMonth)
    var day = nextDay(after: start)
    // A day whose clocks skip the time of day is passed over (RFC 5545: such an instance is
    // ignored and not counted), and only a later moment is ever returned.
    for _ in 0..<8 {
      guard let next = day else { return nil }
      let (y, m, d) = next.components
      var wanted = DateComponents()
      wanted.year = y
      wanted.month = m
      wanted.day = d
      wanted.hour = local.hour
      wanted.minute = local.minute
      wanted.second = local.second
      guard let moment = calendar.date(from: wanted)?.addingTimeInterval(fraction) else {
        return nil
      }
      let wall = calendar.dateComponents([.hour, .minute, .second], from: moment)
      let exists =
        wall.hour == local.hour && wall.minute == local.minute
        && wall.second == local.second
      if exists && moment > date {
        if case .until(let until) = end, moment > until { return nil }
        return moment
      }
      day = nextDay(after: next)
    }
    return nil
  }

  /// The first day strictly after `start` that the rule falls on, with `start` anchoring it.
  private func nextDay(after start: CivilDay) -> CivilDay? {
    switch frequency {
    case .daily:
      return start.adding(days: interval)
    case .weekly:
      let days = weekdays.isEmpty ? [start.weekday] : weekdays.sorted { $0.index < $1.index }
      let monday = start.adding(days: -start.weekday.index)
      if let later = days.first(where: { $0.index > start.weekday.index }) {
        return monday.adding(days: later.index)
      }
      return monday.adding(days: 7 * interval + days[0].index)
    case .monthly:
      let (year, month, startDay) = start.components
      let wanted = monthDay ?? startDay
      for step in 0..<1_000 {
        let months = (month - 1) + step * interval
        let y = year + months / 12
        let m = months % 12 + 1
        let length = CivilDay.daysIn(month: m, year: y)
        let d = wanted == -1 ? length : wanted
        guard d <= length else { continue }
        let candidate = CivilDay(year: y, month: m, day: d)
        if candidate > start { return candidate }
      }
      return nil
    case .yearly:
      let (year, month, day) = start.components
      for step in 1...1_000 {
        let y = year + step * interval
        if day <= CivilDay.daysIn(month: month, year: y) {
          return CivilDay(year: y, month: month, day: day)
        }
      }
      return nil
    }
  }
}

extension RecurrenceRule {
  /// Whether the rule names the days it falls on (a weekly rule with weekdays, a monthly rule
  /// with a day of the month), rather than taking them from the date it starts on.
  public var namesDays: Bool {
    switch frequency {
    case .weekly: !weekdays.isEmpty
    case .monthly: monthDay != nil
    case .daily, .yearly: false
    }
  }

  /// The first day on or after `date`'s day that the rule falls on, at `date`'s time of day:
  /// where a new series starts, such as an item of a template started on another day.
  ///
  /// Only a rule that ``namesDays`` moves the date: a weekly rule with weekdays goes to the
  /// first of them on or after that day ("every Monday" started on a Saturday falls on the
  /// Monday after), and a monthly rule with a day to the first month that has it, on or after
  /// that day (the 31st skips shorter months; -1 is the last day of the month). A rule
  /// without days (every day, every week, every month, every year) falls on the date itself,
  /// which anchors it. The interval does not matter: a new series starts at its first
  /// occurrence. `UNTIL` and `COUNT` are not looked at.
  ///
  /// - Parameters:
  ///   - date: Where the series would start.
  ///   - calendar: A Gregorian calendar in the time zone whose days the rule follows.
  /// - Returns: The first occurrence; `date` itself when it falls on the rule.
  /// - Complexity: O(1): at most 7 days or 3 months are tried.
  public func firstOccurrence(onOrAfter date: Date, calendar: Calendar) -> Date {
    let local = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
    guard let year = local.year, let month = local.month, let dayOfMonth = local.day else {
      return date
    }
    let start = CivilDay(year: year, month: month, day: dayOfMonth)
    guard let first = firstDay(onOrAfter: start), first != start else { return date }
    let (y, m, d) = first.components
    var wanted = local
    wanted.year = y
    wanted.month = m
    wanted.day = d
    return calendar.date(from: wanted) ?? date
  }

  /// The first day on or after `start` that the rule's named days fall on; `start` for a rule
  /// without named days.
  private func firstDay(onOrAfter start: CivilDay) -> CivilDay? {
    guard namesDays else { return start }
    switch frequency {
    case .weekly:
      return (0..<7).lazy.map { start.adding(days: $0) }.first { weekdays.contains($0.weekday) }
    case .monthly:
      let monthDay = monthDay ?? 1
      let (year, month, _) = start.components
      // A day is in at least one of any three months in a row (the 31st: January, March).
      for step in 0..<3 {
        let months = (month - 1) + step
        let y = year + months / 12
        let m = months % 12 + 1
        let length = CivilDay.daysIn(month: m, year: y)
        let d = monthDay == -1 ? length : monthDay
        guard d <= length else { continue }
        let candidate = CivilDay(year: y, month: m, day: d)
        if candidate >= start { return candidate }
      }
      return nil
    default:
      return start
    }
  }
}
