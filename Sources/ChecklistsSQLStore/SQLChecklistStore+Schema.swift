import ChecklistsStore
import SQLDatabase

// The schema, in three append-only lists of named migrations, applied in this order:
//
// 1. The shipped SQLite list (``sqliteMigrator``, below) and the shipped PostgreSQL list
//    (``postgreSQLMigrator``, SQLChecklistStore+PostgreSQLSchema*.swift), v1 to v20, with the
//    same names. Their SQL is what users' databases were made with: never edit it, not even
//    its spelling (SQLite keeps each trigger's text in `sqlite_master`, and a copy between
//    databases runs it again). Some are written once already, asking the connection's
//    dialect for their types and triggers (v12 to v20).
// 2. ``dialectMigrations``: every new migration, written ONCE for both engines. Its SQL takes
//    what differs from the connection's dialect (`db.dialect`, see SQLDatabase/SQLDialect.swift):
//
//        ("v21: item labels", { db in
//          let d = db.dialect
//          let unlabelled = d.afterDeleteTriggers(
//            [("checklists_unlabelled_on_delete", "checklists")],
//            function: "checklists_unlabelled_on_delete",
//            body: "DELETE FROM item_labels WHERE checklist_id = OLD.id;")
//          try db.execute("""
//            CREATE TABLE item_labels (
//              checklist_id \(d.text) NOT NULL,
//              item_id \(d.text) NOT NULL REFERENCES items(id) ON DELETE CASCADE,
//              label \(d.text) NOT NULL,
//              uses \(d.integer) NOT NULL,
//              created_at \(d.double) NOT NULL,
//              PRIMARY KEY (item_id, label))\(d.withoutRowID);
//            \(unlabelled)
//            """)
//        })
//
//    A word the dialect lacks is added to the protocol and to both drivers' dialects, never
//    as a test of the engine here. SchemaParityTests compares the two engines' schemas after
//    migrating, so a migration that makes them differ fails there.

extension SQLChecklistStore {
  /// The migrations written once for both engines, applied after each engine's shipped list
  /// (see the top of this file). Append only; never rename or edit one that shipped.
  static let dialectMigrations:
    [(identifier: String, migrate: @Sendable (any SQLConnection) throws -> Void)] = [
      ("v21: due days", { db in try migrateToDueDays(db) })
    ]

  /// The whole schema of one database: an engine's shipped migrations, then
  /// ``dialectMigrations``.
  static func migrator(shipped: SQLMigrator) -> SQLMigrator {
    var migrator = shipped
    for migration in dialectMigrations {
      migrator.registerMigration(migration.identifier, migrate: migration.migrate)
    }
    return migrator
  }

  /// The schema in SQLite's DDL (REAL dates, triggers, `WITHOUT ROWID`, `AUTOINCREMENT`), as an
  /// append-only list of migrations, v1 to v20. Never edit a shipped one: add to
  /// ``dialectMigrations``. ``init(sqlitePath:)`` applies it.
  static let sqliteMigrator: SQLMigrator = {
    var migrator = SQLMigrator()
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
    migrator.registerMigration("v2: shopping catalogue, shopping lists, entries") { db in
      try migrateToShopping(db)
    }
    migrator.registerMigration("v3: passwords, sessions, API tokens") { db in
      try migrateToAccounts(db)
    }
    migrator.registerMigration("v4: shared lists") { db in
      try migrateToSharing(db)
    }
    migrator.registerMigration("v5: lookup keys for names, texts and All Lists order") { db in
      try migrateToLookupKeys(db)
    }
    migrator.registerMigration("v6: field revisions") { db in try migrateToFieldRevisions(db) }
    migrator.registerMigration("v7: sync log") { db in try migrateToSyncLog(db) }
    migrator.registerMigration("v8: ids of deleted things") { db in try migrateToDeletedIDs(db) }
    migrator.registerMigration("v9: hide checked") { db in try migrateToHideChecked(db) }
    migrator.registerMigration("v10: reminder claims") { db in try migrateToReminderClaims(db) }
    migrator.registerMigration("v11: sign-in failures") { db in try migrateToSignInFailures(db) }
    migrator.registerMigration("v12: notes, flags, priorities, subtasks, repeats") { db in
      try migrateToItemFields(db)
    }
    migrator.registerMigration("v13: search words") { db in try migrateToSearchWords(db) }
    migrator.registerMigration("v14: templates") { db in try migrateToTemplates(db) }
    migrator.registerMigration("v15: push subscriptions") { db in
      try migrateToPushSubscriptions(db)
    }
    migrator.registerMigration("v16: shops and aisles") { db in try migrateToShops(db) }
    migrator.registerMigration("v17: trips and prices") { db in try migrateToTrips(db) }
    migrator.registerMigration("v18: invites") { db in try migrateToInvites(db) }
    migrator.registerMigration("v19: user settings") { db in
      try migrateToUserSettings(db)
    }
    migrator.registerMigration("v20: calendar objects") { db in try migrateToCalendarObjects(db) }
    return migrator
  }()
}

