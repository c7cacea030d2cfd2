import Foundation

/// A named list of items with an icon, owned by one user.
///
/// The counts are kept by the store, so reading them never walks the items.
public struct Checklist: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the list.
  public var id: UUID
  /// The user who owns the list.
  public var ownerID: UUID
  /// The list's name, already validated (see ``Checklist/validatedName(_:)``).
  public var name: String
  /// The icon shown beside the name.
  public var icon: ChecklistIcon
  /// Whether the list hides its checked items (a setting of the list, shared by every device
  /// that shows it).
  public var hidesChecked: Bool
  /// Increases by one with every change to the list or any of its items.
  public var revision: Int64
  /// How many items the list holds.
  public var itemCount: Int
  /// How many of those items are not checked.
  public var remainingCount: Int
  /// When the list was created.
  public var createdAt: Date
  /// When the list or one of its items last changed.
  public var updatedAt: Date
  /// For a list someone else shared with the user reading it: the owner's name and the
  /// user's role. Nil for the user's own lists.
  public var sharing: SharedFrom?

  /// Creates a list value.
  public init(
    id: UUID = UUID(), ownerID: UUID, name: String, icon: ChecklistIcon,
    hidesChecked: Bool = false, revision: Int64 = 1, itemCount: Int = 0, remainingCount: Int = 0,
    createdAt: Date, updatedAt: Date? = nil
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.icon = icon
    self.hidesChecked = hidesChecked
    self.revision = revision
    self.itemCount = itemCount
    self.remainingCount = remainingCount
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
  }

  /// The All Lists subtitle: `(No Items)`, `All Done!` or `N Remaining`.
  public var subtitle: String {
    if itemCount == 0 { return "(No Items)" }
    if remainingCount == 0 { return "All Done!" }
    return "\(remainingCount) Remaining"
  }

  /// The name of the list that the first use creates.
  public static let firstListName = "List"
}
