import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// Runs `body` in a read transaction.
  public func readSmartLists<T: Sendable>(_ body: (any SmartListStoreReader) throws -> T) throws
    -> T
  {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: SmartListStoreReader {
  /// The ids of the checklists user `?1` sees: their own and those shared with them.
  private static let visibleLists = """
    WITH visible(id) AS (
      SELECT id FROM checklists WHERE owner_id = ?1
      UNION ALL SELECT collection_id FROM shares WHERE user_id = ?1 AND scope = 'checklist')
    """

  /// The condition on an unchecked item of table `t` for each smart list, and the values of
  /// its parameters, numbered from `?first`. A moment is compared with now and the end of
  /// today; a due day, stored at its start in UTC, with the start of today's and tomorrow's
  /// date in the reader's zone, so that it is the same day in every zone. Each condition starts
  /// with one range of the index by due date (the later of its two bounds).
  private static func condition(
    _ kind: SmartListKind, _ t: String, _ bounds: SmartListBounds, first: Int
  ) -> (sql: String, arguments: [any SQLValueConvertible]) {
    // Before the later bound, then before the moment's or the day's.
    let sql = """
      \(t).due_date < ?\(first) AND (\(t).due_day IS NULL AND \(t).due_date < ?\(first + 1)
        OR \(t).due_day IS NOT NULL AND \(t).due_date < ?\(first + 2))
      """
    switch kind {
    case .today:
      let tomorrow = bounds.today.adding(days: 1).startInUTC
      return (sql, [max(bounds.endOfToday, tomorrow), bounds.endOfToday, tomorrow])
    case .overdue:
      let today = bounds.today.startInUTC
      return (sql, [max(bounds.now, today), bounds.now, today])
    case .scheduled: return ("\(t).due_date IS NOT NULL", [])
    case .flagged: return ("\(t).flagged = 1", [])
    case .all: return ("1 = 1", [])
    }
  }

  func smartListCounts(userID: UUID, bounds: SmartListBounds) throws -> [SmartListKind: Int] {
    // Each count is a range of the index of unchecked items by due date, per visible list;
    // All is the lists' stored counts.
    // Today's parameters are ?2 to ?4, Overdue's ?5 to ?7.
    let today = Self.condition(.today, "i", bounds, first: 2)
    let overdue = Self.condition(.overdue, "i", bounds, first: 5)
    func condition(_ kind: SmartListKind) -> String {
      switch kind {
      case .today: today.sql
      case .overdue: overdue.sql
      default: Self.condition(kind, "i", bounds, first: 0).sql  // no parameters
      }
    }
    func count(_ kind: SmartListKind) -> String {
      // SQLite's planner would take the unchecked-by-due index and read every unchecked item
      // for Flagged; the partial index of flagged ones holds just those.
      let items =
        kind == .flagged ? dialect.table("items i", indexedBy: "items_flagged") : "items i"
      return """
        (SELECT COUNT(*) FROM \(items)
         WHERE i.checklist_id IN (SELECT id FROM visible) AND i.checked = 0
           AND \(condition(kind)))
        """
    }
    let counts = try db.queryFirst(
      """
      \(Self.visibleLists)
      SELECT \(count(.today)), \(count(.scheduled)), \(count(.overdue)), \(count(.flagged)),
        (SELECT COALESCE(SUM(item_count - checked_count), 0) FROM checklists
         WHERE id IN (SELECT id FROM visible))
      """, arguments: [userID as any SQLValueConvertible] + today.arguments + overdue.arguments
    ) { row in (0..<5).map { row.int(Int32($0)) } }
    guard let counts else { return [:] }
    return Dictionary(uniqueKeysWithValues: zip(SmartListKind.allCases, counts))
  }

  func smartListItems(userID: UUID, kind: SmartListKind, bounds: SmartListBounds, limit: Int)
    throws -> [ChecklistItem]
  {
    let lists = "c.list_sort_key, c.list_name, c.list_created_at, c.list_id, items.position"
    let condition = Self.condition(kind, "items", bounds, first: 3)
    // The lists' columns renamed, so the items' columns need no table name.
    return try db.query(
      """
      \(Self.visibleLists)
      SELECT \(Self.itemColumns) FROM items
      JOIN (SELECT id AS list_id, sort_key AS list_sort_key, name AS list_name,
                   created_at AS list_created_at FROM checklists) c
        ON c.list_id = items.checklist_id
      WHERE items.checklist_id IN (SELECT id FROM visible) AND items.checked = 0
        AND \(condition.sql)
      ORDER BY \(kind.isByDueDate ? "items.due_date, " : "")\(lists) LIMIT ?2
      """, arguments: [userID as any SQLValueConvertible, limit] + condition.arguments,
      map: Self.item)
  }

  func searchItems(userID: UUID, words: [String], limitPerList: Int) throws -> [ChecklistItem] {
    let (matches, arguments) = Self.matchingIDs(words, kind: "item", firstParameter: 3)
    return try db.query(
      """
      \(Self.visibleLists)
      SELECT \(Self.itemColumns) FROM items WHERE items.id IN (
        SELECT id FROM (
          SELECT i.id, ROW_NUMBER() OVER (PARTITION BY i.checklist_id ORDER BY i.position) AS n
          FROM items i
          WHERE i.id IN (\(matches)) AND i.checklist_id IN (SELECT id FROM visible)) ranked
        WHERE n <= ?2)
      ORDER BY items.checklist_id, items.position
      """, arguments: [userID, limitPerList] + arguments, map: Self.item)
  }

  func searchCatalogue(ownerID: UUID, words: [String], limit: Int) throws -> [ShoppingItem] {
    let (matches, arguments) = Self.matchingIDs(words, kind: "catalogue", firstParameter: 3)
    let ids = try db.query(
      """
      SELECT id FROM shopping_items WHERE owner_id = ?1 AND id IN (\(matches)) LIMIT ?2
      """, arguments: [ownerID, limit] + arguments
    ) { try $0.uuid(0) }
    return try ids.compactMap { try shoppingItem(id: $0) }
  }
}
