import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

/// The two kinds of list a user names on the command line: a table and its share scope.
private struct NamedListTable {
  let table: String
  let shareScope: String

  static let checklists = NamedListTable(table: "checklists", shareScope: "checklist")
  static let shoppingLists = NamedListTable(table: "shopping_lists", shareScope: "shoppingList")
}

extension SQLChecklistStore.Transaction {
  // MARK: Lists by name and number

  func checklists(ownerID: UUID, nameKey key: String) throws -> [Checklist] {
    try lists(
      in: .checklists, columns: Self.checklistColumns, ownerID: ownerID, nameKey: key,
      map: Self.checklist)
  }

  func checklists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [Checklist] {
    try lists(
      in: .checklists, columns: Self.checklistColumns, ownerID: ownerID,
      nameKeyStartingWith: prefix, map: Self.checklist)
  }

  func checklistCount(ownerID: UUID) throws -> Int {
    try listCount(in: .checklists, ownerID: ownerID)
  }

  func visibleChecklistID(userID: UUID, at index: Int) throws -> UUID? {
    try visibleListID(in: .checklists, userID: userID, at: index)
  }

  // MARK: Shopping lists by name and number

  func shoppingLists(ownerID: UUID, nameKey key: String) throws -> [ShoppingList] {
    try lists(
      in: .shoppingLists, columns: Self.shoppingListColumns, ownerID: ownerID,
      nameKey: key, map: Self.shoppingList)
  }

  func shoppingLists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [ShoppingList] {
    try lists(
      in: .shoppingLists, columns: Self.shoppingListColumns, ownerID: ownerID,
      nameKeyStartingWith: prefix, map: Self.shoppingList)
  }

  func shoppingListCount(ownerID: UUID) throws -> Int {
    try listCount(in: .shoppingLists, ownerID: ownerID)
  }

  func visibleShoppingListID(userID: UUID, at index: Int) throws -> UUID? {
    try visibleListID(in: .shoppingLists, userID: userID, at: index)
  }

  // MARK: Either kind

  private func lists<T>(
    in kind: NamedListTable, columns: String, ownerID: UUID, nameKey key: String,
    map: (SQLRow) throws -> T
  ) throws -> [T] {
    try db.query(
      "SELECT \(columns) FROM \(kind.table) WHERE owner_id = ? AND name_key = ?",
      ownerID, key, map: map)
  }

  private func lists<T>(
    in kind: NamedListTable, columns: String, ownerID: UUID,
    nameKeyStartingWith prefix: String, map: (SQLRow) throws -> T
  ) throws -> [T] {
    // A range of the (owner_id, name_key) index: keys compare as UTF-8 bytes, and U+10FFFF
    // sorts after every character that can follow the prefix.
    try db.query(
      """
      SELECT \(columns) FROM \(kind.table)
      WHERE owner_id = ? AND name_key >= ? AND name_key < ?
      """, ownerID, prefix, prefix + "\u{10FFFF}", map: map)
  }

  private func listCount(in kind: NamedListTable, ownerID: UUID) throws -> Int {
    try db.queryFirst("SELECT COUNT(*) FROM \(kind.table) WHERE owner_id = ?", ownerID) {
      $0.int(0)
    } ?? 0
  }

  private func visibleListID(in kind: NamedListTable, userID: UUID, at index: Int) throws
    -> UUID?
  {
    guard index >= 0 else { return nil }
    let hasShares =
      try db.queryFirst(
        "SELECT 1 FROM shares WHERE user_id = ? AND scope = '\(kind.shareScope)' LIMIT 1", userID
      ) { _ in true } ?? false
    let table = kind.table
    guard hasShares else {
      // Steps over `index` entries of the covering index: no row is read but the one returned.
      return try db.queryFirst(
        """
        SELECT id FROM \(table) WHERE owner_id = ?
        ORDER BY sort_key, name, created_at, id LIMIT 1 OFFSET ?
        """, userID, index
      ) { try $0.uuid(0) }
    }
    // The user's own lists merged with those shared with them, in the order of
    // Checklist.sortsBefore: the own list first of two with one name.
    return try db.queryFirst(
      """
      SELECT id, sort_key, name, 0 AS shared, created_at FROM \(table) WHERE owner_id = ?1
      UNION ALL
      SELECT \(table).id, \(table).sort_key, \(table).name, 1, \(table).created_at
      FROM shares JOIN \(table) ON \(table).id = shares.collection_id
      WHERE shares.user_id = ?1 AND shares.scope = '\(kind.shareScope)'
      ORDER BY 2, 3, 4, 5, 1 LIMIT 1 OFFSET ?2
      """, userID, index
    ) { try $0.uuid(0) }
  }

  // MARK: Items by text and number

  /// The items table, read through its index by text: without INDEXED BY (SQLite's own
  /// syntax), SQLite walks the whole list in position order to spare itself sorting the few
  /// matches; PostgreSQL's planner, which knows the table's size, picks the index itself.
  private var itemsByTextKey: String { dialect.table("items", indexedBy: "items_by_text_key") }

  func items(checklistID: UUID, textKey key: String) throws -> [ChecklistItem] {
    try db.query(
      """
      SELECT \(Self.itemColumns) FROM \(itemsByTextKey)
      WHERE checklist_id = ? AND text_key = ?
      ORDER BY position
      """, checklistID, key, map: Self.item)
  }

  func items(checklistID: UUID, textKeyStartingWith prefix: String) throws -> [ChecklistItem] {
    try db.query(
      """
      SELECT \(Self.itemColumns) FROM \(itemsByTextKey)
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
