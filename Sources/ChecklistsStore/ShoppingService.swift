import ChecklistsCore
import ChecklistsMessages
import Foundation
import Synchronization

/// Every operation on one user's catalogue and shopping lists, with the rules applied once:
/// validation, names unique ignoring case, revisions and the change log.
///
/// Each method is one transaction. Catalogue items are shared by every list: a list's entries
/// point at them, so a renamed item or a new price shows on every list at once.
public struct ShoppingService: Sendable {
  /// Where the catalogue and the lists are kept.
  public let store: any ShoppingStore
  /// The user whose shopping this is.
  public let owner: User
  /// The catalogue's currency: new prices are in it unless they name another. The person
  /// chooses it (``changeCurrency(to:relabelPrices:)``); every copy of this service made from
  /// one ``open(store:owner:currency:now:)`` sees a change at once.
  public var currency: Currency { chosenCurrency.value.withLock { $0 } }
  /// The currency, shared by the copies of this service (``speaking(_:)`` makes some).
  let chosenCurrency: SharedCurrency
  /// The clock, so tests can fix the time.
  public let now: @Sendable () -> Date
  /// The language ("en", "de", "fr", "es") in which new items without a category get one from
  /// the built-in ``ChecklistsCore/GroceryCatalogue``; see ``speaking(_:)``.
  public private(set) var groceryLanguage = "en"

