import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Shops: each with its own order of aisles, picked per list, dragged into order by hand and
/// taught by trips (``ChecklistsCore/AisleOrder``).
extension ShoppingService {
  // MARK: - Reading

  /// The user's shops by name.
  public func shops() throws -> [Shop] {
    try shopsWithVersion().0
  }

  /// The user's shops by name and the sequence of the latest change, from one snapshot.
  public func shopsWithVersion() throws -> ([Shop], Int64) {
    let (shops, sequence) = try store.readShopping { tx in
      (try tx.shops(ownerID: owner.id), try tx.lastChangeSequence(ownerID: owner.id))
    }
    return (shops.sorted(by: Shop.sortsBefore), sequence)
  }

  /// The shops a list can be shopped in: its owner's, by name (the user's own for their
  /// lists; for a list shared with them, the owner's).
  /// - Throws: `notFound` when the list is not visible to the user.
  public func shops(forList listID: UUID) throws -> [Shop] {
    try store.readShopping { tx in
      let list = try accessibleList(listID, for: .read, in: tx)
      return try tx.shops(ownerID: list.ownerID).sorted(by: Shop.sortsBefore)
    }
  }

  /// The user's shop with this id.
  /// - Throws: `notFound` when it does not exist or is someone else's.
  public func shop(id: UUID) throws -> Shop {
    try store.readShopping { tx in try ownedShop(id, in: tx) }
  }

  /// The user's shop a person means by `reference`: its id, or its name ignoring case.
  /// - Throws: `notFound` naming the reference, and the shops there are.
  public func findShop(_ reference: String) throws -> Shop {
    let text = reference.trimmingCharacters(in: .whitespaces)
    return try store.readShopping { tx in
      if let id = UUID.parse(text), let shop = try tx.shop(id: id), shop.ownerID == owner.id {
        return shop
      }
      if let shop = try tx.shop(ownerID: owner.id, named: text) { return shop }
      let names = try tx.shops(ownerID: owner.id).sorted(by: Shop.sortsBefore).map(\.name)
      throw ChecklistsError(
        .notFound,
        names.isEmpty
          ? MessageText("errors.shop.noShopsYet", ["name": text])
          : MessageText(
            "errors.shop.noShopCalled",
            ["name": text, "shops": names.map { "'\($0)'" }.joined(separator: ", ")]))
    }
  }

  // MARK: - Writing

  /// Adds a shop with no order yet: lines read by category name until a trip or a drag
  /// orders them.
  /// - Parameters:
  ///   - id: The new shop's id, chosen by the client to make the create safe to send twice;
  ///     nil chooses one. A shop of the user's with this id and name is answered as it is.
  ///   - name: Trimmed, 1 to 200 characters, unique among the user's shops ignoring case.
  /// - Returns: The shop, and whether this call made it.
  /// - Throws: `invalidInput` for a bad name, `conflict` when it is taken or the id is.
  @discardableResult
  public func createShop(id: UUID? = nil, named name: String) throws -> (shop: Shop, isNew: Bool) {
    let name = try Shop.validatedName(name)
    return try store.writeShopping { tx in
      if let id, try ClientID.isReplay(id, of: .shop, ownerID: owner.id, in: tx) {
        let shop = try ownedShop(id, in: tx)
        try ClientID.checkSameContent(
          id, of: .shop, [("name", ClientID.shown(shop.name), ClientID.shown(name))])
        return (shop, false)
      }
      try ensureShopNameIsFree(name, in: tx)
      let shop = Shop(id: id ?? UUID(), ownerID: owner.id, name: name, createdAt: now())
      try tx.insertShop(shop)
      try log(shop, in: tx)
      return (shop, true)
    }
  }

  /// Renames a shop, or sets its section order by hand (the order after a drag).
  /// - Parameters:
  ///   - name: The new name, or nil to keep it.
  ///   - sections: The full order of categories, first aisle first (see
  ///     ``ChecklistsCore/AisleOrder/dragged(_:to:)``), or nil to keep it.
  ///   - expectedRevision: The revision the client read (If-Match), if any.
  /// - Throws: `notFound`, `invalidInput`, `conflict` (name taken) or `stale`.
  @discardableResult
  public func updateShop(
    id: UUID, name: String? = nil, sections: [String]? = nil, expectedRevision: Int64? = nil
  ) throws -> Shop {
    let name = try name.map(Shop.validatedName)
    return try store.writeShopping { tx in
      var shop = try ownedShop(id, in: tx)
      try check(expectedRevision, against: shop.revision, what: "shop '\(shop.name)'")
      if let name, name != shop.name {
        try ensureShopNameIsFree(name, in: tx, except: id)
        shop.name = name
      }
      if let sections { shop = try AisleOrder.dragged(shop, to: sections) }
      shop.revision += 1
      shop.updatedAt = now()
      try tx.updateShop(shop)
      try log(shop, in: tx)
      return shop
    }
  }

