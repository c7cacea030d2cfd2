import Foundation
import SQLDatabase

/// What a copy needs to know of a database's schema, read from the engine's own catalogue
/// (SQLite's `sqlite_master` and table pragmas, PostgreSQL's `information_schema`) rather than
/// from a list kept by hand: a table added by a later migration is copied without a change here.
struct SQLSchemaCatalog {
  /// One table: its columns in order and its primary key.
  struct Table: Equatable {
    var name: String
    var columns: [String]
    var primaryKey: [String]
    /// The tables its foreign keys refer to.
    var references: Set<String>
  }

  /// The migrator's own table, which each database keeps for itself (it records when *that*
  /// database was migrated), and which the copy compares instead of copying.
  static let migrationsTable = "schema_migrations"

  let engine: SQLEngine
  let db: any SQLConnection

  // MARK: - Tables

  /// Every table of the store, by name, without the engine's internal ones and the migrator's.
  func tables() throws -> [String: Table] {
    var tables: [String: Table] = [:]
    for name in try tableNames() where name != Self.migrationsTable {
      tables[name] = Table(
        name: name, columns: try columns(of: name), primaryKey: try primaryKey(of: name),
        references: try references(of: name))
    }
    return tables
  }

  private func tableNames() throws -> [String] {
    switch engine {
    case .sqlite:
      try db.query(
        """
        SELECT name FROM sqlite_master
        WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
        """
      ) { $0.string(0) }
    case .postgreSQL:
      try db.query(
        """
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
        """
      ) { $0.string(0) }
    }
  }

  private func columns(of table: String) throws -> [String] {
    switch engine {
    case .sqlite:
      try db.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", table) { $0.string(0) }
    case .postgreSQL:
      try db.query(
        """
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
        """, table
      ) { $0.string(0) }
    }
  }

