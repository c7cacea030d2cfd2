import ChecklistsCore
import ChecklistsStore
import Foundation

extension ShoppingService {
  /// The original app's five tutorial items with its prices (Pear at 62.50, Notepad, Pencil,
  /// Bread, Mango), without categories, put in the catalogue in one transaction as the first
  /// use did before a new catalogue started empty: the tests that read them start from them.
  @discardableResult
  public func addTutorialItems() throws -> [ShoppingItem] {
    let date = now()
    let items = [
      ("Pear", 62.5), ("Notepad", 2.53), ("Pencil", 0.35), ("Bread", 3.12), ("Mango", 1.25),
    ]
    .map { name, amount in
      ShoppingItem(
        ownerID: owner.id, name: name, price: Price(rounding: amount, currency: currency)!,
        createdAt: date)
    }
    try store.writeShopping { tx in
      for item in items { try tx.insertShoppingItem(item) }
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: owner.id, kind: .catalogueUpdated, revision: 1,
          date: date))
    }
    return items
  }
}
