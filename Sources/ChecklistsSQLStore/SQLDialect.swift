import ChecklistsStore
import SQLDatabase

/// What differs between the SQL engines the store runs on, kept in one file per engine
/// (SQLiteDialect.swift; PostgreSQL's comes with its driver): how to reach the database, its
/// schema in that engine's DDL (types, triggers, key columns), and how to count a statement's
/// work. Everything else, every query and every rule, is written once over ``SQLConnection``.
protocol SQLDialect: Sendable {
  /// Which engine this is, for the few places that must say so (copying between databases).
  var engine: SQLEngine { get }

  /// The connections, opened.
  var pool: any SQLConnectionPool { get }

  /// The schema as an append-only list of migrations written in this engine's DDL.
  var migrator: SQLMigrator { get }

  /// How much work the store's statements have done so far: a measure that, unlike a clock,
  /// is the same on every run (see ``SQLWorkCounters``).
  /// - Throws: ``SQLDatabase/SQLError``.
  func workCounters() throws -> SQLWorkCounters

  /// Calls `onChange` after another connection commits a change to the log, when the engine
  /// can say so (PostgreSQL's `LISTEN`/`NOTIFY`); `nil` when it cannot, and callers poll.
  func observeCommittedChanges(_ onChange: @escaping @Sendable () -> Void) -> (
    any DatabaseObservation
  )?
}

/// How much work a store's statements have done since it opened, counted by the engine: what
/// the growth tests compare between a small and a large database.
public struct SQLWorkCounters: Sendable, Hashable {
  /// Steps of the engine's executor (SQLite's virtual-machine steps): a scan grows with the
  /// rows it passes, an index seek does not.
  public var steps: Int
  /// Rows inserted, updated or deleted, triggers included.
  public var rowsChanged: Int

  /// Creates the value.
  public init(steps: Int, rowsChanged: Int) {
    self.steps = steps
    self.rowsChanged = rowsChanged
  }
}

/// The SQL engines the store runs on.
public enum SQLEngine: String, Sendable {
  case sqlite = "SQLite"
  case postgreSQL = "PostgreSQL"
}
