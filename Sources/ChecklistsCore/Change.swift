import Foundation

/// One entry of the change log: what happened to which list or item, and the list's new revision.
///
/// Every write appends one; live updates, ETags and sync tokens read them back in order.
public struct Change: Hashable, Sendable, Codable {
  /// What kind of change it was.
  ///
  /// `listCreated` and `listUpdated` may stand for many item changes at once (an import writes
  /// one entry per list): a consumer re-reads the whole list for those kinds.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    case listCreated, listUpdated, listDeleted
    case itemAdded, itemUpdated, itemMoved, itemDeleted
  }

  /// The position in the log: increases with every change in the database. Zero until stored.
  public var sequence: Int64
  /// The owner of the list that changed.
  public var ownerID: UUID
  /// The list that changed.
  public var checklistID: UUID
  /// The item that changed, for item changes.
  public var itemID: UUID?
  /// What happened.
  public var kind: Kind
  /// The list's revision after the change.
  public var revision: Int64
  /// When it happened.
  public var date: Date

  /// Creates a change value.
  public init(
    sequence: Int64 = 0, ownerID: UUID, checklistID: UUID, itemID: UUID? = nil, kind: Kind,
    revision: Int64, date: Date
  ) {
    self.sequence = sequence
    self.ownerID = ownerID
    self.checklistID = checklistID
    self.itemID = itemID
    self.kind = kind
    self.revision = revision
    self.date = date
  }
}
