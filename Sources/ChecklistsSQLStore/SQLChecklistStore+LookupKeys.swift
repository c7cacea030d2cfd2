import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// Stored keys, with indexes, so that finding a list or an item by name, checking that a
  /// name is free and finding a list by its All Lists number read a few index entries instead
  /// of every row (see ``NameKey``). Existing rows get their keys here, once.
  static func migrateToLookupKeys(_ db: any SQLConnection) throws {
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
      -- How many items each stretch of positions holds, at two sizes: a block is 256 gaps
      -- (positions >> 24), a superblock 65,536 (>> 32). Item number n is found by adding up
      -- superblocks, then the blocks of one, then stepping inside one block: a few hundred
      -- index entries whatever the length of the list, where an OFFSET walks n of them.
      CREATE TABLE item_blocks (
        checklist_id TEXT NOT NULL,
        level INTEGER NOT NULL CHECK (level IN (1, 2)),
        block INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (checklist_id, level, block)) WITHOUT ROWID;
      INSERT INTO item_blocks (checklist_id, level, block, count)
        SELECT checklist_id, 1, position >> 24, COUNT(*) FROM items GROUP BY 1, 3;
      INSERT INTO item_blocks (checklist_id, level, block, count)
        SELECT checklist_id, 2, position >> 32, COUNT(*) FROM items GROUP BY 1, 3;
      CREATE TRIGGER items_blocked_on_insert AFTER INSERT ON items BEGIN
        INSERT INTO item_blocks (checklist_id, level, block, count)
          VALUES (NEW.checklist_id, 1, NEW.position >> 24, 1), (NEW.checklist_id, 2, NEW.position >> 32, 1)
          ON CONFLICT (checklist_id, level, block) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER items_blocked_on_delete AFTER DELETE ON items BEGIN
        UPDATE item_blocks SET count = count - 1 WHERE checklist_id = OLD.checklist_id
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        DELETE FROM item_blocks WHERE checklist_id = OLD.checklist_id AND count = 0
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
      END;
      CREATE TRIGGER items_blocked_on_move AFTER UPDATE OF position ON items
      WHEN OLD.position >> 24 <> NEW.position >> 24 BEGIN
        UPDATE item_blocks SET count = count - 1 WHERE checklist_id = OLD.checklist_id
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        DELETE FROM item_blocks WHERE checklist_id = OLD.checklist_id AND count = 0
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        INSERT INTO item_blocks (checklist_id, level, block, count)
          VALUES (NEW.checklist_id, 1, NEW.position >> 24, 1), (NEW.checklist_id, 2, NEW.position >> 32, 1)
          ON CONFLICT (checklist_id, level, block) DO UPDATE SET count = count + 1;
      END;
      -- A deleted list's items are deleted one by one through the trigger above.

      -- The owner index is now the start of the two above.
      DROP INDEX checklists_by_owner;
      DROP INDEX shopping_lists_by_owner;
      """)
  }
}
