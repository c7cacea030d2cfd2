import ChecklistsCore
import Foundation

// The seam between finishing a trip (trips: the record of what was bought) and the shop's
// learned order (aisles). Finishing a trip calls these inside its transaction; the aisles
// work fills in their bodies. Until then a trip has no shop and teaches nothing.

extension ShoppingService {
  /// The shop a list's trip is in: the one last picked for the list, or nil.
  /// - Parameters:
  ///   - list: The list being shopped.
  ///   - tx: The trip's transaction.
  func tripShop(of list: ShoppingList, in tx: any ShoppingStoreReader) throws -> (
    id: UUID, name: String
  )? {
    nil
  }

  /// A trip's lines in the order they were put in the cart (first in first).
  /// - Parameter lines: The lines that are in the cart, in any order.
  func cartWalk(_ lines: [ShoppingLine]) -> [ShoppingLine] {
    lines
  }

  /// Moves the shop's section order, and the order of items inside each section, towards
  /// the order of one trip's walk through it.
  /// - Parameters:
  ///   - shopID: The trip's shop.
  ///   - walk: The trip's lines in the order they went into the cart.
  ///   - tx: The trip's transaction.
  func learnWalk(shopID: UUID, walk: [ShoppingLine], in tx: any ShoppingStoreWriter) throws {}
}