  private func primaryKey(of table: String) throws -> [String] {
    switch engine {
    case .sqlite:
      try db.query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", table) {
        $0.string(0)
      }
    case .postgreSQL:
      try db.query(
        """
        SELECT k.column_name FROM information_schema.table_constraints t
        JOIN information_schema.key_column_usage k
          ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name
        WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()
          AND t.table_name = ?
        ORDER BY k.ordinal_position
        """, table
      ) { $0.string(0) }
    }
  }

  private func references(of table: String) throws -> Set<String> {
    switch engine {
    case .sqlite:
      Set(try db.query("SELECT \"table\" FROM pragma_foreign_key_list(?)", table) { $0.string(0) })
    case .postgreSQL:
      Set(
        try db.query(
          """
          SELECT u.table_name FROM information_schema.table_constraints t
          JOIN information_schema.constraint_column_usage u
            ON u.constraint_schema = t.constraint_schema AND u.constraint_name = t.constraint_name
          WHERE t.constraint_type = 'FOREIGN KEY' AND t.table_schema = current_schema()
            AND t.table_name = ?
          """, table
        ) { $0.string(0) })
    }
  }

  /// The tables in an order in which each comes after the tables its foreign keys refer to.
  /// - Throws: ``SQLDatabase/SQLError`` when the keys go round in a circle.
  static func inForeignKeyOrder(_ tables: [String: Table]) throws -> [Table] {
    var ordered: [Table] = []
    var placed: Set<String> = []
    var remaining = tables.values.sorted { $0.name < $1.name }
    while !remaining.isEmpty {
      let ready = remaining.filter {
        $0.references.subtracting([$0.name]).allSatisfy { placed.contains($0) || tables[$0] == nil }
      }
      guard !ready.isEmpty else {
        throw SQLError(
          .other, code: "foreign keys",
          message: "the foreign keys of "
            + remaining.map(\.name).joined(separator: ", ") + " refer to each other in a circle")
      }
      ordered += ready
      placed.formUnion(ready.map(\.name))
      remaining.removeAll { placed.contains($0.name) }
    }
    return ordered
  }

  // MARK: - Triggers

  /// The triggers as the engine would make them again, in the order they were made.
  struct Triggers {
    fileprivate var sqliteDefinitions: [(name: String, sql: String)] = []
    fileprivate var postgreSQLTables: [String] = []
  }

  /// Turns the store's own triggers off until ``enableTriggers(_:)``, inside the caller's
  /// transaction (a rollback turns them back on): rows copied as they are must not be
  /// counted again by the triggers that keep counts, blocks and deleted ids.
  ///
  /// SQLite cannot disable a trigger, so they are dropped and made again from their own SQL in
  /// `sqlite_master`; PostgreSQL disables the user triggers (not those that check foreign keys).
  func disableTriggers(on tables: [String]) throws -> Triggers {
    var triggers = Triggers()
    switch engine {
    case .sqlite:
      triggers.sqliteDefinitions = try db.query(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid"
      ) { ($0.string(0), $0.string(1)) }
      for trigger in triggers.sqliteDefinitions {
        try db.execute("DROP TRIGGER \(Self.quoted(trigger.name))")
      }
    case .postgreSQL:
      triggers.postgreSQLTables = tables
      for table in tables {
        try db.execute("ALTER TABLE \(Self.quoted(table)) DISABLE TRIGGER USER")
      }
    }
    return triggers
  }

  /// Turns back on the triggers ``disableTriggers(on:)`` turned off.
  func enableTriggers(_ triggers: Triggers) throws {
    for trigger in triggers.sqliteDefinitions { try db.execute(trigger.sql) }
    for table in triggers.postgreSQLTables {
      try db.execute("ALTER TABLE \(Self.quoted(table)) ENABLE TRIGGER USER")
    }
  }

  // MARK: - Counters

  /// The highest value each table's counter has handed out (SQLite's `sqlite_sequence` for
  /// `AUTOINCREMENT`, PostgreSQL's sequences owned by a column), which may be above the
  /// largest key left in the table.
  func highWaterMarks() throws -> [String: Int64] {
    var marks: [String: Int64] = [:]
    switch engine {
    case .sqlite:
      let hasSequences =
        try db.queryFirst(
          "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'"
        ) { _ in true } ?? false
      guard hasSequences else { return [:] }
      for (table, value) in try db.query(
        "SELECT name, seq FROM sqlite_sequence",
        map: {
          ($0.string(0), $0.int64(1))
        })
      {
        marks[table] = max(marks[table] ?? 0, value)
      }
    case .postgreSQL:
      for sequence in try ownedSequences() {
        let value =
          try db.queryFirst(
            "SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM "
              + Self.quoted(sequence.name)
          ) { $0.int64(0) } ?? 0
        marks[sequence.table] = max(marks[sequence.table] ?? 0, value)
      }
    }
    return marks
  }

  /// Sets each counter of the copied tables to continue after both the largest key copied
  /// and the source's high-water mark, so a new row never takes a number already used.
  func continueCounters(after marks: [String: Int64]) throws {
    switch engine {
    case .sqlite:
      // SQLite moved each AUTOINCREMENT counter past the keys inserted; a higher mark of the
      // source (its latest rows deleted since) is carried over as well.
      for (table, mark) in marks.sorted(by: { $0.key < $1.key }) {
        let autoincrements =
          try db.queryFirst(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? AND sql LIKE ?",
            table, "%AUTOINCREMENT%"
          ) { _ in true } ?? false
        guard autoincrements else { continue }
        let updated = try db.run(
          "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?", mark, table)
        if updated == 0 {
          try db.run("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", table, mark)
        }
      }
    case .postgreSQL:
      for sequence in try ownedSequences() {
        let largest =
          try db.queryFirst(
            "SELECT MAX(\(Self.quoted(sequence.column))) FROM \(Self.quoted(sequence.table))"
          ) { $0.isNull(0) ? 0 : $0.int64(0) } ?? 0
        let next = max(largest, marks[sequence.table] ?? 0)
        // setval(s, n, true): the next value is n + 1; setval(s, 1, false): it is 1. (The
        // flag is written out: parameters go as integers, and setval takes a boolean.)
        try db.queryFirst(
          "SELECT setval(\(Self.literal(Self.quoted(sequence.name))), ?, \(next > 0))",
          max(next, 1)
        ) { _ in () }
      }
    }
  }

  private func ownedSequences() throws -> [(name: String, table: String, column: String)] {
    try db.query(
      """
      SELECT s.relname, t.relname, a.attname FROM pg_class s
      JOIN pg_namespace n ON n.oid = s.relnamespace
      JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
        AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      JOIN pg_class t ON t.oid = d.refobjid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = current_schema()
      ORDER BY s.relname
      """
    ) { ($0.string(0), $0.string(1), $0.string(2)) }
  }

  // MARK: - Quoting

  /// An identifier in double quotes, which both engines read as a name.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A string literal in single quotes.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