  /// Deletes a shop; the lists that had it picked have none.
  /// - Returns: The shop as it was.
  /// - Throws: `notFound` saying it does not exist or was already deleted, or `stale`.
  @discardableResult
  public func deleteShop(id: UUID, expectedRevision: Int64? = nil) throws -> Shop {
    try store.writeShopping { tx in
      var shop = try ChecklistsError.deleting("shop", id: id) { try ownedShop(id, in: tx) }
      try check(expectedRevision, against: shop.revision, what: "shop '\(shop.name)'")
      let before = shop
      for listID in try tx.deleteShop(id: id) {
        guard var list = try tx.shoppingList(id: listID) else { continue }
        try bump(&list, .shoppingListUpdated, in: tx)
      }
      shop.revision += 1
      shop.updatedAt = now()
      try log(shop, in: tx)
      return before
    }
  }

  /// Picks the shop a list is shopped in (remembered for the list), or none. Part of
  /// shopping: a checker of a shared list may do it, choosing among the owner's shops.
  /// - Parameter shopID: One of the list owner's shops, or nil for none.
  /// - Returns: The list's contents in the shop's order.
  /// - Throws: `notFound` for a list the user cannot see or a shop that is not the owner's,
  ///   `forbidden` below the checker role.
  @discardableResult
  public func pickShop(_ shopID: UUID?, forList listID: UUID) throws -> ShoppingListContents {
    try store.writeShopping { tx in
      var list = try accessibleList(listID, for: .check, in: tx)
      if let shopID {
        guard let shop = try tx.shop(id: shopID), shop.ownerID == list.ownerID else {
          throw ChecklistsError(
            .notFound,
            MessageText("errors.shop.noShopId", ["id": shopID.uuidString, "listName": list.name]))
        }
      }
      if try tx.shopID(ofList: listID) != shopID {
        try tx.setShop(shopID, ofList: listID)
        try bump(&list, .shoppingListUpdated, in: tx)
      }
      return try contents(of: list, in: tx)
    }
  }

  // MARK: - Rules

  /// The shop picked for a list, if it is still one of the list owner's.
  func pickedShop(of list: ShoppingList, in tx: any ShoppingStoreReader) throws -> Shop? {
    guard let id = try tx.shopID(ofList: list.id), let shop = try tx.shop(id: id),
      shop.ownerID == list.ownerID
    else { return nil }
    return shop
  }

  /// A list's contents in its shop's order, read in `tx`.
  func contents(of list: ShoppingList, in tx: any ShoppingStoreReader) throws
    -> ShoppingListContents
  {
    let entries = try tx.entries(listID: list.id)
    var items: [UUID: ShoppingItem] = [:]
    for entry in entries { items[entry.itemID] = try tx.shoppingItem(id: entry.itemID) }
    return ShoppingListContents(
      list: list, entries: entries, items: items, shop: try pickedShop(of: list, in: tx))
  }

  func ownedShop(_ id: UUID, in tx: any ShoppingStoreReader) throws -> Shop {
    guard let shop = try tx.shop(id: id), shop.ownerID == owner.id else {
      throw ChecklistsError(.notFound, MessageText("errors.shop.noSuchId", ["id": id.uuidString]))
    }
    return shop
  }

  /// Logs a change to a shop on its owner's catalogue.
  func log(_ shop: Shop, in tx: any ShoppingStoreWriter) throws {
    _ = try tx.appendChange(
      Change(
        ownerID: shop.ownerID, collectionID: shop.ownerID, kind: .shopUpdated,
        revision: shop.revision, date: shop.updatedAt))
  }

  private func ensureShopNameIsFree(
    _ name: String, in tx: any ShoppingStoreReader, except id: UUID? = nil
  ) throws {
    if let taken = try tx.shop(ownerID: owner.id, named: name), taken.id != id {
      throw ChecklistsError(
        .conflict, MessageText("errors.shop.shopNamedAlready", ["takenName": taken.name]))
    }
  }
}
