import ChecklistsCore
import Foundation

/// The fields of a new item beyond its text, checkmark, due date and reminder.
public struct ItemDetails: Sendable, Hashable {
  /// Notes under the text; validated by ``ChecklistsCore/ChecklistItem/validatedNotes(_:)``.
  public var notes: String
  /// Whether it carries a flag.
  public var isFlagged: Bool
  /// How important it is.
  public var priority: ItemPriority
  /// The top-level item of the same list it is a subtask of, if any.
  public var parentID: UUID?
  /// How it repeats, if it does.
  public var recurrence: RecurrenceRule?

  /// Creates the fields; the defaults are a plain item.
  public init(
    notes: String = "", isFlagged: Bool = false, priority: ItemPriority = .none,
    parentID: UUID? = nil, recurrence: RecurrenceRule? = nil
  ) {
    self.notes = notes
    self.isFlagged = isFlagged
    self.priority = priority
    self.parentID = parentID
    self.recurrence = recurrence
  }
}
