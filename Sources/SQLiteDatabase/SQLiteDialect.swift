import SQLDatabase

/// SQLite's words for what differs between engines (see ``SQLDatabase/SQLDialect``): `TEXT`,
/// `INTEGER` and `REAL` columns, `WITHOUT ROWID`, `INDEXED BY`, `instr`, triggers with their
/// statements inline, and `pragma_table_info`.
public struct SQLiteDialect: SQLDialect {
  /// The dialect.
  public init() {}

  public var engine: SQLEngine { .sqlite }

  public var text: String { "TEXT" }

  public var integer: String { "INTEGER" }

  public var double: String { "REAL" }

  public func textInByteOrder(_ table: String, _ columns: [String]) -> String { "" }

  public var withoutRowID: String { " WITHOUT ROWID" }

  public func table(_ table: String, indexedBy index: String) -> String {
    "\(table) INDEXED BY \(index)"
  }

  public func position(of needle: String, in haystack: String) -> String {
    "instr(\(haystack), \(needle))"
  }

  /// Picks the rowids through the index, which holds the keys (a scan of short entries), and
  /// reads only the rows returned.
  public func limitedQuery(
    _ columns: String, from table: String, indexedBy index: String, where condition: String,
    orderBy order: String, tieBreak: String, limit: String
  ) -> String {
    """
    SELECT \(columns) FROM \(table) WHERE rowid IN (
      SELECT rowid FROM \(table) INDEXED BY \(index)
      WHERE \(condition)
      ORDER BY \(order) LIMIT \(limit))
    ORDER BY \(order), \(tieBreak)
    """
  }

  public func afterDeleteTriggers(
    _ tables: [(trigger: String, table: String)], function: String, body: String
  ) -> String {
    tables.map {
      """
      CREATE TRIGGER \($0.trigger) AFTER DELETE ON \($0.table) BEGIN
      \(Self.indented(body, by: 2))
      END;
      """
    }.joined(separator: "\n")
  }

  // MARK: - The catalogue

  public var tableNamesQuery: String {
    """
    SELECT name FROM sqlite_master
    WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
    """
  }

  public var columnNamesQuery: String { "SELECT name FROM pragma_table_info(?) ORDER BY cid" }

  public var primaryKeyQuery: String {
    "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk"
  }

  public var referencedTablesQuery: String { "SELECT \"table\" FROM pragma_foreign_key_list(?)" }

  /// Nothing: SQLite writes a given key into an `INTEGER PRIMARY KEY` as it is.
  public var insertingGivenKeys: String { "" }

  /// Drops every trigger (SQLite cannot disable one) and returns their SQL from
  /// `sqlite_master`, in the order they were made.
  public func disableTriggers(on tables: [String], in db: any SQLConnection) throws -> [String] {
    let triggers = try db.query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid"
    ) { ($0.string(0), $0.string(1)) }
    for (name, _) in triggers {
      try db.execute("DROP TRIGGER \(Self.quoted(name))")
    }
    return triggers.map(\.1)
  }

  public func counterHighWaterMarks(in db: any SQLConnection) throws -> [String: Int64] {
    let hasSequences =
      try db.queryFirst(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'"
      ) { _ in true } ?? false
    guard hasSequences else { return [:] }
    var marks: [String: Int64] = [:]
    for (table, value) in try db.query(
      "SELECT name, seq FROM sqlite_sequence", map: { ($0.string(0), $0.int64(1)) })
    {
      marks[table] = max(marks[table] ?? 0, value)
    }
    return marks
  }

  /// SQLite moved each `AUTOINCREMENT` counter past the keys inserted; a higher mark (rows
  /// deleted since from the database the marks come from) is carried over as well.
  public func continueCounters(after marks: [String: Int64], in db: any SQLConnection) throws {
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
  }
}

extension Database {
  /// SQLite's words (see ``SQLiteDialect``).
  public var dialect: any SQLDialect { SQLiteDialect() }
}

extension DatabaseQueue {
  /// SQLite's words (see ``SQLiteDialect``).
  public var dialect: any SQLDialect { SQLiteDialect() }
}
