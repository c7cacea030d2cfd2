import ChecklistsCore
import Foundation

extension TodoFields {
  /// `DUE` as an item's due date: `VALUE=DATE` a day; a time a moment, with its `TZID` when it
  /// had one that the tz database knows (none for UTC and floating times). Setting it sets
  /// ``due``, ``dueIsAllDay`` and ``dueTimeZone``: a day as its date, a moment in its zone (none
  /// keeps the stored form, see ``dueTimeZone``).
  public var itemDue: DueDate? {
    get {
      guard let due else { return nil }
      if dueIsAllDay { return .day(CivilDay(due, in: TimeZone(secondsFromGMT: 0)!)) }
      // A TZID that is no tz database zone (one the calendar defines itself, "Harbour time")
      // gives a moment with no zone; the text keeps its TZID as written.
      let zone = dueTimeZone.flatMap {
        $0.count <= 64 && TimeZone(identifier: $0) != nil ? $0 : nil
      }
      return .moment(due, timeZone: zone)
    }
    set {
      switch newValue {
      case nil:
        (due, dueIsAllDay, dueTimeZone) = (nil, false, nil)
      case .day(let day)?:
        (due, dueIsAllDay, dueTimeZone) = (day.startInUTC, true, nil)
      case .moment(let date, let zone)?:
        (due, dueIsAllDay, dueTimeZone) = (date, false, zone)
      }
    }
  }

  /// Whether `item` is due as the fields' `DUE` says, so that the text stays as written: the
  /// same day; or the same moment to the second (iCalendar keeps whole seconds), in the same
  /// zone unless the item has none to say (a moment written elsewhere in UTC).
  /// - Parameter item: The item's due date.
  public func hasSameDue(as item: DueDate?) -> Bool {
    switch (itemDue, item) {
    case (nil, nil): true
    case (.day(let a)?, .day(let b)?): a == b
    case (.moment(let a, let zoneA)?, .moment(let b, let zoneB)?):
      abs(a.timeIntervalSince(b)) < 1 && (zoneB == nil || zoneA == zoneB)
    default: false
    }
  }
}
