import ChecklistsStore
import SQLDatabase

/// A database the opening code has reached (SQLChecklistStore+Open*.swift, the only files of
/// the store that name a driver): its connections, its schema as that engine's shipped
/// migrations, and the little only that engine can answer. What differs in SQL is asked of the
/// connections' ``SQLDatabase/SQLDialect``; nothing else in the store knows the engine.
struct SQLOpenedDatabase: Sendable {
  /// The connections.
  var pool: any SQLConnectionPool

  /// The migrations shipped for this engine before migrations were written once against the
  /// dialect (``SQLChecklistStore/sqliteMigrator``, ``SQLChecklistStore/postgreSQLMigrator``);
  /// the store appends ``SQLChecklistStore/dialectMigrations`` to them.
  var shippedMigrations: SQLMigrator

  /// How much work the store's statements have done so far: a measure that, unlike a clock,
  /// is the same on every run (see ``SQLWorkCounters``).
  var workCounters: @Sendable () throws -> SQLWorkCounters

  /// Calls its argument after another connection commits a change to the log, when the engine
  /// can say so (PostgreSQL's `LISTEN`/`NOTIFY`); `nil` when it cannot, and callers poll.
  var observeCommittedChanges:
    @Sendable (_ onChange: @escaping @Sendable () -> Void) -> (any DatabaseObservation)?
}
