import SQLDatabase

/// PostgreSQL's words for what differs between engines (see ``SQLDatabase/SQLDialect``):
/// `TEXT COLLATE "C"`, `BIGINT` and `DOUBLE PRECISION` columns, no rowids (so no
/// `WITHOUT ROWID`), a planner left to pick its indexes, `strpos`, triggers that run a
/// PL/pgSQL function, and `information_schema`.
public struct PostgreSQLDialect: SQLDialect {
  /// The dialect.
  public init() {}

  public var engine: SQLEngine { .postgreSQL }

  public var text: String { #"TEXT COLLATE "C""# }

  public var integer: String { "BIGINT" }

  public var double: String { "DOUBLE PRECISION" }

  public func textInByteOrder(_ table: String, _ columns: [String]) -> String {
    columns.map { "ALTER TABLE \(table) ALTER COLUMN \($0) TYPE \(text);" }
      .joined(separator: "\n")
  }

  public var withoutRowID: String { "" }

  public func table(_ table: String, indexedBy index: String) -> String { table }

  public func position(of needle: String, in haystack: String) -> String {
    "strpos(\(haystack), \(needle))"
  }

  /// One query: PostgreSQL's planner, which knows the table's size, reads the index itself.
  public func limitedQuery(
    _ columns: String, from table: String, indexedBy index: String, where condition: String,
    orderBy order: String, tieBreak: String, limit: String
  ) -> String {
    """
    SELECT \(columns) FROM \(table)
    WHERE \(condition)
    ORDER BY \(order), \(tieBreak) LIMIT \(limit)
    """
  }

  /// One function doing `body` for the deleted row, and a row trigger per table running it
  /// (PostgreSQL runs AFTER triggers at the end of the statement, which for deletes that only
  /// remove other rows changes nothing).
  public func afterDeleteTriggers(
    _ tables: [(trigger: String, table: String)], function: String, body: String
  ) -> String {
    let triggers = tables.map {
      """
      CREATE TRIGGER \($0.trigger) AFTER DELETE ON \($0.table)
        FOR EACH ROW EXECUTE FUNCTION \(function)();
      """
    }
    return """
      CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
      \(Self.indented(body, by: 2))
        RETURN NULL;
      END $$;
      \(triggers.joined(separator: "\n"))
      """
  }

  // MARK: - The catalogue

  public var tableNamesQuery: String {
    """
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
    """
  }

  public var columnNamesQuery: String {
    """
    SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
    """
  }

  public var primaryKeyQuery: String {
    """
    SELECT k.column_name FROM information_schema.table_constraints t
    JOIN information_schema.key_column_usage k
      ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name
    WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()
      AND t.table_name = ?
    ORDER BY k.ordinal_position
    """
  }

  public var referencedTablesQuery: String {
    """
    SELECT u.table_name FROM information_schema.table_constraints t
    JOIN information_schema.constraint_column_usage u
      ON u.constraint_schema = t.constraint_schema AND u.constraint_name = t.constraint_name
    WHERE t.constraint_type = 'FOREIGN KEY' AND t.table_schema = current_schema()
      AND t.table_name = ?
    """
  }

  /// The keys go in as they are, even into an identity column.
  public var insertingGivenKeys: String { " OVERRIDING SYSTEM VALUE" }

  /// Disables the user triggers of each table (not those that check foreign keys).
  public func disableTriggers(on tables: [String], in db: any SQLConnection) throws -> [String] {
    for table in tables {
      try db.execute("ALTER TABLE \(Self.quoted(table)) DISABLE TRIGGER USER")
    }
    return tables.map { "ALTER TABLE \(Self.quoted($0)) ENABLE TRIGGER USER" }
  }

  public func counterHighWaterMarks(in db: any SQLConnection) throws -> [String: Int64] {
    var marks: [String: Int64] = [:]
    for sequence in try ownedSequences(in: db) {
      let value =
        try db.queryFirst(
          "SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM "
            + Self.quoted(sequence.name)
        ) { $0.int64(0) } ?? 0
      marks[sequence.table] = max(marks[sequence.table] ?? 0, value)
    }
    return marks
  }

  public func continueCounters(after marks: [String: Int64], in db: any SQLConnection) throws {
    for sequence in try ownedSequences(in: db) {
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

  /// The sequences owned by a column of a table in the current schema.
  private func ownedSequences(in db: any SQLConnection) throws -> [(
    name: String, table: String, column: String
  )] {
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
}

extension PostgreSQLConnection {
  /// PostgreSQL's words (see ``PostgreSQLDialect``).
  public var dialect: any SQLDialect { PostgreSQLDialect() }
}

extension PostgreSQLPool {
  /// PostgreSQL's words (see ``PostgreSQLDialect``).
  public var dialect: any SQLDialect { PostgreSQLDialect() }
}
