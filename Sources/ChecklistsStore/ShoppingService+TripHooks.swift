import ChecklistsCore
import Foundation

// The seam between finishing a trip (trips: the record of what was bought) and the shop's
// learned order (aisles). Finishing a trip calls these inside its transaction.

extension ShoppingService {
  /// The shop a list's trip is in: the one last picked for the list, or nil.
  /// - Parameters:
  ///   - list: The list being shopped.
  ///   - tx: The trip's transaction.
  func tripShop(of list: ShoppingList, in tx: any ShoppingStoreReader) throws -> (
    id: UUID, name: String
  )? {
    try pickedShop(of: list, in: tx).map { ($0.id, $0.name) }
  }

  /// A trip's lines in the order they were put in the cart (first in first).
  /// - Parameter lines: The lines that are in the cart, in any order.
  func cartWalk(_ lines: [ShoppingLine]) -> [ShoppingLine] {
    // Lines put in the cart before cart order was kept (nil) come first, in their order.
    lines.enumerated().sorted { a, b in
      let (x, y) = (a.element.entry.cartOrder ?? .min, b.element.entry.cartOrder ?? .min)
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
  }

  /// Moves the shop's section order, and the order of items inside each section, towards
  /// the order of one trip's walk through it.
  /// - Parameters:
  ///   - shopID: The trip's shop.
  ///   - walk: The trip's lines in the order they went into the cart.
  ///   - tx: The trip's transaction.
  func learnWalk(shopID: UUID, walk: [ShoppingLine], in tx: any ShoppingStoreWriter) throws {
    guard let before = try tx.shop(id: shopID) else { return }
    // Only the shop owner's catalogue items are ranked in it.
    let walk = walk.filter { $0.item.ownerID == before.ownerID }
    var shop = AisleOrder.learning(before, from: walk)
    guard shop != before else { return }
    shop.revision += 1
    shop.updatedAt = now()
    try tx.updateShop(shop)
    try tx.saveItemRanks(
      shop.itemRanks.filter { before.itemRanks[$0.key] != $0.value }, shopID: shopID)
    try log(shop, in: tx)
  }
}
