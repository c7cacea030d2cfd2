import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ShoppingService {
  /// Imports catalogue items, such as the Shopping List app's `items` file, in one transaction.
  ///
  /// An item whose name is already in the catalogue (ignoring case) is the same item: it takes
  /// the file's price; a new one gets its category from the grocery table. Items that were on
  /// the app's shopping list are put on `listID`. Items
  /// without a name are left out and counted; the original app let them in, we do not.
  /// - Parameter listID: The list for items that were on the shopping list.
  /// - Returns: What was added, updated and put on the list.
  /// - Throws: `notFound` for an unknown list, `invalidInput` naming the first bad item (a name
  ///   too long or with control characters), in which case nothing is written.
  @discardableResult
  public func importItems(_ items: [PortableShoppingItem], onList listID: UUID) throws
    -> ShoppingImportReport
  {
    var report = ShoppingImportReport()
    var valid: [(PortableShoppingItem, String)] = []
    for (index, item) in items.enumerated() {
      if item.name.allSatisfy({ $0.isWhitespace }) {
        report.skippedWithoutName += 1
        continue
      }
      do {
        valid.append((item, try ShoppingItem.validatedName(item.name)))
      } catch let error as ChecklistsError {
        throw ChecklistsError.invalid(
          MessageText(
            "errors.import.item", ["number": String(index + 1), "problem": error.message]))
      }
    }
    return try store.writeShopping { tx in
      let date = now()
      for (portable, name) in valid {
        var item: ShoppingItem
        if var existing = try tx.shoppingItem(ownerID: owner.id, named: name) {
          if existing.price != portable.price, let price = portable.price {
            let previousPrice = existing.price
            existing.price = price
            existing.revision += 1
            existing.updatedAt = date
            try tx.updateShoppingItem(existing)
            try recordPrice(of: existing, previous: previousPrice, in: tx)
            // Recorded like an edit, so a stale PATCH of the price meets a 412.
            try tx.recordChanges(
              of: .id(existing.id), ["price"], revision: existing.revision, by: owner.id, at: date)
            report.updated += 1
          }
          item = existing
        } else {
          // A file's id is reused only when nothing of any kind holds it, alive or deleted.
          let id = try portable.id.flatMap { try tx.claim(onID: $0) == nil ? $0 : nil }
          item = ShoppingItem(
            id: id ?? UUID(), ownerID: owner.id, name: name, price: portable.price,
            category: category(nil, forNew: name), createdAt: date)
          try tx.insertShoppingItem(item)
          try recordPrice(of: item, in: tx)
          report.added += 1
        }
        if portable.isOnShoppingList, try tx.entry(listID: listID, itemID: item.id) == nil {
          _ = try accessibleList(listID, for: .own, in: tx)
          try tx.saveEntry(ShoppingEntry(listID: listID, itemID: item.id))
          report.putOnList += 1
        }
      }
      // One entry per collection: readers re-read the catalogue and the list. An import that
      // changed nothing logs nothing, so ETags and live pages stay as they are.
      var list = try accessibleList(listID, for: .own, in: tx)
      guard report.added + report.updated + report.putOnList > 0 else { return report }
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: owner.id, kind: .catalogueUpdated, revision: 1,
          date: date))
      try bump(&list, .shoppingListUpdated, in: tx)
      return report
    }
  }
}
