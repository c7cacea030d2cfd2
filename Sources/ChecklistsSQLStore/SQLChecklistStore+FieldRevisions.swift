import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// The revision, author and date of each field's last change, for field-level merges
  /// (docs/SYNC.md).
  ///
  /// A row exists only for a field that changed after its entity was created; the triggers
  /// remove an entity's rows with it (a list's items, and a list's or a catalogue item's
  /// entries, go by cascade and so fire theirs). Fields that changed before this migration get
  /// a row at their entity's revision with no author: an edit made against an older revision
  /// then still meets a 412, as it did before.
  static func migrateToFieldRevisions(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE field_revisions (
        -- The entity's id; an entry's is its list's id, '/', its catalogue item's id.
        entity_id TEXT NOT NULL,
        -- The field's JSON name: text, checked, dueDate, remind, name, icon, price, ...
        field TEXT NOT NULL,
        revision INTEGER NOT NULL,
        user_id TEXT,
        changed_at REAL NOT NULL,
        PRIMARY KEY (entity_id, field)) WITHOUT ROWID;

      CREATE TRIGGER field_revisions_of_items AFTER DELETE ON items BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.id;
      END;
      CREATE TRIGGER field_revisions_of_checklists AFTER DELETE ON checklists BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.id;
      END;
      CREATE TRIGGER field_revisions_of_shopping_items AFTER DELETE ON shopping_items BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.id;
      END;
      CREATE TRIGGER field_revisions_of_shopping_lists AFTER DELETE ON shopping_lists BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.id;
      END;
      CREATE TRIGGER field_revisions_of_shopping_entries AFTER DELETE ON shopping_entries BEGIN
        DELETE FROM field_revisions WHERE entity_id = OLD.list_id || '/' || OLD.item_id;
      END;

      \(fieldRevisionBackfill)
      """)
  }
}

extension SQLChecklistStore.Transaction: FieldRevisionWriter {
  func fieldRevisions(of entity: RevisedEntity) throws -> [FieldRevision] {
    try db.query(
      "SELECT field, revision, user_id, changed_at FROM field_revisions WHERE entity_id = ?",
      entity.key
    ) { row in
      FieldRevision(
        field: row.string(0), revision: row.int64(1), userID: try row.optionalUUID(2),
        changedAt: row.date(3))
    }
  }

  func recordFieldRevisions(
    of entity: RevisedEntity, fields: [String], revision: Int64, userID: UUID, at date: Date
  ) throws {
    for field in fields {
      try db.run(
        """
        INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (entity_id, field) DO UPDATE
          SET revision = excluded.revision, user_id = excluded.user_id,
              changed_at = excluded.changed_at
        """, entity.key, field, revision, userID, date)
    }
  }
}

extension SQLChecklistStore {
  /// v6's backfill: a revision for every field of what was changed before field revisions
  /// existed. Both engines run it as written.
  static let fieldRevisionBackfill = """
      INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        SELECT items.id, fields.column1, items.revision, NULL, items.updated_at
        FROM items, (VALUES ('text'), ('checked'), ('dueDate'), ('remind')) AS fields
        WHERE items.updated_at > items.created_at;
      INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        SELECT checklists.id, fields.column1, checklists.revision, NULL, checklists.updated_at
        FROM checklists, (VALUES ('name'), ('icon')) AS fields
        WHERE checklists.updated_at > checklists.created_at;
      INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        SELECT shopping_items.id, fields.column1, shopping_items.revision, NULL,
               shopping_items.updated_at
        FROM shopping_items,
             (VALUES ('name'), ('price'), ('unit'), ('category')) AS fields
        WHERE shopping_items.updated_at > shopping_items.created_at;
      INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        SELECT id, 'name', revision, NULL, updated_at FROM shopping_lists
        WHERE updated_at > created_at;
      INSERT INTO field_revisions (entity_id, field, revision, user_id, changed_at)
        SELECT shopping_entries.list_id || '/' || shopping_entries.item_id, fields.column1,
               shopping_entries.revision, NULL, shopping_lists.updated_at
        FROM shopping_entries
        JOIN shopping_lists ON shopping_lists.id = shopping_entries.list_id,
             (VALUES ('quantity'), ('inCart')) AS fields;
    """
}
