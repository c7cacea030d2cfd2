import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// Runs `body` in a read transaction.
  public func readShopping<T: Sendable>(_ body: (any ShoppingStoreReader) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func writeShopping<T: Sendable>(_ body: (any ShoppingStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: ShoppingStoreWriter {
  private static let shoppingItemColumns = """
    id, owner_id, name, price_minor_units, currency, unit, category, revision, created_at,
    updated_at
    """
  static let shoppingListColumns = """
    id, owner_id, name, revision, created_at, updated_at, entry_count, in_cart_count
    """

  // MARK: Reading

  func catalogueCurrency(ownerID: UUID) throws -> Currency? {
    try db.queryFirst("SELECT currency FROM user_settings WHERE user_id = ?", ownerID) {
      try Self.currency($0.string(0))
    }
  }

  func shoppingItems(ownerID: UUID) throws -> [ShoppingItem] {
    try db.query(
      "SELECT \(Self.shoppingItemColumns) FROM shopping_items WHERE owner_id = ?", ownerID,
      map: Self.shoppingItem)
  }

  func shoppingItem(id: UUID) throws -> ShoppingItem? {
    try db.queryFirst(
      "SELECT \(Self.shoppingItemColumns) FROM shopping_items WHERE id = ?", id,
      map: Self.shoppingItem)
  }

  func shoppingItem(ownerID: UUID, named name: String) throws -> ShoppingItem? {
    try db.queryFirst(
      "SELECT \(Self.shoppingItemColumns) FROM shopping_items WHERE owner_id = ? AND name_key = ?",
      ownerID, ShoppingItem.uniquenessKey(name), map: Self.shoppingItem)
  }

  func searchShoppingItems(ownerID: UUID, matching query: String, limit: Int) throws
    -> [ShoppingItem]
  {
    let key = ShoppingItem.searchKey(query)
    // Names that start with the query first: a range of the (owner_id, search_key) index, so
    // the usual keystrokes ("m", "mi", "mil") read only the rows they return. Keys compare as
    // UTF-8 bytes, and U+10FFFF sorts after every character that can follow the prefix.
    let starts = try db.query(
      """
      SELECT \(Self.shoppingItemColumns) FROM shopping_items
      WHERE owner_id = ? AND search_key >= ? AND search_key < ?
      ORDER BY search_key, id LIMIT ?
      """, ownerID, key, key + "\u{10FFFF}", limit, map: Self.shoppingItem)
    guard starts.count < limit else { return starts }
    // Then names with a word that starts with it, then the rest: a scan of the owner's
    // names, only when the prefixes did not fill the answer.
    let inside = try db.query(
      Self.searchInsideNames(dialect), ownerID, key, limit - starts.count, map: Self.shoppingItem)
    return starts + inside
  }

  /// Catalogue items of owner `?1` whose search key holds `?2` after its start, those with a
  /// word starting with it first, at most `?3`.
  ///
  /// On SQLite the scan reads the index (short keys and rowids) rather than the table's rows,
  /// and only the rows returned are read (see docs/PERFORMANCE.md); PostgreSQL's planner scans
  /// the owner's rows through the same index itself (the dialect's `limitedQuery`).
  private static func searchInsideNames(_ dialect: any SQLDialect) -> String {
    let found = dialect.position(of: "?2", in: "search_key")
    let startsWord = dialect.position(of: "' ' || ?2", in: "search_key")
    return dialect.limitedQuery(
      shoppingItemColumns, from: "shopping_items", indexedBy: "shopping_items_by_search_key",
      where: "owner_id = ?1 AND \(found) > 1", orderBy: "\(startsWord) = 0, search_key",
      tieBreak: "id", limit: "?3")
  }

  func shoppingLists(ownerID: UUID) throws -> [ShoppingList] {
    try db.query(
      "SELECT \(Self.shoppingListColumns) FROM shopping_lists WHERE owner_id = ?", ownerID,
      map: Self.shoppingList)
  }

  func shoppingList(id: UUID) throws -> ShoppingList? {
    try db.queryFirst(
      "SELECT \(Self.shoppingListColumns) FROM shopping_lists WHERE id = ?", id,
      map: Self.shoppingList)
  }

  func entries(listID: UUID) throws -> [ShoppingEntry] {
    try db.query(
      """
      SELECT list_id, item_id, quantity, in_cart, revision, cart_order FROM shopping_entries
      WHERE list_id = ?
      """, listID, map: Self.entry)
  }

  func entry(listID: UUID, itemID: UUID) throws -> ShoppingEntry? {
    try db.queryFirst(
      """
      SELECT list_id, item_id, quantity, in_cart, revision, cart_order FROM shopping_entries
      WHERE list_id = ? AND item_id = ?
      """, listID, itemID, map: Self.entry)
  }

  func listIDs(containing itemID: UUID) throws -> [UUID] {
    try db.query("SELECT list_id FROM shopping_entries WHERE item_id = ?", itemID) {
      try $0.uuid(0)
    }
  }

  // MARK: Writing

  func insertCatalogue(ownerID: UUID, currency: Currency, createdAt: Date) throws {
    try db.run(
      "INSERT INTO shopping_catalogues (owner_id, created_at) VALUES (?, ?)", ownerID, createdAt)
    try db.run(
      "INSERT INTO user_settings (user_id, currency, updated_at) VALUES (?, ?, ?)", ownerID,
      currency.code, createdAt)
  }

  func insertShoppingItem(_ item: ShoppingItem) throws {
    try db.run(
      """
      INSERT INTO shopping_items (id, owner_id, name, name_key, search_key, price_minor_units,
                                  currency, unit, category, revision, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, item.id, item.ownerID, item.name, ShoppingItem.uniquenessKey(item.name),
      ShoppingItem.searchKey(item.name), item.price?.minorUnits, item.price?.currency.code,
      item.unit, item.category, item.revision, item.createdAt, item.updatedAt)
    try SQLChecklistStore.indexCatalogueWords(db, id: item.id, name: item.name)
  }

  func updateShoppingItem(_ item: ShoppingItem) throws {
    try db.run(
      """
      UPDATE shopping_items SET name = ?, name_key = ?, search_key = ?, price_minor_units = ?,
        currency = ?, unit = ?, category = ?, revision = ?, updated_at = ?
      WHERE id = ?
      """, item.name, ShoppingItem.uniquenessKey(item.name), ShoppingItem.searchKey(item.name),
      item.price?.minorUnits, item.price?.currency.code, item.unit, item.category, item.revision,
      item.updatedAt, item.id)
    try SQLChecklistStore.indexCatalogueWords(db, id: item.id, name: item.name)
  }

  func deleteShoppingItem(id: UUID) throws {
    try db.run("DELETE FROM shopping_items WHERE id = ?", id)
  }

  func insertShoppingList(_ list: ShoppingList) throws {
    try db.run(
      """
      INSERT INTO shopping_lists (id, owner_id, name, name_key, sort_key, revision, created_at,
                                  updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """, list.id, list.ownerID, list.name, NameKey.lookup(list.name),
      NameKey.displayOrder(list.name), list.revision, list.createdAt, list.updatedAt)
  }

  func updateShoppingList(_ list: ShoppingList) throws {
    try db.run(
      """
      UPDATE shopping_lists SET name = ?, name_key = ?, sort_key = ?, revision = ?, updated_at = ?
      WHERE id = ?
      """, list.name, NameKey.lookup(list.name), NameKey.displayOrder(list.name), list.revision,
      list.updatedAt, list.id)
  }

  func deleteShoppingList(id: UUID) throws {
    try db.run("DELETE FROM shopping_lists WHERE id = ?", id)
  }

  func saveEntry(_ entry: ShoppingEntry) throws {
    try db.run(
      """
      INSERT INTO shopping_entries (list_id, item_id, quantity, in_cart, revision, cart_order)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (list_id, item_id) DO UPDATE
        SET quantity = excluded.quantity, in_cart = excluded.in_cart, revision = excluded.revision,
          cart_order = excluded.cart_order
      """, entry.listID, entry.itemID, entry.quantity, entry.isInCart, entry.revision,
      entry.cartOrder)
  }

  func deleteEntry(listID: UUID, itemID: UUID) throws {
    try db.run("DELETE FROM shopping_entries WHERE list_id = ? AND item_id = ?", listID, itemID)
  }

  func deleteEntriesInCart(listID: UUID) throws -> Int {
    try db.run("DELETE FROM shopping_entries WHERE list_id = ? AND in_cart = 1", listID)
  }

  // MARK: Rows

  private static func currency(_ code: String) throws -> Currency {
    guard let currency = Currency(code: code) else {
      throw ChecklistsError(
        .storage, MessageText("errors.database.databaseHoldsUnknownCurrency", ["code": "\(code)"]))
    }
    return currency
  }

  private static func shoppingItem(_ row: SQLRow) throws -> ShoppingItem {
    var price: Price?
    if !row.isNull(3) {
      price = Price(minorUnits: row.int64(3), currency: try currency(row.string(4)))
    }
    return ShoppingItem(
      id: try row.uuid(0), ownerID: try row.uuid(1), name: row.string(2), price: price,
      unit: row.optionalString(5), category: row.optionalString(6), revision: row.int64(7),
      createdAt: row.date(8), updatedAt: row.date(9))
  }

  static func shoppingList(_ row: SQLRow) throws -> ShoppingList {
    ShoppingList(
      id: try row.uuid(0), ownerID: try row.uuid(1), name: row.string(2), revision: row.int64(3),
      createdAt: row.date(4), updatedAt: row.date(5), entryCount: row.int(6),
      inCartCount: row.int(7))
  }

  private static func entry(_ row: SQLRow) throws -> ShoppingEntry {
    ShoppingEntry(
      listID: try row.uuid(0), itemID: try row.uuid(1), quantity: row.int(2),
      isInCart: row.bool(3), revision: row.int64(4),
      cartOrder: row.isNull(5) ? nil : row.int64(5))
  }
}