extension SQLChecklistStore {
  /// The shopping tables: a catalogue per user, shopping lists, and their entries.
  static func migrateToShopping(_ db: any SQLConnection) throws {
    try db.execute(
      """
      -- The change log now names checklists, shopping lists and catalogues alike.
      ALTER TABLE changes RENAME COLUMN checklist_id TO collection_id;

      -- A row per user whose catalogue has been seeded, with its currency.
      CREATE TABLE shopping_catalogues (
        owner_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        currency TEXT NOT NULL,
        created_at REAL NOT NULL);

      CREATE TABLE shopping_items (
        id TEXT PRIMARY KEY NOT NULL,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        -- The name lower-cased: unique per owner, so "milk" twice is one Milk.
        name_key TEXT NOT NULL,
        -- The name without case or accents, for search.
        search_key TEXT NOT NULL,
        -- Prices are exact: integer minor units (cents) and an ISO 4217 code.
        price_minor_units INTEGER,
        currency TEXT,
        unit TEXT,
        category TEXT,
        revision INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        CHECK ((price_minor_units IS NULL) = (currency IS NULL)),
        UNIQUE (owner_id, name_key));
      CREATE INDEX shopping_items_by_search_key ON shopping_items(owner_id, search_key);

      CREATE TABLE shopping_lists (
        id TEXT PRIMARY KEY NOT NULL,
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        revision INTEGER NOT NULL,
        entry_count INTEGER NOT NULL DEFAULT 0,
        in_cart_count INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL);
      CREATE INDEX shopping_lists_by_owner ON shopping_lists(owner_id);

      -- A list holds an item at most once.
      CREATE TABLE shopping_entries (
        list_id TEXT NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
        item_id TEXT NOT NULL REFERENCES shopping_items(id) ON DELETE CASCADE,
        quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        in_cart INTEGER NOT NULL CHECK (in_cart IN (0, 1)),
        revision INTEGER NOT NULL,
        PRIMARY KEY (list_id, item_id)) WITHOUT ROWID;
      CREATE INDEX shopping_entries_by_item ON shopping_entries(item_id);

      CREATE TRIGGER shopping_entries_counted_on_insert AFTER INSERT ON shopping_entries BEGIN
        UPDATE shopping_lists
          SET entry_count = entry_count + 1, in_cart_count = in_cart_count + NEW.in_cart
          WHERE id = NEW.list_id;
      END;
      CREATE TRIGGER shopping_entries_counted_on_delete AFTER DELETE ON shopping_entries BEGIN
        UPDATE shopping_lists
          SET entry_count = entry_count - 1, in_cart_count = in_cart_count - OLD.in_cart
          WHERE id = OLD.list_id;
      END;
      CREATE TRIGGER shopping_entries_counted_on_check AFTER UPDATE OF in_cart ON shopping_entries
      BEGIN
        UPDATE shopping_lists SET in_cart_count = in_cart_count - OLD.in_cart + NEW.in_cart
          WHERE id = NEW.list_id;
      END;
      """)
  }
}

extension SQLChecklistStore {
  /// A list's setting to hide its checked items, off for every list there is.
  static func migrateToHideChecked(_ db: any SQLConnection) throws {
    try db.execute(
      """
      ALTER TABLE checklists
        ADD COLUMN hide_checked INTEGER NOT NULL DEFAULT 0 CHECK (hide_checked IN (0, 1));
      """)
  }
}
