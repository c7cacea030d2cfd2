import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

// v5 to v8 in PostgreSQL's DDL; see the top of SQLChecklistStore+PostgreSQLSchema.swift for
// what differs from SQLite's and why.

extension SQLChecklistStore {
  /// v5 in PostgreSQL's DDL (see ``migrateToLookupKeys(_:)``): rows are found by id, as
  /// PostgreSQL has no rowid.
  static func postgreSQLMigrateToLookupKeys(_ db: any SQLConnection) throws {
    try db.execute(
      """
      ALTER TABLE checklists ADD COLUMN name_key TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE checklists ADD COLUMN sort_key TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE items ADD COLUMN text_key TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE shopping_lists ADD COLUMN name_key TEXT COLLATE "C" NOT NULL DEFAULT '';
      ALTER TABLE shopping_lists ADD COLUMN sort_key TEXT COLLATE "C" NOT NULL DEFAULT '';
      """)
    for table in ["checklists", "shopping_lists"] {
      let names = try db.query("SELECT id, name FROM \(table)") { ($0.string(0), $0.string(1)) }
      for (id, name) in names {
        try db.run(
          "UPDATE \(table) SET name_key = ?, sort_key = ? WHERE id = ?", NameKey.lookup(name),
          NameKey.displayOrder(name), id)
      }
    }
    let texts = try db.query("SELECT id, text FROM items") { ($0.string(0), $0.string(1)) }
    for (id, text) in texts {
      try db.run("UPDATE items SET text_key = ? WHERE id = ?", NameKey.lookup(text), id)
    }
    try db.execute(
      """
      CREATE INDEX checklists_by_name_key ON checklists(owner_id, name_key);
      CREATE INDEX checklists_in_display_order
        ON checklists(owner_id, sort_key, name, created_at, id);
      CREATE INDEX items_by_text_key ON items(checklist_id, text_key);
      CREATE INDEX shopping_lists_by_name_key ON shopping_lists(owner_id, name_key);
      CREATE INDEX shopping_lists_in_display_order
        ON shopping_lists(owner_id, sort_key, name, created_at, id);

      CREATE TABLE item_blocks (
        checklist_id TEXT COLLATE "C" NOT NULL,
        level INTEGER NOT NULL CHECK (level IN (1, 2)),
        block BIGINT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (checklist_id, level, block));
      INSERT INTO item_blocks (checklist_id, level, block, count)
        SELECT checklist_id, 1, position >> 24, COUNT(*) FROM items GROUP BY 1, 3;
      INSERT INTO item_blocks (checklist_id, level, block, count)
        SELECT checklist_id, 2, position >> 32, COUNT(*) FROM items GROUP BY 1, 3;

      CREATE OR REPLACE FUNCTION items_blocked_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO item_blocks (checklist_id, level, block, count)
          VALUES (NEW.checklist_id, 1, NEW.position >> 24, 1),
                 (NEW.checklist_id, 2, NEW.position >> 32, 1)
          ON CONFLICT (checklist_id, level, block) DO UPDATE SET count = item_blocks.count + 1;
        RETURN NULL;
      END $$;
      CREATE TRIGGER items_blocked_on_insert AFTER INSERT ON items
        FOR EACH ROW EXECUTE FUNCTION items_blocked_on_insert();
      CREATE OR REPLACE FUNCTION items_blocked_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE item_blocks SET count = count - 1 WHERE checklist_id = OLD.checklist_id
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        DELETE FROM item_blocks WHERE checklist_id = OLD.checklist_id AND count = 0
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        RETURN NULL;
      END $$;
      CREATE TRIGGER items_blocked_on_delete AFTER DELETE ON items
        FOR EACH ROW EXECUTE FUNCTION items_blocked_on_delete();
      CREATE OR REPLACE FUNCTION items_blocked_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE item_blocks SET count = count - 1 WHERE checklist_id = OLD.checklist_id
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        DELETE FROM item_blocks WHERE checklist_id = OLD.checklist_id AND count = 0
          AND ((level = 1 AND block = OLD.position >> 24) OR (level = 2 AND block = OLD.position >> 32));
        INSERT INTO item_blocks (checklist_id, level, block, count)
          VALUES (NEW.checklist_id, 1, NEW.position >> 24, 1),
                 (NEW.checklist_id, 2, NEW.position >> 32, 1)
          ON CONFLICT (checklist_id, level, block) DO UPDATE SET count = item_blocks.count + 1;
        RETURN NULL;
      END $$;
      CREATE TRIGGER items_blocked_on_move AFTER UPDATE OF position ON items
        FOR EACH ROW WHEN (OLD.position >> 24 <> NEW.position >> 24)
        EXECUTE FUNCTION items_blocked_on_move();

      DROP INDEX checklists_by_owner;
      DROP INDEX shopping_lists_by_owner;
      """)
  }

