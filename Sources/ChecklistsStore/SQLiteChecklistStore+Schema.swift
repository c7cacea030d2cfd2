import SQLiteDatabase

extension SQLiteChecklistStore {
  /// The schema, as an append-only list of migrations. Never edit a shipped one: add another.
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    // Dates are REAL seconds since 2001-01-01 (Foundation's reference date), which round-trip
    // exactly; in the sqlite3 shell: datetime(created_at + 978307200, 'unixepoch').
    migrator.registerMigration("v1: users, checklists, items, change log") { db in
      try db.execute(
        """
        CREATE TABLE users (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL UNIQUE,
          created_at REAL NOT NULL);

        CREATE TABLE checklists (
          id TEXT PRIMARY KEY NOT NULL,
          owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          icon TEXT NOT NULL,
          revision INTEGER NOT NULL,
          -- Kept by the triggers below so that All Lists never counts items.
          item_count INTEGER NOT NULL DEFAULT 0,
          checked_count INTEGER NOT NULL DEFAULT 0,
          created_at REAL NOT NULL,
          updated_at REAL NOT NULL);
        CREATE INDEX checklists_by_owner ON checklists(owner_id);

        CREATE TABLE items (
          id TEXT PRIMARY KEY NOT NULL,
          checklist_id TEXT NOT NULL REFERENCES checklists(id) ON DELETE CASCADE,
          -- Sparse positions (multiples of a gap), so a move rewrites one row.
          position INTEGER NOT NULL,
          text TEXT NOT NULL,
          checked INTEGER NOT NULL CHECK (checked IN (0, 1)),
          due_date REAL,
          should_remind INTEGER NOT NULL CHECK (should_remind IN (0, 1)),
          revision INTEGER NOT NULL,
          created_at REAL NOT NULL,
          updated_at REAL NOT NULL);
        CREATE INDEX items_in_order ON items(checklist_id, position);
        CREATE INDEX items_with_reminders ON items(due_date) WHERE should_remind = 1;

        CREATE TRIGGER items_counted_on_insert AFTER INSERT ON items BEGIN
          UPDATE checklists
            SET item_count = item_count + 1, checked_count = checked_count + NEW.checked
            WHERE id = NEW.checklist_id;
        END;
        CREATE TRIGGER items_counted_on_delete AFTER DELETE ON items BEGIN
          UPDATE checklists
            SET item_count = item_count - 1, checked_count = checked_count - OLD.checked
            WHERE id = OLD.checklist_id;
        END;
        CREATE TRIGGER items_counted_on_check AFTER UPDATE OF checked ON items BEGIN
          UPDATE checklists
            SET checked_count = checked_count - OLD.checked + NEW.checked
            WHERE id = NEW.checklist_id;
        END;

        CREATE TABLE changes (
          sequence INTEGER PRIMARY KEY AUTOINCREMENT,
          owner_id TEXT NOT NULL,
          checklist_id TEXT NOT NULL,
          item_id TEXT,
          kind TEXT NOT NULL,
          revision INTEGER NOT NULL,
          date REAL NOT NULL);
        CREATE INDEX changes_by_owner ON changes(owner_id, sequence);
        """)
    }
    return migrator
  }()
}
