import ChecklistsStore
import SQLDatabase

// The schema in PostgreSQL's DDL: the same tables, columns, CHECKs, indexes and migration names
// as SQLite's (SQLChecklistStore+Schema.swift and the migrate* functions beside their
// features), so that every query of the store runs unchanged on both. What differs:
// - integers are BIGINT (SQLite's INTEGER is 64 bits; PostgreSQL's is 32), flags stay 0/1
//   INTEGERs with their CHECKs, dates DOUBLE PRECISION seconds since 2001-01-01 (REAL is 32
//   bits in PostgreSQL);
// - text is `COLLATE "C"`: it compares as UTF-8 bytes, as SQLite's BINARY does, whatever the
//   database's locale, so that orders and key ranges (`key >= p AND key < p || U+10FFFF`)
//   are the same on both engines;
// - triggers are PL/pgSQL functions doing what SQLite's triggers do, row by row (PostgreSQL
//   runs AFTER triggers at the end of each statement; every one here adds or removes a count
//   or a row, so the order they run in does not change the result);
// - the change log's sequence has no AUTOINCREMENT: since v7 every change takes its sequence
//   from the `sync_log` counter row, and no PostgreSQL database predates that;
// - each change sends `NOTIFY checklists_changes` with its sequence, delivered when (and
//   only if) the transaction commits: how other instances learn of it at once.

extension SQLChecklistStore {
  /// The channel the change log's trigger notifies on each committed change.
  static let changesChannel = "checklists_changes"

