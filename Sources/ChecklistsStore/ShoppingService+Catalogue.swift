import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ShoppingService {
  /// Adds an item to the catalogue.
  /// - Parameters:
  ///   - name: Trimmed, 1 to 200 characters, unique in the catalogue ignoring case.
  ///   - price: What one costs, if known.
  ///   - unit: How it is sold ("500 g"); blank means none.
  ///   - category: Where it is in the shop ("Fruit"); blank means the grocery table's
  ///     category for the name in ``groceryLanguage``, if it has one.
  ///   - categoryFromTable: False to leave a blank category blank.
  /// - Returns: The new item.
  /// - Throws: `invalidInput` for a bad name or detail, `conflict` when the name is taken.
  @discardableResult
  public func addItem(
    named name: String, price: Price? = nil, unit: String? = nil, category: String? = nil,
    categoryFromTable: Bool = true
  ) throws -> ShoppingItem {
    let name = try ShoppingItem.validatedName(name)
    let unit = try ShoppingItem.validatedDetail(
      unit, field: MessageCatalogue.english.text("errors.field.unit"))
    let category = try ShoppingItem.validatedDetail(
      category, field: MessageCatalogue.english.text("errors.field.category"))
    return try store.writeShopping { tx in
      try ensureNameIsFree(name, in: tx)
      let item = ShoppingItem(
        ownerID: owner.id, name: name, price: price, unit: unit,
        category: categoryFromTable ? self.category(category, forNew: name) : category,
        createdAt: now())
      try tx.insertShoppingItem(item)
      try recordPrice(of: item, in: tx)
      try log(.catalogueItemAdded, item: item, in: tx)
      return item
    }
  }

  /// Adds an item to the catalogue, safe to send twice: what the catalogue already has is
  /// answered, not added again.
  ///
  /// The item with the client's `id`, when it has the same name and details, is the same
  /// create again. So is an item of the same name (ignoring case, as names are unique: "milk"
  /// twice is one Milk) when every detail this call gives (a price, unit or category) is the
  /// one it has; the answer carries that item's id.
  /// - Parameters:
  ///   - id: The new item's id; nil chooses one.
  ///   - name: Trimmed, 1 to 200 characters, unique in the catalogue ignoring case.
  ///   - price: What one costs, if known.
  ///   - unit: How it is sold ("500 g"); blank means none.
  ///   - category: Where it is in the shop ("Fruit"); blank means the grocery table's
  ///     category for the name, if it has one (a replay compares with that one).
  ///   - categoryFromTable: False to leave a blank category blank (`"category": null`).
  /// - Returns: The item, and whether this call added it.
  /// - Throws: `invalidInput` for a bad name or detail; `conflict` when the item with this id
  ///   or this name has other details, or the id is taken or was deleted.
  @discardableResult
  public func addItem(
    id: UUID?, named name: String, price: Price? = nil, unit: String? = nil,
    category: String? = nil, categoryFromTable: Bool = true
  ) throws -> (item: ShoppingItem, isNew: Bool) {
    let name = try ShoppingItem.validatedName(name)
    let unit = try ShoppingItem.validatedDetail(
      unit, field: MessageCatalogue.english.text("errors.field.unit"))
    let category = try ShoppingItem.validatedDetail(
      category, field: MessageCatalogue.english.text("errors.field.category"))
    // What a new item's category is; a replay sent the same, as the first call did.
    let newCategory = categoryFromTable ? self.category(category, forNew: name) : category
    return try store.writeShopping { tx in
      func fields(of item: ShoppingItem, onlyGiven: Bool) -> [(String, String, String)] {
        let details: [(String, String?, String?)] = [
          ("price", item.price.map(Self.shown), price.map(Self.shown)),
          ("unit", item.unit, unit),
          ("category", item.category, onlyGiven ? category : newCategory),
        ]
        return details.filter { !onlyGiven || $0.2 != nil }.map {
          ($0.0, ClientID.shown($0.1), ClientID.shown($0.2))
        }
      }
      if let id, try ClientID.isReplay(id, of: .catalogueItem, ownerID: owner.id, in: tx) {
        let item = try ownedItem(id, in: tx)
        try ClientID.checkSameContent(
          id, of: .catalogueItem,
          [("name", ClientID.shown(item.name), ClientID.shown(name))]
            + fields(of: item, onlyGiven: false))
        return (item, false)
      }
      if let same = try tx.shoppingItem(ownerID: owner.id, named: name) {
        let differences = ClientID.differences(fields(of: same, onlyGiven: true))
        guard differences.isEmpty else {
          throw ChecklistsError(
            .conflict,
            MessageText(
              "errors.catalogue.otherDetails",
              [
                "name": same.name,
                "differences": differences.map {
                  MessageCatalogue.english.text(
                    "errors.id.difference",
                    ["field": $0.field, "stored": $0.stored, "sent": $0.sent])
                }.joined(separator: ", "),
              ]))
        }
        return (same, false)
      }
      let item = ShoppingItem(
        id: id ?? UUID(), ownerID: owner.id, name: name, price: price, unit: unit,
        category: newCategory, createdAt: now())
      try tx.insertShoppingItem(item)
      try recordPrice(of: item, in: tx)
      try log(.catalogueItemAdded, item: item, in: tx)
      return (item, true)
    }
  }

  /// A price as messages show it, the same in every locale.
  static func shown(_ price: Price) -> String {
    price.formatted(locale: Locale(identifier: "en_US_POSIX"))
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
    try store.writeShopping { tx in
      try updateItem(
        id: id, name: name, price: price, unit: unit, category: category,
        expectedRevision: expectedRevision, in: tx)
    }
  }

  /// ``updateItem(id:name:price:unit:category:expectedRevision:)`` inside a transaction that
  /// may do more. Logs a change even when nothing changed, as the public one does.
  func updateItem(
    id: UUID, name: String?, price: Price??, unit: String??, category: String??,
    expectedRevision: Int64?, in tx: any ShoppingStoreWriter
  ) throws -> ShoppingItem {
    let name = try name.map(ShoppingItem.validatedName)
    let unit = try unit.map {
      try ShoppingItem.validatedDetail(
        $0, field: MessageCatalogue.english.text("errors.field.unit"))
    }
    let category = try category.map {
      try ShoppingItem.validatedDetail(
        $0, field: MessageCatalogue.english.text("errors.field.category"))
    }
    var item = try ownedItem(id, in: tx)
    let previousPrice = item.price
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
    try recordPrice(of: item, previous: previousPrice, in: tx)
    try tx.recordChanges(
      of: .id(id), changed, revision: item.revision, by: owner.id, at: item.updatedAt)
    try log(.catalogueItemUpdated, item: item, in: tx)
    return item
  }

  /// Deletes an item from the catalogue and takes it off every list.
  /// - Returns: The item as it was, and how many lists it was taken off.
  /// - Throws: `notFound` saying it does not exist or was already deleted (a replayed delete
  ///   takes that as done), or `stale` when `expectedRevision` is given and the item moved on.
  @discardableResult
  public func deleteItem(id: UUID, expectedRevision: Int64? = nil) throws -> (
    item: ShoppingItem, removedFromLists: Int
  ) {
    try store.writeShopping { tx in
      var item = try ChecklistsError.deleting("catalogue item", id: id) {
        try ownedItem(id, in: tx)
      }
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
        .conflict, MessageText("errors.catalogue.catalogueAlreadyItem", ["takenName": taken.name]))
    }
  }
}
