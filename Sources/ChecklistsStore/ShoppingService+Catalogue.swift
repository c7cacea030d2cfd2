import ChecklistsCore
import Foundation

extension ShoppingService {
  /// Adds an item to the catalogue.
  /// - Parameters:
  ///   - name: Trimmed, 1 to 200 characters, unique in the catalogue ignoring case.
  ///   - price: What one costs, if known.
  ///   - unit: How it is sold ("500 g"); blank means none.
  ///   - category: Where it is in the shop ("Fruit"); blank means none.
  /// - Returns: The new item.
  /// - Throws: `invalidInput` for a bad name or detail, `conflict` when the name is taken.
  @discardableResult
  public func addItem(
    named name: String, price: Price? = nil, unit: String? = nil, category: String? = nil
  ) throws -> ShoppingItem {
    let name = try ShoppingItem.validatedName(name)
    let unit = try ShoppingItem.validatedDetail(unit, field: "A unit")
    let category = try ShoppingItem.validatedDetail(category, field: "A category")
    return try store.writeShopping { tx in
      try ensureNameIsFree(name, in: tx)
      let item = ShoppingItem(
        ownerID: owner.id, name: name, price: price, unit: unit, category: category,
        createdAt: now())
      try tx.insertShoppingItem(item)
      try log(.catalogueItemAdded, item: item, in: tx)
      return item
    }
  }

  /// Changes a catalogue item; every list that has it shows the change.
  ///
  /// Each parameter left `nil` keeps its value; `.some(nil)` clears a price, unit or category.
  /// - Parameter expectedRevision: When given, the change is refused if the item moved on.
  /// - Returns: The updated item.
  /// - Throws: `notFound`, `invalidInput`, `conflict` (name taken) or `stale`.
  @discardableResult
  public func updateItem(
    id: UUID, name: String? = nil, price: Price?? = nil, unit: String?? = nil,
    category: String?? = nil, expectedRevision: Int64? = nil
  ) throws -> ShoppingItem {
    let name = try name.map(ShoppingItem.validatedName)
    let unit = try unit.map { try ShoppingItem.validatedDetail($0, field: "A unit") }
    let category = try category.map { try ShoppingItem.validatedDetail($0, field: "A category") }
    return try store.writeShopping { tx in
      var item = try ownedItem(id, in: tx)
      var edited = item
      if let name { edited.name = name }
      if let price { edited.price = price }
      if let unit { edited.unit = unit }
      if let category { edited.category = category }
      // Against an older revision, the edit goes on unless a field it changes changed since.
      let changed = item.changedFields(to: edited)
      try tx.checkFields(
        changed, of: .id(id), expected: expectedRevision, revision: item.revision,
        what: "catalogue item '\(item.name)'", current: .shoppingItem(item))
      if let name, name != item.name {
        try ensureNameIsFree(name, in: tx, except: id)
        item.name = name
      }
      if let price { item.price = price }
      if let unit { item.unit = unit }
      if let category { item.category = category }
      item.revision += 1
      item.updatedAt = now()
      try tx.updateShoppingItem(item)
      try tx.recordChanges(
        of: .id(id), changed, revision: item.revision, by: owner.id, at: item.updatedAt)
      try log(.catalogueItemUpdated, item: item, in: tx)
      return item
    }
  }

  /// Deletes an item from the catalogue and takes it off every list.
  /// - Returns: The item as it was, and how many lists it was taken off.
  /// - Throws: `notFound`, or `stale` when `expectedRevision` is given and the item moved on.
  @discardableResult
  public func deleteItem(id: UUID, expectedRevision: Int64? = nil) throws -> (
    item: ShoppingItem, removedFromLists: Int
  ) {
    try store.writeShopping { tx in
      var item = try ownedItem(id, in: tx)
      try check(expectedRevision, against: item.revision, what: "item '\(item.name)'")
      let listIDs = try tx.listIDs(containing: id)
      for listID in listIDs {
        var list = try accessibleList(listID, for: .own, in: tx)
        try tx.deleteEntry(listID: listID, itemID: id)
        try bump(&list, .entryDeleted, itemID: id, in: tx)
      }
      let before = item
      try tx.deleteShoppingItem(id: id)
      item.revision += 1
      item.updatedAt = now()
      try log(.catalogueItemDeleted, item: item, in: tx)
      return (before, listIDs.count)
    }
  }

  func ensureNameIsFree(_ name: String, in tx: any ShoppingStoreReader, except id: UUID? = nil)
    throws
  {
    if let taken = try tx.shoppingItem(ownerID: owner.id, named: name), taken.id != id {
      throw ChecklistsError(
        .conflict, "The catalogue already has an item called '\(taken.name)'.")
    }
  }
}
