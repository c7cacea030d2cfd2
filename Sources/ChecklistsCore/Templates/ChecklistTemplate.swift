import Foundation

/// A list saved to start new lists from ("Packing list", "Weekly chores"): its name, icon and
/// items, private to the user who saved it. It is no list: smart lists, search and the change
/// feed never see it.
public struct ChecklistTemplate: Identifiable, Hashable, Sendable, Codable {
  /// The template's id.
  public var id: UUID
  /// Whose it is.
  public var ownerID: UUID
  /// Its name: the name of the lists started from it.
  public var name: String
  /// The icon of the lists started from it.
  public var icon: ChecklistIcon
  /// Its items, in the list's order.
  public var items: [TemplateItem]
  /// When it was saved.
  public var createdAt: Date

  /// Creates a template.
  public init(
    id: UUID = UUID(), ownerID: UUID, name: String, icon: ChecklistIcon, items: [TemplateItem],
    createdAt: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.icon = icon
    self.items = items
    self.createdAt = createdAt
  }

  /// The most items a template holds: as many as a list may.
  public static let maximumItems = 10_000
}

/// An item of a template: what a new list's item starts with. Its due date is kept as an
/// offset from the start of the day the template was saved, so a list started on another day
/// has its dates moved along.
public struct TemplateItem: Hashable, Sendable, Codable {
  /// The item's text.
  public var text: String
  /// Its notes ("" for none).
  public var notes: String
  /// Whether it is flagged.
  public var flagged: Bool
  /// Its priority: "none", "low", "medium" or "high".
  public var priority: String
  /// Its repeat rule as an RRULE, if it repeats.
  public var `repeat`: String?
  /// Whether Remind Me is on (with a due date).
  public var remind: Bool
  /// For a subtask, the index in ``ChecklistTemplate/items`` of its parent.
  public var parentIndex: Int?
  /// Seconds from the start of the day the template was saved to the item's due date.
  public var dueOffset: Double?

  /// Creates a template item.
  public init(
    text: String, notes: String = "", flagged: Bool = false, priority: String = "none",
    repeat: String? = nil, remind: Bool = false, parentIndex: Int? = nil,
    dueOffset: Double? = nil
  ) {
    self.text = text
    self.notes = notes
    self.flagged = flagged
    self.priority = priority
    self.repeat = `repeat`
    self.remind = remind
    self.parentIndex = parentIndex
    self.dueOffset = dueOffset
  }
}
