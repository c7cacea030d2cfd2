import ChecklistsCore
import Foundation
import SQLiteDatabase

extension SQLiteChecklistStore {
  /// Stored keys, with indexes, so that finding a list or an item by name, checking that a
  /// name is free and finding a list by its All Lists number read a few index entries instead
  /// of every row (see ``NameKey``). Existing rows get their keys here, once.
  static func migrateToLookupKeys(_ db: Database) throws {
    try db.execute(
      """
      ALTER TABLE checklists ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE checklists ADD COLUMN sort_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE items ADD COLUMN text_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE shopping_lists ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE shopping_lists ADD COLUMN sort_key TEXT NOT NULL DEFAULT '';
      """)
    for table in ["checklists", "shopping_lists"] {
      let names = try db.query("SELECT id, name FROM \(table)") { ($0.string(0), $0.string(1)) }
      for (id, name) in names {
        try db.run(
          "UPDATE \(table) SET name_key = ?, sort_key = ? WHERE id = ?", NameKey.lookup(name),
          NameKey.displayOrder(name), id)
      }
    }
    let texts = try db.query("SELECT rowid, text FROM items") { ($0.int64(0), $0.string(1)) }
    for (rowid, text) in texts {
      try db.run("UPDATE items SET text_key = ? WHERE rowid = ?", NameKey.lookup(text), rowid)
    }
    try db.execute(
      """
      CREATE INDEX checklists_by_name_key ON checklists(owner_id, name_key);
      -- All Lists order, so that list number n is the n-th entry of an index.
      CREATE INDEX checklists_in_display_order
        ON checklists(owner_id, sort_key, name, created_at, id);
      CREATE INDEX items_by_text_key ON items(checklist_id, text_key);
      CREATE INDEX shopping_lists_by_name_key ON shopping_lists(owner_id, name_key);
      CREATE INDEX shopping_lists_in_display_order
        ON shopping_lists(owner_id, sort_key, name, created_at, id);
      -- The owner index is now the start of the two above.
      DROP INDEX checklists_by_owner;
      DROP INDEX shopping_lists_by_owner;
      """)
  }
}