  /// Opens a user's shopping, making on first use an empty catalogue and one empty list,
  /// "Shopping List".
  ///
  /// The catalogue starts empty: the starter set (``starterSet()``) offers common groceries,
  /// and the original app's five items come with its `items` file (``importItems(_:onList:)``).
  ///
  /// Safe when two processes start at once: the check and the seeding are one transaction.
  /// - Parameter currency: The currency for a new catalogue (from the locale or the
  ///   configuration); a catalogue that exists keeps the currency it was made with.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public static func open(
    store: any ShoppingStore, owner: User, currency: Currency,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws -> ShoppingService {
    let currency = try store.writeShopping { tx -> Currency in
      if let existing = try tx.catalogueCurrency(ownerID: owner.id) { return existing }
      let date = now()
      try tx.insertCatalogue(ownerID: owner.id, currency: currency, createdAt: date)
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: owner.id, kind: .catalogueUpdated, revision: 1,
          date: date))
      let list = ShoppingList(ownerID: owner.id, name: ShoppingList.firstListName, createdAt: date)
      try tx.insertShoppingList(list)
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: list.id, kind: .shoppingListCreated,
          revision: list.revision, date: date))
      return currency
    }
    return ShoppingService(store: store, owner: owner, currency: currency, now: now)
  }

  private init(
    store: any ShoppingStore, owner: User, currency: Currency,
    now: @escaping @Sendable () -> Date
  ) {
    self.store = store
    self.owner = owner
    self.chosenCurrency = SharedCurrency(currency)
    self.now = now
  }

  /// The same service, giving new items their category from the grocery table in the
  /// language of `tag` ("de-DE", "fr_CA"), or in English when the table lacks it or it is nil.
  public func speaking(_ tag: String?) -> ShoppingService {
    var service = self
    service.groceryLanguage = tag.flatMap(GroceryCatalogue.language(of:)) ?? "en"
    return service
  }

  /// The category a new item gets: the one given, else the grocery table's for its name.
  func category(_ given: String?, forNew name: String) -> String? {
    given ?? GroceryCatalogue.category(for: name, language: groceryLanguage)
  }

  // MARK: - Reading

  /// The catalogue in alphabetical order.
  /// - Complexity: O(*n* log *n*).
  public func catalogue() throws -> [ShoppingItem] {
    try catalogueWithVersion().0
  }

  /// The catalogue in alphabetical order and the sequence of the latest change, from one
  /// snapshot: the sequence is its version (its ETag).
  public func catalogueWithVersion() throws -> ([ShoppingItem], Int64) {
    let (items, sequence) = try store.readShopping { tx in
      (try tx.shoppingItems(ownerID: owner.id), try tx.lastChangeSequence(ownerID: owner.id))
    }
    return (items.sorted(by: ShoppingItem.sortsBefore), sequence)
  }

  /// Catalogue items whose name contains `query`, ignoring case and accents: names that start
  /// with it first, then names with a word that starts with it, then the rest.
  /// - Returns: At most `limit` items; none for a blank query.
  public func search(_ query: String, limit: Int = 20) throws -> [ShoppingItem] {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !query.isEmpty, limit > 0 else { return [] }
    return try store.readShopping { tx in
      try tx.searchShoppingItems(ownerID: owner.id, matching: query, limit: limit)
    }
  }

  /// The catalogue item with this id.
  /// - Throws: `notFound` when it does not exist or belongs to another user.
  public func item(id: UUID) throws -> ShoppingItem {
    try store.readShopping { tx in try ownedItem(id, in: tx) }
  }

  /// The user's shopping lists and those shared with them (marked with
  /// ``ShoppingList/sharing``), by name.
  public func lists() throws -> [ShoppingList] {
    try listsWithVersion().0
  }

  /// The user's shopping lists by name and the sequence of the latest change.
  public func listsWithVersion() throws -> ([ShoppingList], Int64) {
    let (lists, sequence) = try store.readShopping { tx in
      (
        try tx.shoppingLists(ownerID: owner.id) + sharedLists(in: tx),
        try tx.lastChangeSequence(ownerID: owner.id)
      )
    }
    return (Self.sortedByName(lists), sequence)
  }

  /// The shopping lists shared with the user, marked with ``ShoppingList/sharing``.
  func sharedLists(in tx: any ShoppingStoreReader) throws -> [ShoppingList] {
    try tx.shares(userID: owner.id).filter { $0.scope == .shoppingList }
      .compactMap { share -> ShoppingList? in
        guard var list = try tx.shoppingList(id: share.collectionID),
          let sharer = try tx.user(id: share.ownerID)
        else { return nil }
        list.sharing = SharedFrom(ownerName: sharer.name, role: share.role)
        return list
      }
  }

  /// The shopping list with this id.
  /// - Throws: `notFound` when it does not exist or belongs to another user.
  public func list(id: UUID) throws -> ShoppingList {
    try store.readShopping { tx in try accessibleList(id, for: .read, in: tx) }
  }

  /// A list's lines in shopping order with its totals.
  public func contents(ofList id: UUID) throws -> ShoppingListContents {
    try contentsWithVersion(ofList: id).0
  }

  /// A list's lines and totals and the sequence of the latest change, from one snapshot.
  ///
  /// The sequence, not the list's revision, versions the contents: renaming a catalogue item
  /// changes every list that has it.
  public func contentsWithVersion(ofList id: UUID) throws -> (ShoppingListContents, Int64) {
    try store.readShopping { tx in
      let list = try accessibleList(id, for: .read, in: tx)
      // In the shop picked for the list (ShoppingService+Shops).
      return (try contents(of: list, in: tx), try tx.lastChangeSequence(ownerID: owner.id))
    }
  }

  /// One line of a list: the entry with its catalogue item (the list owner's).
  /// - Throws: `notFound` when the list is not visible to the user or the item is not on it.
  public func line(itemID: UUID, onList listID: UUID) throws -> ShoppingLine {
    try store.readShopping { tx in
      let (list, entry) = try accessibleEntry(itemID: itemID, listID: listID, for: .read, in: tx)
      return ShoppingLine(entry: entry, item: try catalogueItem(itemID, for: list, in: tx))
    }
  }

  /// The ids of the catalogue items on a list: the green checks of the Items screen.
  public func itemIDs(onList id: UUID) throws -> Set<UUID> {
    try store.readShopping { tx in
      _ = try accessibleList(id, for: .read, in: tx)
      return Set(try tx.entries(listID: id).map(\.itemID))
    }
  }

  // MARK: - Shared rules

  /// Shopping lists by name as All Lists sorts checklists (``ChecklistsCore/NameKey``), the
  /// order of the store's index, so a list's number is found without reading every list.
  static func sortedByName(_ lists: [ShoppingList]) -> [ShoppingList] {
    lists.map { ($0, NameKey.displayOrder($0.name)) }
      .sorted { a, b in
        if !a.1.utf8.elementsEqual(b.1.utf8) { return NameKey.precedes(a.1, b.1) }
        let (a, b) = (a.0, b.0)
        if !a.name.utf8.elementsEqual(b.name.utf8) { return NameKey.precedes(a.name, b.name) }
        // The reader's own list first, then the oldest: an order that does not change.
        if (a.sharing == nil) != (b.sharing == nil) { return a.sharing == nil }
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        return a.id.uuidString < b.id.uuidString
      }
      .map(\.0)
  }

  func ownedItem(_ id: UUID, in tx: any ShoppingStoreReader) throws -> ShoppingItem {
    guard let item = try tx.shoppingItem(id: id), item.ownerID == owner.id else {
      throw ChecklistsError(
        .notFound, MessageText("errors.catalogue.noSuchId", ["id": id.uuidString]))
    }
    return item
  }

  /// The shopping list with this id if the user may do `access` to it: they own it, or it is
  /// shared with them at a role that allows it.
  /// - Throws: `notFound` when it does not exist or is neither theirs nor shared with them,
  ///   `forbidden` when their role is too low.
  func accessibleList(_ id: UUID, for access: Access, in tx: any ShoppingStoreReader) throws
    -> ShoppingList
  {
    guard let list = try tx.shoppingList(id: id) else {
      throw ChecklistsError(
        .notFound, MessageText("errors.shopping.noSuchListId", ["id": id.uuidString]))
    }
    if list.ownerID == owner.id { return list }
    var shared = list
    shared.sharing = try tx.sharedList(
      id, named: list.name, ownedBy: list.ownerID, for: owner.id, access: access,
      notFound: ChecklistsError(
        .notFound, MessageText("errors.shopping.noSuchListId", ["id": id.uuidString])))
    return shared
  }

  /// A catalogue item that a list may point at: one of the list owner's.
  func catalogueItem(_ id: UUID, for list: ShoppingList, in tx: any ShoppingStoreReader) throws
    -> ShoppingItem
  {
    guard let item = try tx.shoppingItem(id: id), item.ownerID == list.ownerID else {
      throw ChecklistsError(
        .notFound, MessageText("errors.catalogue.noSuchId", ["id": id.uuidString]))
    }
    return item
  }

  func check(_ expected: Int64?, against revision: Int64, what: String) throws {
    try ChecklistsError.checkRevision(expected, against: revision, what: what)
  }

  /// Advances a list's revision and logs the change.
  func bump(
    _ list: inout ShoppingList, _ kind: Change.Kind, itemID: UUID? = nil,
    in tx: any ShoppingStoreWriter
  ) throws {
    list.revision += 1
    list.updatedAt = now()
    try tx.updateShoppingList(list)
    _ = try tx.appendChange(
      Change(
        ownerID: list.ownerID, collectionID: list.id, itemID: itemID, kind: kind,
        revision: list.revision, date: list.updatedAt))
  }

  /// Logs a change to a catalogue item, in its owner's log.
  func log(_ kind: Change.Kind, item: ShoppingItem, in tx: any ShoppingStoreWriter) throws {
    _ = try tx.appendChange(
      Change(
        ownerID: item.ownerID, collectionID: item.ownerID, itemID: item.id, kind: kind,
        revision: item.revision, date: item.updatedAt))
  }
}

/// A currency that several values share and one of them may change: the catalogue's, once the
/// person chooses another.
final class SharedCurrency: Sendable {
  let value: Mutex<Currency>

  init(_ currency: Currency) {
    value = Mutex(currency)
  }
}
