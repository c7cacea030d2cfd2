import ChecklistsCore
import Foundation

/// The reading primitives for shops and their learned order, part of every
/// ``ShoppingStoreReader`` (a trip reads its list's shop inside the trip's transaction).
public protocol ShopStoreReader {
  /// Every shop of the user's, with its sections and item ranks, in no particular order.
  func shops(ownerID: UUID) throws -> [Shop]

  /// The shop with this id, with its sections and item ranks.
  func shop(id: UUID) throws -> Shop?

  /// The user's shop whose name equals `name` ignoring case.
  /// - Complexity: O(log *n*) through the index that keeps names unique.
  func shop(ownerID: UUID, named name: String) throws -> Shop?

  /// The shop last picked for a shopping list, if any.
  func shopID(ofList listID: UUID) throws -> UUID?
}

/// The writing primitives for shops, part of every ``ShoppingStoreWriter``.
public protocol ShopStoreWriter: ShopStoreReader {
  /// Adds a shop with its sections and item ranks. The store refuses a second shop of the
  /// user's with the same name ignoring case.
  func insertShop(_ shop: Shop) throws

  /// Stores a shop's name, revision, update date and sections (replacing those it had).
  /// Item ranks are saved apart (``saveItemRanks(_:shopID:)``): a trip changes only a few.
  func updateShop(_ shop: Shop) throws

  /// Adds or replaces the ranks of these items in the shop.
  func saveItemRanks(_ ranks: [UUID: ShopRank], shopID: UUID) throws

  /// Removes a shop; lists that had it picked have none.
  /// - Returns: The ids of the lists that had it picked.
  func deleteShop(id: UUID) throws -> [UUID]

  /// Picks the shop for a shopping list, or none.
  func setShop(_ shopID: UUID?, ofList listID: UUID) throws
}
