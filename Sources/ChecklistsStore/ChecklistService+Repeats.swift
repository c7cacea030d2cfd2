import ChecklistsCore
import Foundation

extension ChecklistService {
  /// The calendar repeats are counted in: Gregorian, in the server's time zone.
  static var repeatCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    return calendar
  }

  /// The calendar a due day's repeats are counted in: Gregorian, in UTC, where a day's
  /// instant is its start.
  static var dayCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }

  /// Checking a repeating item: when its rule has a next occurrence, records the completion,
  /// moves the due date there and takes the checkmark off again (as Reminders does).
  /// - Parameter item: The item with its checkmark just set; changed in place when it advances.
  /// - Returns: Whether it advanced (false: an ordinary check, the series has ended or the
  ///   item does not repeat).
  func advanceIfRepeating(_ item: inout ChecklistItem, in tx: any ChecklistStoreWriter) throws
    -> Bool
  {
    guard item.isChecked, let rule = item.recurrence else { return false }
    // A due day repeats from day to day (counted in UTC, where a day starts at its instant);
    // a moment in the server's zone, keeping the zone it was set in.
    let isDay = item.due?.civilDay != nil
    let calendar = isDay ? Self.dayCalendar : Self.repeatCalendar
    let date = now()
    let done = try tx.completionCount(itemID: item.id) + 1
    let from = item.dueDate ?? calendar.startOfDay(for: date)
    guard let next = rule.nextOccurrence(after: from, completedCount: done, calendar: calendar),
      let valid = try? ChecklistItem.validatedDueDate(next)
    else { return false }
    try tx.insertCompletion(
      ItemCompletion(itemID: item.id, completedAt: date, dueDate: item.dueDate, userID: owner.id))
    item.isChecked = false
    item.due =
      isDay
      ? .day(CivilDay(valid, in: calendar.timeZone))
      : .moment(valid, timeZone: item.due?.timeZone)
    return true
  }

  /// The completions of an item, newest first (at most 100).
  /// - Throws: `notFound` when the user cannot see the item.
  public func history(itemID: UUID) throws -> [ItemHistoryEntry] {
    try store.read { tx in
      _ = try accessibleItem(itemID, for: .read, in: tx)
      var names: [UUID: String?] = [:]
      return try tx.completions(itemID: itemID, limit: 100).map { completion in
        let name: String? = try completion.userID.flatMap { id in
          if let known = names[id] { return known }
          let name = try tx.user(id: id)?.name
          names[id] = name
          return name
        }
        return ItemHistoryEntry(
          completedAt: completion.completedAt, dueDate: completion.dueDate, userName: name)
      }
    }
  }
}
