import Foundation

/// A list as it travels between files and the store: what an import reads and an export writes.
///
/// Identities and dates are optional because the iPhone app's file has none of them; our JSON
/// backup carries them so that a restore is lossless.
public struct PortableChecklist: Hashable, Sendable, Codable {
  /// The list's identity, when the file has one.
  public var id: UUID?
  /// The list's name, as found in the file.
  public var name: String
  /// The list's icon.
  public var icon: ChecklistIcon
  /// Whether the list hides its checked items; `nil` when the file does not say (the iPhone
  /// app's file never does), which leaves a list's setting as it is.
  public var hidesChecked: Bool?
  /// When the list was created, when the file knows.
  public var createdAt: Date?
  /// The items, in the list's order.
  public var items: [PortableItem]

  /// Creates a portable list.
  public init(
    id: UUID? = nil, name: String, icon: ChecklistIcon, hidesChecked: Bool? = nil,
    createdAt: Date? = nil, items: [PortableItem]
  ) {
    self.id = id
    self.name = name
    self.icon = icon
    self.hidesChecked = hidesChecked
    self.createdAt = createdAt
    self.items = items
  }
}

/// An item as it travels between files and the store.
public struct PortableItem: Hashable, Sendable, Codable {
  /// The item's identity, when the file has one.
  public var id: UUID?
  /// The item's text, as found in the file.
  public var text: String
  /// Whether it is checked.
  public var isChecked: Bool
  /// Its due date, if any: a day or a moment.
  public var due: DueDate?
  /// Whether Remind Me is on.
  public var shouldRemind: Bool
  /// Whether the file says the item's due date (or that it has none). False for an item of
  /// the iPhone app's file without Remind Me: the app keeps a date on every item but shows it
  /// only with Remind Me, so ``dueDate`` is nil, a new item has no due date, and a merge leaves
  /// the matching item's due date as it is.
  public var dueDateIsKnown: Bool
  /// When the item was created, when the file knows.
  public var createdAt: Date?
  /// Notes under the text ("" for none; the iPhone app's file has none).
  public var notes: String
  /// Whether it carries a flag.
  public var isFlagged: Bool
  /// How important it is.
  public var priority: ItemPriority
  /// The id of the item of the same list it is a subtask of, if any.
  public var parentID: UUID?
  /// How it repeats, if it does.
  public var recurrence: RecurrenceRule?

  /// Creates a portable item; `due`, when given, wins over `dueDate` (a moment in UTC).
  public init(
    id: UUID? = nil, text: String, isChecked: Bool = false, dueDate: Date? = nil,
    shouldRemind: Bool = false, createdAt: Date? = nil, notes: String = "",
    isFlagged: Bool = false, priority: ItemPriority = .none, parentID: UUID? = nil,
    recurrence: RecurrenceRule? = nil, due: DueDate? = nil, dueDateIsKnown: Bool = true
  ) {
    self.dueDateIsKnown = dueDateIsKnown
    self.notes = notes
    self.isFlagged = isFlagged
    self.priority = priority
    self.parentID = parentID
    self.recurrence = recurrence
    self.id = id
    self.text = text
    self.isChecked = isChecked
    self.due = due ?? dueDate.map { .moment($0, timeZone: nil) }
    self.shouldRemind = shouldRemind
    self.createdAt = createdAt
  }
}

extension PortableItem {
  /// The due date as an instant (a day's start in UTC); setting it sets a moment in UTC.
  public var dueDate: Date? {
    get { due?.instant }
    set { due = newValue.map { .moment($0, timeZone: nil) } }
  }
}
