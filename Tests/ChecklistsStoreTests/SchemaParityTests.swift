import ChecklistsSQLStore
import Foundation
import SQLDatabase
import Testing

/// The schema both engines end up with after every migration, read from their live catalogues
/// (SQLite's `sqlite_master` and `pragma_table_info`, PostgreSQL's `information_schema` and
/// `pg_catalog`): the same tables, columns in the same order, indexes and triggers by name.
/// The two shipped migration lists and the migrations written against the dialect cannot
/// drift apart without this failing; the differences meant to be are listed below, each with
/// its reason.
@Suite("Schema parity: SQLite and PostgreSQL", .enabled(if: StoreKind.testsPostgreSQL))
struct SchemaParityTests {
  /// A schema as names: what a query, a copy between engines or a migration depends on.
  struct Schema: Equatable {
    /// Each table's columns, in order.
    var tables: [String: [String]] = [:]
    /// Each index the schema made (not those the engine makes for a key), with its table.
    var indexes: [String: String] = [:]
    /// Each trigger, with its table.
    var triggers: [String: String] = [:]
  }

  /// What is meant to differ, each with its reason. Anything else that differs is drift.
  static let postgreSQLOnlyTriggers: [String: String] = [
    // PostgreSQL tells other server instances of each committed change (LISTEN/NOTIFY);
    // SQLite has no notifications between processes, and its servers poll the change log.
    "changes_notified_on_insert": "changes"
  ]

  static func sqliteSchema(_ db: any SQLConnection) throws -> Schema {
    var schema = Schema()
    let tables = try db.query(
      """
      SELECT name FROM sqlite_master
      WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      """
    ) { $0.string(0) }
    for table in tables {
      schema.tables[table] = try db.query(
        "SELECT name FROM pragma_table_info(?) ORDER BY cid", table
      ) { $0.string(0) }
    }
    // An index SQLite makes for a key has no SQL of its own.
    for (name, table) in try db.query(
      "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
      map: { ($0.string(0), $0.string(1)) })
    {
      schema.indexes[name] = table
    }
    for (name, table) in try db.query(
      "SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'",
      map: { ($0.string(0), $0.string(1)) })
    {
      schema.triggers[name] = table
    }
    return schema
  }

  static func postgreSQLSchema(_ db: any SQLConnection) throws -> Schema {
    var schema = Schema()
    let tables = try db.query(
      """
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      """
    ) { $0.string(0) }
    for table in tables {
      schema.tables[table] = try db.query(
        """
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
        """, table
      ) { $0.string(0) }
    }
    // An index PostgreSQL makes for a PRIMARY KEY or UNIQUE constraint belongs to it.
    for (name, table) in try db.query(
      """
      SELECT i.relname, t.relname FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      """,
      map: { ($0.string(0), $0.string(1)) })
    {
      schema.indexes[name] = table
    }
    // Not the internal triggers that check foreign keys.
    for (name, table) in try db.query(
      """
      SELECT g.tgname, t.relname FROM pg_trigger g
      JOIN pg_class t ON t.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND NOT g.tgisinternal
      """,
      map: { ($0.string(0), $0.string(1)) })
    {
      schema.triggers[name] = table
    }
    return schema
  }

  @Test("After migrating, both engines have the same tables, columns, indexes and triggers")
  func sameSchemaOnBothEngines() throws {
    let sqlite = try StoreKind.sqlite.makeSQLStore()
    let postgreSQL = try StoreKind.postgres.makeSQLStore()
    defer {
      sqlite.close()
      postgreSQL.close()
    }
    let onSQLite = try sqlite.queue.read { try Self.sqliteSchema($0) }
    var onPostgreSQL = try postgreSQL.queue.read { try Self.postgreSQLSchema($0) }
    #expect(onSQLite.tables.count > 20, "the SQLite catalogue was not read")
    #expect(onPostgreSQL.tables.count > 20, "the PostgreSQL catalogue was not read")

    for (trigger, table) in Self.postgreSQLOnlyTriggers {
      #expect(
        onPostgreSQL.triggers.removeValue(forKey: trigger) == table,
        "the intended difference \(trigger) is gone: drop it from the list")
    }

    let tables = Set(onSQLite.tables.keys).union(onPostgreSQL.tables.keys).sorted()
    for table in tables {
      let sqliteColumns = onSQLite.tables[table] ?? []
      let postgreSQLColumns = onPostgreSQL.tables[table] ?? []
      #expect(
        sqliteColumns == postgreSQLColumns,
        "table \(table): SQLite \(sqliteColumns) vs PostgreSQL \(postgreSQLColumns)")
    }
    #expect(onSQLite.indexes == onPostgreSQL.indexes, "indexes, or the tables they are on, differ")
    #expect(onSQLite.triggers == onPostgreSQL.triggers, "triggers, or their tables, differ")
    let onlySQLiteIndexes = Set(onSQLite.indexes.keys).subtracting(onPostgreSQL.indexes.keys)
    let onlyPostgreSQLIndexes = Set(onPostgreSQL.indexes.keys).subtracting(onSQLite.indexes.keys)
    #expect(onlySQLiteIndexes.isEmpty, "only on SQLite: \(onlySQLiteIndexes.sorted())")
    #expect(onlyPostgreSQLIndexes.isEmpty, "only on PostgreSQL: \(onlyPostgreSQLIndexes.sorted())")
    let onlySQLiteTriggers = Set(onSQLite.triggers.keys).subtracting(onPostgreSQL.triggers.keys)
    let onlyPostgreSQLTriggers = Set(onPostgreSQL.triggers.keys).subtracting(
      onSQLite.triggers.keys)
    #expect(onlySQLiteTriggers.isEmpty, "only on SQLite: \(onlySQLiteTriggers.sorted())")
    #expect(
      onlyPostgreSQLTriggers.isEmpty, "only on PostgreSQL: \(onlyPostgreSQLTriggers.sorted())")
  }

  @Test("Both engines record the same migrations")
  func sameMigrations() throws {
    let sqlite = try StoreKind.sqlite.makeSQLStore()
    let postgreSQL = try StoreKind.postgres.makeSQLStore()
    defer {
      sqlite.close()
      postgreSQL.close()
    }
    let query = "SELECT identifier FROM schema_migrations ORDER BY applied_at, identifier"
    let onSQLite = try sqlite.queue.read { try $0.query(query) { $0.string(0) } }
    let onPostgreSQL = try postgreSQL.queue.read { try $0.query(query) { $0.string(0) } }
    #expect(onSQLite.count >= 20)
    #expect(Set(onSQLite) == Set(onPostgreSQL))
  }
}
