import Foundation

/// One entry of the change log: what happened to which collection (a checklist, a shopping list
/// or the catalogue) and the collection's new revision.
///
/// Every write appends one; live updates, ETags and sync tokens read them back in order.
public struct Change: Hashable, Sendable, Codable {
  /// What kind of change it was.
  ///
  /// `listCreated` and `listUpdated` may stand for many item changes at once (an import writes
  /// one entry per list): a consumer re-reads the whole list for those kinds. The same holds
  /// for `catalogueUpdated`, which an import of the catalogue writes.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    case listCreated, listUpdated, listDeleted
    case itemAdded, itemUpdated, itemMoved, itemDeleted
    case shoppingListCreated, shoppingListUpdated, shoppingListDeleted
    case entryAdded, entryUpdated, entryDeleted
    case catalogueUpdated, catalogueItemAdded, catalogueItemUpdated, catalogueItemDeleted
    case shareAdded, shareUpdated, shareRemoved
    /// A shop of the owner's was added, renamed, reordered (by a drag or a trip) or deleted:
    /// logged on the catalogue, so pages that show a list in the shop's order refresh.
    case shopUpdated
    /// Shopping was finished and a trip recorded (``Trip``): pages that show trips re-read
    /// them. Logged on the shopping list's collection.
    case tripRecorded

    /// The kind of collection the change is about.
    public var scope: Scope {
      switch self {
      case .listCreated, .listUpdated, .listDeleted, .itemAdded, .itemUpdated, .itemMoved,
        .itemDeleted:
        return .checklist
      case .shoppingListCreated, .shoppingListUpdated, .shoppingListDeleted, .entryAdded,
        .entryUpdated, .entryDeleted, .tripRecorded:
        return .shoppingList
      case .catalogueUpdated, .catalogueItemAdded, .catalogueItemUpdated, .catalogueItemDeleted,
        .shopUpdated:
        return .catalogue
      case .shareAdded, .shareUpdated, .shareRemoved:
        return .sharing
      }
    }
  }

  /// The kinds of collection that change.
  public enum Scope: String, Hashable, Sendable, Codable {
    /// A checklist: ``Change/collectionID`` is the list, ``Change/itemID`` its item.
    case checklist
    /// A shopping list: ``Change/collectionID`` is the list, ``Change/itemID`` the catalogue
    /// item whose entry changed.
    case shoppingList
    /// The owner's catalogue: ``Change/collectionID`` is the owner (a user has one catalogue),
    /// ``Change/itemID`` the catalogue item.
    case catalogue
    /// Who a list is shared with: ``Change/collectionID`` is the list. Logged once for the
    /// owner and once for the other user (``Change/ownerID`` is whose log it is in), so both
    /// re-read their lists.
    case sharing
  }

  /// The position in the log: increases with every change in the database. Zero until stored.
  public var sequence: Int64
  /// The owner of the collection that changed.
  public var ownerID: UUID
  /// The checklist, shopping list or catalogue that changed (see ``Scope``).
  public var collectionID: UUID
  /// The item that changed, for item and entry changes.
  public var itemID: UUID?
  /// What happened.
  public var kind: Kind
  /// The collection's revision after the change (for catalogue items, the item's revision).
  public var revision: Int64
  /// When it happened.
  public var date: Date

  /// The kind of collection that changed.
  public var scope: Scope { kind.scope }

  /// Creates a change value.
  public init(
    sequence: Int64 = 0, ownerID: UUID, collectionID: UUID, itemID: UUID? = nil, kind: Kind,
    revision: Int64, date: Date
  ) {
    self.sequence = sequence
    self.ownerID = ownerID
    self.collectionID = collectionID
    self.itemID = itemID
    self.kind = kind
    self.revision = revision
    self.date = date
  }
}
