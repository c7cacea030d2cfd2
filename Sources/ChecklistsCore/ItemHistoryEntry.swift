import Foundation

/// One completion of a repeating item as its history shows it.
public struct ItemHistoryEntry: Sendable, Hashable {
  /// When it was checked off.
  public var completedAt: Date
  /// The due date it had then.
  public var dueDate: Date?
  /// The name of who checked it off, when known.
  public var userName: String?

  /// Creates an entry.
  public init(completedAt: Date, dueDate: Date?, userName: String?) {
    self.completedAt = completedAt
    self.dueDate = dueDate
    self.userName = userName
  }
}
