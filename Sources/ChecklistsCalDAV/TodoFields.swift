import ChecklistsCore
import Foundation

/// What Checklists reads from a VTODO and writes into one: an item's text, checkmark, due
/// date, reminder, notes, repeat rule, parent, priority, categories and position.
public struct TodoFields: Equatable, Sendable {
  /// `UID`: stable for the life of the item.
  public var uid: String
  /// `SUMMARY`, unescaped; "" when the VTODO has none.
  public var summary: String
  /// Whether the item is checked: `STATUS:COMPLETED`, a `COMPLETED` time or
  /// `PERCENT-COMPLETE:100` (any of them; a `STATUS` of NEEDS-ACTION, IN-PROCESS or
  /// CANCELLED wins over the other two). Written as all three.
  public var isCompleted: Bool
  /// `COMPLETED`, when the item was checked; writing nil for a checked item keeps the stored
  /// time (or writes now when there is none).
  public var completedAt: Date?
  /// `DUE`, the moment it is due (a date's midnight UTC when ``dueIsAllDay``).
  public var due: Date?
  /// `DUE;VALUE=DATE`: due on a day, not at a time. Writing false has no opinion: a stored
  /// date stays a date while the due moment is a midnight (UTC).
  public var dueIsAllDay: Bool
  /// The `TZID` of `DUE` when it had one (`Europe/Berlin`). Writing nil keeps the stored
  /// DUE's zone (an item made elsewhere is written in UTC).
  public var dueTimeZone: String?
  /// Remind Me: the VTODO has a VALARM (the first one counts; extra ones are kept verbatim).
  public var remind: Bool
  /// `DESCRIPTION`, unescaped; "" for none.
  public var notes: String
  /// `RRULE` in ChecklistsCore's model; nil when there is none or when the rule is outside
  /// what ``RecurrenceRule`` holds (such a rule is kept verbatim in the resource).
  public var recurrence: RecurrenceRule?
  /// `RELATED-TO;RELTYPE=PARENT` (or with no `RELTYPE`, which means PARENT): the UID of the
  /// item this one is a subtask of.
  public var parentUID: String?
  /// `PRIORITY`: 1-4 high, 5 medium, 6-9 low, 0 or none none.
  public var priority: ItemPriority
  /// `CATEGORIES`, every value of every such property, unescaped, in order.
  public var categories: [String]
  /// `X-APPLE-SORT-ORDER`: the position Apple Reminders gives the item.
  public var sortOrder: Int64?

  /// Creates fields; everything but the UID has a blank default.
  public init(
    uid: String, summary: String = "", isCompleted: Bool = false, completedAt: Date? = nil,
    due: Date? = nil, dueIsAllDay: Bool = false, dueTimeZone: String? = nil,
    remind: Bool = false, notes: String = "", recurrence: RecurrenceRule? = nil,
    parentUID: String? = nil, priority: ItemPriority = .none, categories: [String] = [],
    sortOrder: Int64? = nil
  ) {
    self.uid = uid
    self.summary = summary
    self.isCompleted = isCompleted
    self.completedAt = completedAt
    self.due = due
    self.dueIsAllDay = dueIsAllDay
    self.dueTimeZone = dueTimeZone
    self.remind = remind
    self.notes = notes
    self.recurrence = recurrence
    self.parentUID = parentUID
    self.priority = priority
    self.categories = categories
    self.sortOrder = sortOrder
  }
}