  /// The schema in PostgreSQL's DDL, as an append-only list of migrations with the same names
  /// as ``sqliteMigrator``'s. Never edit a shipped one: add to ``dialectMigrations``.
  static let postgreSQLMigrator: SQLMigrator = {
    var migrator = SQLMigrator()
    migrator.registerMigration("v1: users, checklists, items, change log") { db in
      try db.execute(
        """
        CREATE TABLE users (
          id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          name TEXT COLLATE "C" NOT NULL UNIQUE,
          created_at DOUBLE PRECISION NOT NULL);

        CREATE TABLE checklists (
          id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          owner_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          name TEXT COLLATE "C" NOT NULL,
          icon TEXT COLLATE "C" NOT NULL,
          revision BIGINT NOT NULL,
          item_count BIGINT NOT NULL DEFAULT 0,
          checked_count BIGINT NOT NULL DEFAULT 0,
          created_at DOUBLE PRECISION NOT NULL,
          updated_at DOUBLE PRECISION NOT NULL);
        CREATE INDEX checklists_by_owner ON checklists(owner_id);

        CREATE TABLE items (
          id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          checklist_id TEXT COLLATE "C" NOT NULL REFERENCES checklists(id) ON DELETE CASCADE,
          position BIGINT NOT NULL,
          text TEXT COLLATE "C" NOT NULL,
          checked INTEGER NOT NULL CHECK (checked IN (0, 1)),
          due_date DOUBLE PRECISION,
          should_remind INTEGER NOT NULL CHECK (should_remind IN (0, 1)),
          revision BIGINT NOT NULL,
          created_at DOUBLE PRECISION NOT NULL,
          updated_at DOUBLE PRECISION NOT NULL);
        CREATE INDEX items_in_order ON items(checklist_id, position);
        CREATE INDEX items_with_reminders ON items(due_date) WHERE should_remind = 1;

        CREATE OR REPLACE FUNCTION items_counted_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE checklists
            SET item_count = item_count + 1, checked_count = checked_count + NEW.checked
            WHERE id = NEW.checklist_id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER items_counted_on_insert AFTER INSERT ON items
          FOR EACH ROW EXECUTE FUNCTION items_counted_on_insert();
        CREATE OR REPLACE FUNCTION items_counted_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE checklists
            SET item_count = item_count - 1, checked_count = checked_count - OLD.checked
            WHERE id = OLD.checklist_id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER items_counted_on_delete AFTER DELETE ON items
          FOR EACH ROW EXECUTE FUNCTION items_counted_on_delete();
        CREATE OR REPLACE FUNCTION items_counted_on_check() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE checklists
            SET checked_count = checked_count - OLD.checked + NEW.checked
            WHERE id = NEW.checklist_id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER items_counted_on_check AFTER UPDATE OF checked ON items
          FOR EACH ROW EXECUTE FUNCTION items_counted_on_check();

        CREATE TABLE changes (
          sequence BIGINT PRIMARY KEY NOT NULL,
          owner_id TEXT COLLATE "C" NOT NULL,
          checklist_id TEXT COLLATE "C" NOT NULL,
          item_id TEXT COLLATE "C",
          kind TEXT COLLATE "C" NOT NULL,
          revision BIGINT NOT NULL,
          date DOUBLE PRECISION NOT NULL);
        CREATE INDEX changes_by_owner ON changes(owner_id, sequence);

        CREATE OR REPLACE FUNCTION changes_notified_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('checklists_changes', NEW.sequence::text);
          RETURN NULL;
        END $$;
        CREATE TRIGGER changes_notified_on_insert AFTER INSERT ON changes
          FOR EACH ROW EXECUTE FUNCTION changes_notified_on_insert();
        """)
    }
    migrator.registerMigration("v2: shopping catalogue, shopping lists, entries") { db in
      try postgreSQLMigrateToShopping(db)
    }
    migrator.registerMigration("v3: passwords, sessions, API tokens") { db in
      try db.execute(
        """
        ALTER TABLE users ADD COLUMN password_hash TEXT COLLATE "C";

        CREATE TABLE sessions (
          token_digest TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          csrf_token TEXT COLLATE "C" NOT NULL,
          created_at DOUBLE PRECISION NOT NULL,
          last_seen_at DOUBLE PRECISION NOT NULL);
        CREATE INDEX sessions_by_user ON sessions(user_id);

        CREATE TABLE api_tokens (
          id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
          user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          name TEXT COLLATE "C" NOT NULL,
          token_digest TEXT COLLATE "C" NOT NULL UNIQUE,
          created_at DOUBLE PRECISION NOT NULL,
          last_used_at DOUBLE PRECISION);
        CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
        """)
    }
    migrator.registerMigration("v4: shared lists") { db in
      try db.execute(
        """
        CREATE TABLE shares (
          collection_id TEXT COLLATE "C" NOT NULL,
          scope TEXT COLLATE "C" NOT NULL CHECK (scope IN ('checklist', 'shoppingList')),
          owner_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          role TEXT COLLATE "C" NOT NULL CHECK (role IN ('viewer', 'checker', 'editor')),
          created_at DOUBLE PRECISION NOT NULL,
          PRIMARY KEY (collection_id, user_id));
        CREATE INDEX shares_by_user ON shares(user_id);

        CREATE OR REPLACE FUNCTION lists_unshared_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM shares WHERE collection_id = OLD.id;
          RETURN NULL;
        END $$;
        CREATE TRIGGER checklists_unshared_on_delete AFTER DELETE ON checklists
          FOR EACH ROW EXECUTE FUNCTION lists_unshared_on_delete();
        CREATE TRIGGER shopping_lists_unshared_on_delete AFTER DELETE ON shopping_lists
          FOR EACH ROW EXECUTE FUNCTION lists_unshared_on_delete();

        CREATE INDEX changes_by_collection ON changes(collection_id, sequence);
        """)
    }
    migrator.registerMigration("v5: lookup keys for names, texts and All Lists order") { db in
      try postgreSQLMigrateToLookupKeys(db)
    }
    migrator.registerMigration("v6: field revisions") { db in
      try postgreSQLMigrateToFieldRevisions(db)
    }
    migrator.registerMigration("v7: sync log") { db in try postgreSQLMigrateToSyncLog(db) }
    migrator.registerMigration("v8: ids of deleted things") { db in
      try postgreSQLMigrateToDeletedIDs(db)
    }
    // The same SQL as SQLite's: both engines run it.
    migrator.registerMigration("v9: hide checked") { db in try migrateToHideChecked(db) }
    // Written once in SQL both engines run (SQLChecklistStore+ReminderClaims/SignInFailures);
    // SQLite knows no collation "C", so their text columns get it here, as every other has.
    migrator.registerMigration("v10: reminder claims") { db in
      try migrateToReminderClaims(db)
      try db.execute(#"ALTER TABLE reminder_claims ALTER COLUMN item_id TYPE TEXT COLLATE "C""#)
    }
    migrator.registerMigration("v11: sign-in failures") { db in
      try migrateToSignInFailures(db)
      try db.execute(
        #"ALTER TABLE sign_in_failures ALTER COLUMN throttle_key TYPE TEXT COLLATE "C""#)
    }
    migrator.registerMigration("v12: notes, flags, priorities, subtasks, repeats") { db in
      try migrateToItemFields(db)
    }
    // Written once (SQLChecklistStore+SearchIndex), with "C" text where PostgreSQL runs it.
    migrator.registerMigration("v13: search words") { db in try migrateToSearchWords(db) }
    migrator.registerMigration("v14: templates") { db in try migrateToTemplates(db) }
    migrator.registerMigration("v15: push subscriptions") { db in
      try migrateToPushSubscriptions(db)
    }
    // Written once (SQLChecklistStore+Shops), with "C" text where PostgreSQL runs it.
    migrator.registerMigration("v16: shops and aisles") { db in try migrateToShops(db) }
    migrator.registerMigration("v17: trips and prices") { db in try migrateToTrips(db) }
    migrator.registerMigration("v18: invites") { db in try migrateToInvites(db) }
    migrator.registerMigration("v19: user settings") { db in
      try migrateToUserSettings(db)
    }
    // Written once (SQLChecklistStore+CalendarObjects), with "C" text where PostgreSQL runs it.
    migrator.registerMigration("v20: calendar objects") { db in try migrateToCalendarObjects(db) }
    return migrator
  }()

  /// v2 in PostgreSQL's DDL: the shopping tables (see ``migrateToShopping(_:)``).
  static func postgreSQLMigrateToShopping(_ db: any SQLConnection) throws {
    try db.execute(
      """
      ALTER TABLE changes RENAME COLUMN checklist_id TO collection_id;

      CREATE TABLE shopping_catalogues (
        owner_id TEXT COLLATE "C" PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        currency TEXT COLLATE "C" NOT NULL,
        created_at DOUBLE PRECISION NOT NULL);

      CREATE TABLE shopping_items (
        id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
        owner_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT COLLATE "C" NOT NULL,
        name_key TEXT COLLATE "C" NOT NULL,
        search_key TEXT COLLATE "C" NOT NULL,
        price_minor_units BIGINT,
        currency TEXT COLLATE "C",
        unit TEXT COLLATE "C",
        category TEXT COLLATE "C",
        revision BIGINT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        CHECK ((price_minor_units IS NULL) = (currency IS NULL)),
        UNIQUE (owner_id, name_key));
      CREATE INDEX shopping_items_by_search_key ON shopping_items(owner_id, search_key);

      CREATE TABLE shopping_lists (
        id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
        owner_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT COLLATE "C" NOT NULL,
        revision BIGINT NOT NULL,
        entry_count BIGINT NOT NULL DEFAULT 0,
        in_cart_count BIGINT NOT NULL DEFAULT 0,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL);
      CREATE INDEX shopping_lists_by_owner ON shopping_lists(owner_id);

      CREATE TABLE shopping_entries (
        list_id TEXT COLLATE "C" NOT NULL REFERENCES shopping_lists(id) ON DELETE CASCADE,
        item_id TEXT COLLATE "C" NOT NULL REFERENCES shopping_items(id) ON DELETE CASCADE,
        quantity BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        in_cart INTEGER NOT NULL CHECK (in_cart IN (0, 1)),
        revision BIGINT NOT NULL,
        PRIMARY KEY (list_id, item_id));
      CREATE INDEX shopping_entries_by_item ON shopping_entries(item_id);

      CREATE OR REPLACE FUNCTION shopping_entries_counted_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE shopping_lists
          SET entry_count = entry_count + 1, in_cart_count = in_cart_count + NEW.in_cart
          WHERE id = NEW.list_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER shopping_entries_counted_on_insert AFTER INSERT ON shopping_entries
        FOR EACH ROW EXECUTE FUNCTION shopping_entries_counted_on_insert();
      CREATE OR REPLACE FUNCTION shopping_entries_counted_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE shopping_lists
          SET entry_count = entry_count - 1, in_cart_count = in_cart_count - OLD.in_cart
          WHERE id = OLD.list_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER shopping_entries_counted_on_delete AFTER DELETE ON shopping_entries
        FOR EACH ROW EXECUTE FUNCTION shopping_entries_counted_on_delete();
      CREATE OR REPLACE FUNCTION shopping_entries_counted_on_check() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE shopping_lists SET in_cart_count = in_cart_count - OLD.in_cart + NEW.in_cart
          WHERE id = NEW.list_id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER shopping_entries_counted_on_check AFTER UPDATE OF in_cart ON shopping_entries
        FOR EACH ROW EXECUTE FUNCTION shopping_entries_counted_on_check();
      """)
  }
}
