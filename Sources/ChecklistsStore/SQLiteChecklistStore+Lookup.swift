import ChecklistsCore
import Foundation
import SQLiteDatabase

extension SQLiteChecklistStore.Transaction {
  // MARK: Lists by name and number

  func checklists(ownerID: UUID, nameKey key: String) throws -> [Checklist] {
    try db.query(
      "SELECT \(Self.checklistColumns) FROM checklists WHERE owner_id = ? AND name_key = ?",
      ownerID, key, map: Self.checklist)
  }

  func checklists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [Checklist] {
    // A range of the (owner_id, name_key) index: keys compare as UTF-8 bytes, and U+10FFFF
    // sorts after every character that can follow the prefix.
    try db.query(
      """
      SELECT \(Self.checklistColumns) FROM checklists
      WHERE owner_id = ? AND name_key >= ? AND name_key < ?
      """, ownerID, prefix, prefix + "\u{10FFFF}", map: Self.checklist)
  }

  func checklistCount(ownerID: UUID) throws -> Int {
    try db.queryFirst("SELECT COUNT(*) FROM checklists WHERE owner_id = ?", ownerID) {
      $0.int(0)
    } ?? 0
  }

  func visibleChecklistID(userID: UUID, at index: Int) throws -> UUID? {
    guard index >= 0 else { return nil }
    let hasShares =
      try db.queryFirst(
        "SELECT 1 FROM shares WHERE user_id = ? AND scope = 'checklist' LIMIT 1", userID
      ) { _ in true } ?? false
    guard hasShares else {
      // Steps over `index` entries of the covering index: no row is read but the one returned.
      return try db.queryFirst(
        """
        SELECT id FROM checklists WHERE owner_id = ?
        ORDER BY sort_key, name, created_at, id LIMIT 1 OFFSET ?
        """, userID, index
      ) { try $0.uuid(0) }
    }
    // The user's own lists merged with those shared with them, in the order of
    // Checklist.sortsBefore: the own list first of two with one name.
    return try db.queryFirst(
      """
      SELECT id, sort_key, name, 0 AS shared, created_at FROM checklists WHERE owner_id = ?1
      UNION ALL
      SELECT checklists.id, checklists.sort_key, checklists.name, 1, checklists.created_at
      FROM shares JOIN checklists ON checklists.id = shares.collection_id
      WHERE shares.user_id = ?1 AND shares.scope = 'checklist'
      ORDER BY 2, 3, 4, 5, 1 LIMIT 1 OFFSET ?2
      """, userID, index
    ) { try $0.uuid(0) }
  }

  // MARK: Items by text and number

  // Without INDEXED BY, SQLite walks the whole list in position order to spare itself sorting
  // the few matches.
  func items(checklistID: UUID, textKey key: String) throws -> [ChecklistItem] {
    try db.query(
      """
      SELECT \(Self.itemColumns) FROM items INDEXED BY items_by_text_key
      WHERE checklist_id = ? AND text_key = ?
      ORDER BY position
      """, checklistID, key, map: Self.item)
  }

  func items(checklistID: UUID, textKeyStartingWith prefix: String) throws -> [ChecklistItem] {
    try db.query(
      """
      SELECT \(Self.itemColumns) FROM items INDEXED BY items_by_text_key
      WHERE checklist_id = ? AND text_key >= ? AND text_key < ?
      ORDER BY position
      """, checklistID, prefix, prefix + "\u{10FFFF}", map: Self.item)
  }

  func itemTexts(checklistID: UUID) throws -> [String] {
    try db.query("SELECT text FROM items WHERE checklist_id = ? ORDER BY position", checklistID) {
      $0.string(0)
    }
  }
}

extension SQLiteChecklistStore.Transaction {
  // MARK: Shopping lists by name and number

  func shoppingLists(ownerID: UUID, nameKey key: String) throws -> [ShoppingList] {
    try db.query(
      "SELECT \(Self.shoppingListColumns) FROM shopping_lists WHERE owner_id = ? AND name_key = ?",
      ownerID, key, map: Self.shoppingList)
  }

  func shoppingLists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [ShoppingList] {
    try db.query(
      """
      SELECT \(Self.shoppingListColumns) FROM shopping_lists
      WHERE owner_id = ? AND name_key >= ? AND name_key < ?
      """, ownerID, prefix, prefix + "\u{10FFFF}", map: Self.shoppingList)
  }

  func shoppingListCount(ownerID: UUID) throws -> Int {
    try db.queryFirst("SELECT COUNT(*) FROM shopping_lists WHERE owner_id = ?", ownerID) {
      $0.int(0)
    } ?? 0
  }

  func visibleShoppingListID(userID: UUID, at index: Int) throws -> UUID? {
    guard index >= 0 else { return nil }
    let hasShares =
      try db.queryFirst(
        "SELECT 1 FROM shares WHERE user_id = ? AND scope = 'shoppingList' LIMIT 1", userID
      ) { _ in true } ?? false
    guard hasShares else {
      return try db.queryFirst(
        """
        SELECT id FROM shopping_lists WHERE owner_id = ?
        ORDER BY sort_key, name, created_at, id LIMIT 1 OFFSET ?
        """, userID, index
      ) { try $0.uuid(0) }
    }
    return try db.queryFirst(
      """
      SELECT id, sort_key, name, 0 AS shared, created_at FROM shopping_lists WHERE owner_id = ?1
      UNION ALL
      SELECT shopping_lists.id, shopping_lists.sort_key, shopping_lists.name, 1,
             shopping_lists.created_at
      FROM shares JOIN shopping_lists ON shopping_lists.id = shares.collection_id
      WHERE shares.user_id = ?1 AND shares.scope = 'shoppingList'
      ORDER BY 2, 3, 4, 5, 1 LIMIT 1 OFFSET ?2
      """, userID, index
    ) { try $0.uuid(0) }
  }
}
