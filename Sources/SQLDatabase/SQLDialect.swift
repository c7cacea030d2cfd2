import Foundation

/// The words of SQL that differ between engines, so that code above the drivers writes a
/// statement once and asks the connection for the words (``SQLConnection/dialect``), never
/// which engine it is talking to. Each driver has its own beside it, as SQLKit's dialects sit
/// with SQLiteKit and PostgresKit.
///
/// What both engines run as written (`ON CONFLICT … DO UPDATE SET … = excluded.…` upserts,
/// `RETURNING`, `?` parameters, double-quoted names) is not here: write it plainly.
public protocol SQLDialect: Sendable {
  /// The engine, for messages (`Database: SQLite …`) and for copying between databases.
  var engine: SQLEngine { get }

  /// A text column that compares as UTF-8 bytes: SQLite's `TEXT` (BINARY collation),
  /// PostgreSQL's `TEXT COLLATE "C"`, whatever the database's locale.
  var text: String { get }

  /// A 64-bit integer column: SQLite's `INTEGER`, PostgreSQL's `BIGINT` (its `INTEGER` has 32
  /// bits).
  var integer: String { get }

  /// A 64-bit floating-point column, as dates are (seconds since 2001): SQLite's `REAL`,
  /// PostgreSQL's `DOUBLE PRECISION` (its `REAL` has 32 bits). `DOUBLE PRECISION` is also
  /// understood by SQLite, as a `REAL`.
  var double: String { get }

  /// Statements that make existing text columns of `table` compare as bytes, as ``text``
  /// does: PostgreSQL's `ALTER COLUMN … TYPE TEXT COLLATE "C"`, one line per column; nothing
  /// (an empty string) on SQLite, whose `TEXT` does so already.
  func textInByteOrder(_ table: String, _ columns: [String]) -> String

  /// What follows a table's closing parenthesis for a table keyed by its primary key alone:
  /// `" WITHOUT ROWID"` on SQLite, nothing on PostgreSQL, which has no rowids.
  var withoutRowID: String { get }

  /// `table` in a `FROM` clause, read through `index`: SQLite's `INDEXED BY`, for the few
  /// queries where its planner, which does not know the table's size, picks worse; PostgreSQL's
  /// planner is left to choose.
  /// - Parameters:
  ///   - table: The table, with its alias if any (`items i`).
  ///   - index: The index to read it through.
  func table(_ table: String, indexedBy index: String) -> String

  /// The 1-based position of `needle` in `haystack`, 0 when it is not there: SQLite's
  /// `instr(haystack, needle)`, PostgreSQL's `strpos(haystack, needle)`.
  func position(of needle: String, in haystack: String) -> String

  /// A query for at most `limit` rows of `table` that match `condition`, in `order`, read
  /// through `index` when the engine has to be told: SQLite picks the rowids in the index and
  /// reads only those rows; PostgreSQL's planner does so itself.
  /// - Parameters:
  ///   - columns: The columns to select.
  ///   - condition: The `WHERE` condition.
  ///   - order: The `ORDER BY` terms that pick the rows.
  ///   - tieBreak: A further `ORDER BY` term for rows equal in `order` (a unique column).
  ///   - limit: The limit, a parameter or a number.
  func limitedQuery(
    _ columns: String, from table: String, indexedBy index: String, where condition: String,
    orderBy order: String, tieBreak: String, limit: String
  ) -> String

  /// Statements that make a trigger per table in `tables` that runs `body` for each row deleted
  /// from it (`OLD` names the row): SQLite's `CREATE TRIGGER … BEGIN … END`, PostgreSQL's
  /// PL/pgSQL function `function`, made once and shared by the triggers.
  /// - Parameters:
  ///   - tables: Each trigger's name and the table it is on.
  ///   - function: The name of the function PostgreSQL's triggers run.
  ///   - body: Statements each ending with `;`, written as both engines read them.
  func afterDeleteTriggers(
    _ tables: [(trigger: String, table: String)], function: String, body: String
  ) -> String

  // MARK: - The catalogue

  /// A query for the names of the tables in the database (or its current schema), one row
  /// each, without the engine's own.
  var tableNamesQuery: String { get }

  /// A query for the names of `table`'s columns in order (one row each, the name first),
  /// from the engine's catalogue. The table's name is the query's one parameter.
  var columnNamesQuery: String { get }

  /// A query for the columns of a table's primary key, in key order. The table's name is the
  /// query's one parameter.
  var primaryKeyQuery: String { get }

  /// A query for the tables a table's foreign keys refer to. The table's name is the query's
  /// one parameter.
  var referencedTablesQuery: String { get }

  /// What `INSERT INTO t (…)` needs before `VALUES` to write the keys given into a column the
  /// engine numbers itself: PostgreSQL's `" OVERRIDING SYSTEM VALUE"` for an identity column.
  var insertingGivenKeys: String { get }

  /// Turns the triggers on `tables` off inside the caller's transaction, until the statements
  /// returned are run: SQLite cannot disable a trigger, so it drops them all and returns
  /// their own SQL; PostgreSQL disables the user triggers (not those checking foreign keys).
  /// - Returns: The statements that turn them back on.
  /// - Throws: ``SQLError``.
  func disableTriggers(on tables: [String], in db: any SQLConnection) throws -> [String]

  /// The highest value each table's counter of keys has handed out (SQLite's
  /// `sqlite_sequence` for `AUTOINCREMENT`, PostgreSQL's sequences owned by a column), which
  /// may be above the largest key left in the table.
  /// - Throws: ``SQLError``.
  func counterHighWaterMarks(in db: any SQLConnection) throws -> [String: Int64]

  /// Sets each table's counter of keys to continue after both its largest key and its mark
  /// in `marks`, so that a new row never takes a number already used.
  /// - Throws: ``SQLError``.
  func continueCounters(after marks: [String: Int64], in db: any SQLConnection) throws
}

/// The SQL engines the drivers reach.
public enum SQLEngine: String, Sendable {
  case sqlite = "SQLite"
  case postgreSQL = "PostgreSQL"
}

extension SQLDialect {
  /// An identifier in double quotes, which both engines read as a name.
  public static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A string literal in single quotes.
  public static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// `body`'s lines indented by `spaces`, for statements nested in a trigger's body.
  public static func indented(_ body: String, by spaces: Int) -> String {
    let indent = String(repeating: " ", count: spaces)
    return body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
  }
}
