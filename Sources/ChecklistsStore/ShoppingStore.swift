import ChecklistsCore
import Foundation

/// Where catalogues and shopping lists are kept, with the same all-or-nothing transactions as
/// ``ChecklistStore``. The rules live once, in ``ShoppingService``.
public protocol ShoppingStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func readShopping<T: Sendable>(_ body: (any ShoppingStoreReader) throws -> T) throws -> T

  /// Runs `body` as one transaction.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func writeShopping<T: Sendable>(_ body: (any ShoppingStoreWriter) throws -> T) throws -> T
}

/// The reading primitives for shopping, valid only inside ``ShoppingStore/readShopping(_:)``.
public protocol ShoppingStoreReader: SharingStoreReader, FieldRevisionReader, IDClaimReader,
  ShopStoreReader, TripStoreReader
{
  /// The currency of the user's catalogue, or nil before its first use.
  func catalogueCurrency(ownerID: UUID) throws -> Currency?

  /// Every item of the user's catalogue, in no particular order.
  func shoppingItems(ownerID: UUID) throws -> [ShoppingItem]

  /// The catalogue item with this id.
  func shoppingItem(id: UUID) throws -> ShoppingItem?

  /// The user's catalogue item whose name equals `name` ignoring case.
  /// - Complexity: O(log *n*) through the index that keeps names unique.
  func shoppingItem(ownerID: UUID, named name: String) throws -> ShoppingItem?

  /// Catalogue items whose name contains `query` ignoring case and accents: names that start
  /// with it first, then names with a word that starts with it, then the rest, each by name.
  func searchShoppingItems(ownerID: UUID, matching query: String, limit: Int) throws
    -> [ShoppingItem]

  /// Every shopping list the user owns, with their counts, in no particular order.
  func shoppingLists(ownerID: UUID) throws -> [ShoppingList]

  /// The user's shopping lists whose ``ChecklistsCore/NameKey/lookup(_:)`` key is `key`.
  /// - Complexity: O(log *lists* + *k*) through an index.
  func shoppingLists(ownerID: UUID, nameKey key: String) throws -> [ShoppingList]

  /// The user's shopping lists whose lookup key starts with `prefix`.
  /// - Complexity: O(log *lists* + *k*) through an index.
  func shoppingLists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [ShoppingList]

  /// How many shopping lists the user owns.
  /// - Complexity: O(*lists*) entries of an index: for messages, not for every command.
  func shoppingListCount(ownerID: UUID) throws -> Int

  /// The id of the shopping list at zero-based `index` of the user's lists (their own and
  /// those shared with them, by name as All Lists sorts, own list first).
  /// - Complexity: O(log *lists* + `index`) entries of an index; no list is read.
  func visibleShoppingListID(userID: UUID, at index: Int) throws -> UUID?

  /// The shopping list with this id, with its counts.
  func shoppingList(id: UUID) throws -> ShoppingList?

  /// The list's entries, in no particular order.
  func entries(listID: UUID) throws -> [ShoppingEntry]

  /// The list's entry for a catalogue item.
  func entry(listID: UUID, itemID: UUID) throws -> ShoppingEntry?

  /// The lists that have an entry for a catalogue item.
  func listIDs(containing itemID: UUID) throws -> [UUID]

  /// The user's changes after `sequence`, oldest first, at most `limit` of them.
  func changes(ownerID: UUID, after sequence: Int64, limit: Int) throws -> [Change]

  /// The sequence of the user's latest change, or 0.
  func lastChangeSequence(ownerID: UUID) throws -> Int64
}

/// The writing primitives for shopping, valid only inside ``ShoppingStore/writeShopping(_:)``.
public protocol ShoppingStoreWriter: ShoppingStoreReader, FieldRevisionWriter, ShopStoreWriter,
  TripStoreWriter
{
  /// Records that the user's catalogue exists (it has been seeded) and its currency.
  func insertCatalogue(ownerID: UUID, currency: Currency, createdAt: Date) throws

  /// Adds a catalogue item. The store refuses a second item with the same name ignoring case.
  func insertShoppingItem(_ item: ShoppingItem) throws

  /// Stores an item's name, price, unit, category, revision and update date.
  func updateShoppingItem(_ item: ShoppingItem) throws

  /// Removes a catalogue item and its entries on every list.
  func deleteShoppingItem(id: UUID) throws

  /// Adds an empty shopping list.
  func insertShoppingList(_ list: ShoppingList) throws

  /// Stores a list's name, revision and update date.
  func updateShoppingList(_ list: ShoppingList) throws

  /// Removes a list and its entries (the catalogue items stay).
  func deleteShoppingList(id: UUID) throws

  /// Adds an entry, or replaces the list's entry for the same item.
  func saveEntry(_ entry: ShoppingEntry) throws

  /// Removes the list's entry for a catalogue item.
  func deleteEntry(listID: UUID, itemID: UUID) throws

  /// Removes the list's entries that are in the cart.
  /// - Returns: How many were removed.
  func deleteEntriesInCart(listID: UUID) throws -> Int

  /// Appends to the change log.
  /// - Returns: The change's sequence number.
  func appendChange(_ change: Change) throws -> Int64
}