  /// v6 in PostgreSQL's DDL (see ``migrateToFieldRevisions(_:)``).
  static func postgreSQLMigrateToFieldRevisions(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE field_revisions (
        entity_id TEXT COLLATE "C" NOT NULL,
        field TEXT COLLATE "C" NOT NULL,
        revision BIGINT NOT NULL,
        user_id TEXT COLLATE "C",
        changed_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (entity_id, field));

      CREATE OR REPLACE FUNCTION field_revisions_of_entity() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER field_revisions_of_items AFTER DELETE ON items
        FOR EACH ROW EXECUTE FUNCTION field_revisions_of_entity();
      CREATE TRIGGER field_revisions_of_checklists AFTER DELETE ON checklists
        FOR EACH ROW EXECUTE FUNCTION field_revisions_of_entity();
      CREATE TRIGGER field_revisions_of_shopping_items AFTER DELETE ON shopping_items
        FOR EACH ROW EXECUTE FUNCTION field_revisions_of_entity();
      CREATE TRIGGER field_revisions_of_shopping_lists AFTER DELETE ON shopping_lists
        FOR EACH ROW EXECUTE FUNCTION field_revisions_of_entity();
      CREATE OR REPLACE FUNCTION field_revisions_of_shopping_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.list_id || '/' || OLD.item_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER field_revisions_of_shopping_entries AFTER DELETE ON shopping_entries
        FOR EACH ROW EXECUTE FUNCTION field_revisions_of_shopping_entries();

      \(fieldRevisionBackfill)
      """)
  }

  /// v7 in PostgreSQL's DDL (see ``migrateToSyncLog(_:)``): the counter carries on from the
  /// highest sequence in the log.
  static func postgreSQLMigrateToSyncLog(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE sync_log (
        id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
        last_sequence BIGINT NOT NULL,
        pruned_through BIGINT NOT NULL,
        retention BIGINT NOT NULL CHECK (retention > 0),
        epoch TEXT COLLATE "C" NOT NULL);
      """)
    try db.run(
      """
      INSERT INTO sync_log (id, last_sequence, pruned_through, retention, epoch)
        SELECT 1, COALESCE(MAX(sequence), 0), 0, ?, ? FROM changes
      """, defaultChangeLogRetention, newChangeLogEpoch())
  }

  /// v8 in PostgreSQL's DDL (see ``migrateToDeletedIDs(_:)``).
  static func postgreSQLMigrateToDeletedIDs(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE deleted_ids (
        id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
        kind TEXT COLLATE "C" NOT NULL,
        owner_id TEXT COLLATE "C" NOT NULL,
        list_id TEXT COLLATE "C");

      CREATE OR REPLACE FUNCTION checklist_ids_kept_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id, list_id)
          SELECT id, 'item', OLD.owner_id, OLD.id FROM items WHERE checklist_id = OLD.id
          ON CONFLICT DO NOTHING;
        INSERT INTO deleted_ids (id, kind, owner_id) VALUES (OLD.id, 'checklist', OLD.owner_id)
          ON CONFLICT DO NOTHING;
        RETURN OLD;
      END $$;
      CREATE TRIGGER checklist_ids_kept_on_delete BEFORE DELETE ON checklists
        FOR EACH ROW EXECUTE FUNCTION checklist_ids_kept_on_delete();
      CREATE OR REPLACE FUNCTION item_ids_kept_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id, list_id)
          SELECT OLD.id, 'item', owner_id, id FROM checklists WHERE id = OLD.checklist_id
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER item_ids_kept_on_delete AFTER DELETE ON items
        FOR EACH ROW EXECUTE FUNCTION item_ids_kept_on_delete();
      CREATE OR REPLACE FUNCTION catalogue_item_ids_kept_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id)
          VALUES (OLD.id, 'catalogueItem', OLD.owner_id) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER catalogue_item_ids_kept_on_delete AFTER DELETE ON shopping_items
        FOR EACH ROW EXECUTE FUNCTION catalogue_item_ids_kept_on_delete();
      CREATE OR REPLACE FUNCTION shopping_list_ids_kept_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id)
          VALUES (OLD.id, 'shoppingList', OLD.owner_id) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER shopping_list_ids_kept_on_delete AFTER DELETE ON shopping_lists
        FOR EACH ROW EXECUTE FUNCTION shopping_list_ids_kept_on_delete();
      """)
  }
}
