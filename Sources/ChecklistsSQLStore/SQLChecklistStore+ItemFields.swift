import ChecklistsCore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v12: an item's notes, flag, priority, parent (one level of subtasks) and repeat rule, and
  /// the history of a repeating item's completions. The same SQL on both engines; PostgreSQL's
  /// text columns get collation "C" as every other has.
  static func migrateToItemFields(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    let real = db.dialect.double
    try db.execute(
      """
      ALTER TABLE items ADD COLUMN notes \(text) NOT NULL DEFAULT '';
      ALTER TABLE items ADD COLUMN flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1));
      ALTER TABLE items
        ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3);
      -- NULL: a top-level item. One level: a parent has no parent (the service checks).
      ALTER TABLE items ADD COLUMN parent_id \(text);
      -- The canonical RRULE (RFC 5545 subset), NULL when the item does not repeat.
      ALTER TABLE items ADD COLUMN recurrence \(text);
      CREATE INDEX items_by_parent ON items(parent_id) WHERE parent_id IS NOT NULL;
      -- Whether a list has subtasks at all, without reading its items.
      CREATE INDEX items_subtasks_by_list ON items(checklist_id) WHERE parent_id IS NOT NULL;
      -- Flagged, the smart list, counts its unchecked flagged items without reading the others.
      CREATE INDEX items_flagged ON items(checklist_id) WHERE flagged = 1 AND checked = 0;

      CREATE TABLE item_completions (
        item_id \(text) NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        completed_at \(real) NOT NULL,
        due_date \(real),
        user_id \(text));
      CREATE INDEX item_completions_by_item ON item_completions(item_id, completed_at);
      """)
  }
}

extension SQLChecklistStore.Transaction {
  func subtasks(of parentID: UUID) throws -> [ChecklistItem] {
    try db.query(
      "SELECT \(Self.itemColumns) FROM items WHERE parent_id = ? ORDER BY position", parentID,
      map: Self.item)
  }

  func hasSubtasks(checklistID: UUID) throws -> Bool {
    try db.queryFirst(
      "SELECT 1 FROM items WHERE parent_id IS NOT NULL AND checklist_id = ? LIMIT 1", checklistID
    ) { _ in true } ?? false
  }

  func completions(itemID: UUID, limit: Int) throws -> [ItemCompletion] {
    try db.query(
      """
      SELECT item_id, completed_at, due_date, user_id FROM item_completions
      WHERE item_id = ? ORDER BY completed_at DESC LIMIT ?
      """, itemID, limit
    ) {
      ItemCompletion(
        itemID: try $0.uuid(0), completedAt: $0.date(1), dueDate: $0.optionalDate(2),
        userID: try $0.optionalUUID(3))
    }
  }

  func completionCount(itemID: UUID) throws -> Int {
    try db.queryFirst("SELECT COUNT(*) FROM item_completions WHERE item_id = ?", itemID) {
      $0.int(0)
    } ?? 0
  }

  func insertCompletion(_ completion: ItemCompletion) throws {
    try db.run(
      "INSERT INTO item_completions (item_id, completed_at, due_date, user_id) VALUES (?, ?, ?, ?)",
      completion.itemID, completion.completedAt, completion.dueDate, completion.userID)
  }
}
