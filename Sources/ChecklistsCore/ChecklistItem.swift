import Foundation

/// One line of a checklist: text, a checkmark, an optional due date and a Remind Me switch.
public struct ChecklistItem: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the item.
  public var id: UUID
  /// The list that holds the item.
  public var checklistID: UUID
  /// The item's text, already validated (see ``ChecklistItem/validatedText(_:)``).
  public var text: String
  /// Whether the item carries a checkmark.
  public var isChecked: Bool
  /// When the item is due, if it has a due date.
  public var dueDate: Date?
  /// Whether a reminder fires at the due date.
  public var shouldRemind: Bool
  /// The list's revision when this item last changed; the item's version for ETags and sync.
  public var revision: Int64
  /// When the item was created.
  public var createdAt: Date
  /// When the item last changed.
  public var updatedAt: Date

  /// Creates an item value.
  public init(
    id: UUID = UUID(), checklistID: UUID, text: String, isChecked: Bool = false,
    dueDate: Date? = nil, shouldRemind: Bool = false, revision: Int64 = 0,
    createdAt: Date, updatedAt: Date? = nil
  ) {
    self.id = id
    self.checklistID = checklistID
    self.text = text
    self.isChecked = isChecked
    self.dueDate = dueDate
    self.shouldRemind = shouldRemind
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
  }
}
