import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ShoppingService {
  // MARK: - Lists

  /// Creates a shopping list.
  /// - Parameter name: Trimmed, 1 to 200 characters, unique among the user's shopping lists
  ///   ignoring case.
  /// - Throws: `invalidInput` for a bad name, `conflict` when it is taken.
  @discardableResult
  public func createList(named name: String) throws -> ShoppingList {
    try createList(id: nil, named: name).list
  }

  /// Creates a shopping list with an id the client chose, safe to send twice.
  /// - Parameters:
  ///   - id: The new list's id; nil chooses one. A shopping list of the user's with this id
  ///     and name is the same create again: it is answered and nothing is written.
  ///   - name: Trimmed, 1 to 200 characters, unique among the user's shopping lists ignoring
  ///     case.
  /// - Returns: The list, and whether this call made it.
  /// - Throws: `invalidInput` for a bad name; `conflict` when the name is taken, when the list
  ///   with this id has another name, or the id is taken or was deleted.
  @discardableResult
  public func createList(id: UUID?, named name: String) throws -> (
    list: ShoppingList, isNew: Bool
  ) {
    try store.writeShopping { tx in try createList(id: id, named: name, in: tx) }
  }

  /// ``createList(id:named:)`` inside a transaction that may do more.
  func createList(id: UUID?, named name: String, in tx: any ShoppingStoreWriter) throws -> (
    list: ShoppingList, isNew: Bool
  ) {
    let name = try ShoppingList.validatedName(name)
    if let id, try ClientID.isReplay(id, of: .shoppingList, ownerID: owner.id, in: tx) {
      let list = try accessibleList(id, for: .read, in: tx)
      try ClientID.checkSameContent(
        id, of: .shoppingList, [("name", ClientID.shown(list.name), ClientID.shown(name))])
      return (list, false)
    }
    try ensureListNameIsFree(name, in: tx)
    let list = ShoppingList(id: id ?? UUID(), ownerID: owner.id, name: name, createdAt: now())
    try tx.insertShoppingList(list)
    _ = try tx.appendChange(
      Change(
        ownerID: owner.id, collectionID: list.id, kind: .shoppingListCreated,
        revision: list.revision, date: list.createdAt))
    return (list, true)
  }

  /// Renames a shopping list.
  /// - Throws: `notFound`, `invalidInput`, `conflict` (name taken) or `stale`.
  @discardableResult
  public func renameList(id: UUID, to name: String, expectedRevision: Int64? = nil) throws
    -> ShoppingList
  {
    try store.writeShopping { tx in
      try renameList(id: id, to: name, expectedRevision: expectedRevision, in: tx)
    }
  }

  /// ``renameList(id:to:expectedRevision:)`` inside a transaction that may do more.
  func renameList(
    id: UUID, to name: String, expectedRevision: Int64?, in tx: any ShoppingStoreWriter
  ) throws -> ShoppingList {
    let name = try ShoppingList.validatedName(name)
    var list = try accessibleList(id, for: .own, in: tx)
    // Against an older revision, the rename goes on unless the name changed since.
    let changed = name != list.name ? ["name"] : []
    try tx.checkFields(
      changed, of: .id(id), expected: expectedRevision, revision: list.revision,
      what: "shopping list '\(list.name)'", current: .shoppingList(list))
    if name != list.name {
      try ensureListNameIsFree(name, in: tx, except: id)
      list.name = name
    }
    try bump(&list, .shoppingListUpdated, in: tx)
    try tx.recordChanges(
      of: .id(id), changed, revision: list.revision, by: owner.id, at: list.updatedAt)
    return list
  }

  /// Deletes a shopping list; its items stay in the catalogue.
  /// - Returns: The list as it was.
  /// - Throws: `notFound` saying it does not exist or was already deleted (a replayed delete
  ///   takes that as done), `forbidden`, `stale`.
  @discardableResult
  public func deleteList(id: UUID, expectedRevision: Int64? = nil) throws -> ShoppingList {
    try store.writeShopping { tx in
      try deleteList(id: id, expectedRevision: expectedRevision, in: tx)
    }
  }

  /// ``deleteList(id:expectedRevision:)`` inside a transaction that may do more.
  func deleteList(id: UUID, expectedRevision: Int64?, in tx: any ShoppingStoreWriter) throws
    -> ShoppingList
  {
    var list = try ChecklistsError.deleting("shopping list", id: id) {
      try accessibleList(id, for: .own, in: tx)
    }
    try check(expectedRevision, against: list.revision, what: "shopping list '\(list.name)'")
    let before = list
    try bump(&list, .shoppingListDeleted, in: tx)
    try tx.deleteShoppingList(id: id)
    return before
  }

  // MARK: - Entries

  /// Puts a catalogue item on a list (the Items screen's tap), or changes how many when it is
  /// already there.
  /// - Parameter quantity: How many; nil keeps the entry's quantity (1 for a new entry).
  /// - Returns: The entry, and whether it is new.
  /// - Throws: `notFound` for an unknown list or item, `invalidInput` for a bad quantity.
  @discardableResult
  public func put(itemID: UUID, onList listID: UUID, quantity: Int? = nil) throws -> (
    entry: ShoppingEntry, isNew: Bool
  ) {
    let quantity = try quantity.map(ShoppingEntry.validatedQuantity)
    return try store.writeShopping { tx in
      let list = try accessibleList(listID, for: .edit, in: tx)
      let item = try catalogueItem(itemID, for: list, in: tx)
      return try put(item, onList: listID, quantity: quantity, in: tx)
    }
  }

  /// Puts an item on a list by name: the catalogue item of that name (ignoring case), or a new
  /// one without a price when there is none, so adding "milk" twice never makes two Milks.
  /// - Returns: The item, the entry, and whether the item is new to the catalogue.
  @discardableResult
  public func put(named name: String, onList listID: UUID, quantity: Int? = nil) throws -> (
    item: ShoppingItem, entry: ShoppingEntry, isNewItem: Bool
  ) {
    try store.writeShopping { tx in
      try put(named: name, onList: listID, quantity: quantity, in: tx)
    }
  }

  /// ``put(named:onList:quantity:)`` inside a transaction that may do more.
  func put(named name: String, onList listID: UUID, quantity: Int?, in tx: any ShoppingStoreWriter)
    throws -> (item: ShoppingItem, entry: ShoppingEntry, isNewItem: Bool)
  {
    let name = try ShoppingItem.validatedName(name)
    let quantity = try quantity.map(ShoppingEntry.validatedQuantity)
    // The list's catalogue: an editor of someone else's list adds to the owner's catalogue.
    let list = try accessibleList(listID, for: .edit, in: tx)
    var item = try tx.shoppingItem(ownerID: list.ownerID, named: name)
    let isNewItem = item == nil
    if item == nil {
      let new = ShoppingItem(
        ownerID: list.ownerID, name: name, category: category(nil, forNew: name),
        createdAt: now())
      try tx.insertShoppingItem(new)
      try log(.catalogueItemAdded, item: new, in: tx)
      item = new
    }
    let (entry, _) = try put(item!, onList: listID, quantity: quantity, in: tx)
    return (item!, entry, isNewItem)
  }

  /// Changes a list's entry: how many, and whether it is in the cart.
  /// - Parameter expectedRevision: When given (the entry's revision the client read), the change
  ///   is refused only if a field it changes changed since.
  /// - Throws: `notFound` when the item is not on the list, `invalidInput` for a bad quantity,
  ///   ``FieldConflictError`` or `stale`.
  @discardableResult
  public func updateEntry(
    itemID: UUID, onList listID: UUID, quantity: Int? = nil, isInCart: Bool? = nil,
    expectedRevision: Int64? = nil
  ) throws -> ShoppingEntry {
    try store.writeShopping { tx in
      try updateEntry(
        itemID: itemID, onList: listID, quantity: quantity, isInCart: isInCart,
        expectedRevision: expectedRevision, in: tx)
    }
  }

  /// ``updateEntry(itemID:onList:quantity:isInCart:expectedRevision:)`` inside a transaction
  /// that may do more. Writes nothing when nothing changes.
  func updateEntry(
    itemID: UUID, onList listID: UUID, quantity: Int?, isInCart: Bool?, expectedRevision: Int64?,
    in tx: any ShoppingStoreWriter
  ) throws -> ShoppingEntry {
    let quantity = try quantity.map(ShoppingEntry.validatedQuantity)
    // Putting something in the cart needs less than changing the list.
    let access: Access = quantity == nil ? .check : .edit
    var (list, entry) = try accessibleEntry(itemID: itemID, listID: listID, for: access, in: tx)
    let before = entry
    if let quantity { entry.quantity = quantity }
    if let isInCart { entry.isInCart = isInCart }
    let changed = before.changedFields(to: entry)
    if let expectedRevision, expectedRevision != before.revision {
      // Against an older revision, the change goes on unless a field it changes changed since.
      let item = try catalogueItem(itemID, for: list, in: tx)
      try tx.checkFields(
        changed, of: .entry(listID: listID, itemID: itemID), expected: expectedRevision,
        revision: before.revision,
        what: "entry '\(item.name)' of the shopping list '\(list.name)'",
        current: .entry(ShoppingLine(entry: before, item: item)),
        viewer: (owner.id, list.ownerID))
    }
    // Two phones checking the same item agree without a second change.
    guard entry != before else { return entry }
    try bump(&list, .entryUpdated, itemID: itemID, in: tx)
    entry.revision = list.revision
    // The walk: the list's revision counts up, so it orders what went into the cart.
    if entry.isInCart != before.isInCart {
      entry.cartOrder = entry.isInCart ? list.revision : nil
    }
    try tx.saveEntry(entry)
    try tx.recordChanges(
      of: .entry(listID: listID, itemID: itemID), changed, revision: list.revision,
      by: owner.id, at: list.updatedAt)
    return entry
  }

  /// Takes an item off a list (it stays in the catalogue).
  /// - Throws: `notFound` when the list does not exist or was deleted, or the item is not on
  ///   it (never put on, or already taken off: a replayed removal takes that as done).
  public func removeEntry(itemID: UUID, fromList listID: UUID) throws {
    try store.writeShopping { tx in try removeEntry(itemID: itemID, fromList: listID, in: tx) }
  }

  /// ``removeEntry(itemID:fromList:)`` inside a transaction that may do more.
  func removeEntry(itemID: UUID, fromList listID: UUID, in tx: any ShoppingStoreWriter) throws {
    var list = try ChecklistsError.deleting("shopping list", id: listID) {
      try accessibleList(listID, for: .edit, in: tx)
    }
    guard try tx.entry(listID: listID, itemID: itemID) != nil else {
      let name =
        (try? catalogueItem(itemID, for: list, in: tx)).map { "'\($0.name)'" } ?? "That item"
      throw ChecklistsError(
        .notFound,
        MessageText("errors.shopping.shoppingListNever", ["name": name, "listName": list.name]))
    }
    try tx.deleteEntry(listID: listID, itemID: itemID)
    try bump(&list, .entryDeleted, itemID: itemID, in: tx)
  }

  /// Ends a shopping trip: takes what is in the cart off the list. The items stay in the
  /// catalogue, ready for next time.
  /// - Returns: How many entries were cleared.
  @discardableResult
  public func finishShopping(listID: UUID) throws -> Int {
    try finishShopping(listID: listID, clientID: nil).cleared
  }

  /// Ends a shopping trip: records it (what was in the cart, in the order it went in, with
  /// the prices of the moment and the list's shop), lets the shop learn the walk, and takes
  /// what is in the cart off the list, all in one transaction. The items stay in the catalogue.
  /// - Parameter clientID: An id the client chose for this finish: sent again, the finish
  ///   answers the trip it recorded and changes nothing.
  /// - Returns: How many entries were cleared, and the trip (nil when the cart was empty).
  /// - Throws: `notFound` or `forbidden` for a list the user may not check; `conflict` when
  ///   `clientID` was used for another finish.
  @discardableResult
  public func finishShopping(listID: UUID, clientID: UUID?) throws -> (
    cleared: Int, trip: Trip?
  ) {
    try store.writeShopping { tx in
      var list = try accessibleList(listID, for: .check, in: tx)
      if let clientID, let trip = try replayedTrip(clientID: clientID, listID: listID, in: tx) {
        return (0, trip)
      }
      let trip = try recordTrip(of: list, clientID: clientID, in: tx)
      let cleared = try tx.deleteEntriesInCart(listID: listID)
      if cleared > 0 { try bump(&list, .shoppingListUpdated, in: tx) }
      if trip != nil {
        _ = try tx.appendChange(
          Change(
            ownerID: list.ownerID, collectionID: list.id, kind: .tripRecorded,
            revision: list.revision, date: list.updatedAt))
      }
      return (cleared, trip)
    }
  }

  // MARK: - Rules

  func put(
    _ item: ShoppingItem, onList listID: UUID, quantity: Int?, in tx: any ShoppingStoreWriter
  ) throws -> (entry: ShoppingEntry, isNew: Bool) {
    var list = try accessibleList(listID, for: .edit, in: tx)
    if var entry = try tx.entry(listID: listID, itemID: item.id) {
      guard let quantity, quantity != entry.quantity else { return (entry, false) }
      entry.quantity = quantity
      try bump(&list, .entryUpdated, itemID: item.id, in: tx)
      entry.revision = list.revision
      try tx.saveEntry(entry)
      try tx.recordChanges(
        of: .entry(listID: listID, itemID: item.id), ["quantity"], revision: list.revision,
        by: owner.id, at: list.updatedAt)
      return (entry, false)
    }
    try bump(&list, .entryAdded, itemID: item.id, in: tx)
    let entry = ShoppingEntry(
      listID: listID, itemID: item.id, quantity: quantity ?? 1, revision: list.revision)
    try tx.saveEntry(entry)
    return (entry, true)
  }

  func accessibleEntry(
    itemID: UUID, listID: UUID, for access: Access, in tx: any ShoppingStoreReader
  ) throws -> (ShoppingList, ShoppingEntry) {
    let list = try accessibleList(listID, for: access, in: tx)
    guard let entry = try tx.entry(listID: listID, itemID: itemID) else {
      let name =
        (try? catalogueItem(itemID, for: list, in: tx)).map { "'\($0.name)'" } ?? "That item"
      throw ChecklistsError(
        .notFound,
        MessageText("errors.shopping.shoppingList", ["name": name, "listName": list.name]))
    }
    return (list, entry)
  }

  func ensureListNameIsFree(
    _ name: String, in tx: any ShoppingStoreReader, except id: UUID? = nil
  ) throws {
    let taken = try tx.shoppingLists(ownerID: owner.id, nameKey: NameKey.lookup(name)).first {
      $0.id != id && Checklist.namesMatch($0.name, name)
    }
    if let taken {
      throw ChecklistsError(
        .conflict, MessageText("errors.shopping.shoppingListNamed", ["takenName": taken.name]))
    }
  }
}
