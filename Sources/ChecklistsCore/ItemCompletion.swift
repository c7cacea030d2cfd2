import Foundation

/// One time a repeating item was checked off: kept in its history when checking it moved its
/// due date to the next occurrence.
public struct ItemCompletion: Hashable, Sendable, Codable {
  /// The item.
  public var itemID: UUID
  /// When it was checked off.
  public var completedAt: Date
  /// The due date it had then, if any.
  public var dueDate: Date?
  /// Who checked it off; nil when unknown.
  public var userID: UUID?

  /// Creates a completion.
  public init(itemID: UUID, completedAt: Date, dueDate: Date?, userID: UUID?) {
    self.itemID = itemID
    self.completedAt = completedAt
    self.dueDate = dueDate
    self.userID = userID
  }
}
