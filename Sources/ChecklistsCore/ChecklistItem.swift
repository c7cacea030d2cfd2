import Foundation

/// One line of a checklist: text, a checkmark, an optional due date and a Remind Me switch,
/// notes, a flag, a priority, a repeat rule, and one level of subtasks.
public struct ChecklistItem: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the item.
  public var id: UUID
  /// The list that holds the item.
  public var checklistID: UUID
  /// The item's text, already validated (see ``ChecklistItem/validatedText(_:)``).
  public var text: String
  /// Whether the item carries a checkmark.
  public var isChecked: Bool
  /// When the item is due, if it has a due date: a day or a moment (``DueDate``).
  public var due: DueDate?
  /// Whether a reminder fires at the due date.
  public var shouldRemind: Bool
  /// The list's revision when this item last changed; the item's version for ETags and sync.
  public var revision: Int64
  /// Notes under the text, several lines; "" for none (see ``validatedNotes(_:)``).
  public var notes: String
  /// Whether the item carries a flag.
  public var isFlagged: Bool
  /// How important it is.
  public var priority: ItemPriority
  /// The item it is a subtask of (an item of the same list with no parent itself), or nil at
  /// the top level.
  public var parentID: UUID?
  /// How it repeats: checking it moves its due date to the next occurrence.
  public var recurrence: RecurrenceRule?
  /// How many subtasks it has: counted by the store when it reads the item, not stored.
  public var subtaskCount: Int
  /// How many of its subtasks are checked: counted by the store, not stored.
  public var checkedSubtaskCount: Int
  /// When the item was created.
  public var createdAt: Date
  /// When the item last changed.
  public var updatedAt: Date

  /// Creates an item value; `due`, when given, wins over `dueDate` (a moment in UTC).
  public init(
    id: UUID = UUID(), checklistID: UUID, text: String, isChecked: Bool = false,
    dueDate: Date? = nil, shouldRemind: Bool = false, revision: Int64 = 0,
    createdAt: Date, updatedAt: Date? = nil, notes: String = "", isFlagged: Bool = false,
    priority: ItemPriority = .none, parentID: UUID? = nil, recurrence: RecurrenceRule? = nil,
    subtaskCount: Int = 0, checkedSubtaskCount: Int = 0, due: DueDate? = nil
  ) {
    self.id = id
    self.checklistID = checklistID
    self.text = text
    self.isChecked = isChecked
    self.due = due ?? dueDate.map { .moment($0, timeZone: nil) }
    self.shouldRemind = shouldRemind
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.notes = notes
    self.isFlagged = isFlagged
    self.priority = priority
    self.parentID = parentID
    self.recurrence = recurrence
    self.subtaskCount = subtaskCount
    self.checkedSubtaskCount = checkedSubtaskCount
  }
}

extension ChecklistItem {
  /// The due date as an instant, for the code that needs one (sorting, reminders, the API's
  /// `dueDate`): a moment's own, a day's start in UTC (what a day was stored as before). Setting
  /// it sets a moment with no zone, as every caller meant before days existed.
  public var dueDate: Date? {
    get { due?.instant }
    set { due = newValue.map { .moment($0, timeZone: nil) } }
  }
}
