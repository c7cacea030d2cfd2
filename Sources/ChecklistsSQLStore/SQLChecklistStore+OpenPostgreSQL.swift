import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import PostgreSQLDatabase
import SQLDatabase

extension SQLChecklistStore {
  /// How much work the store's statements have done on PostgreSQL, which has no count of
  /// executor steps: what stands for it is the rows its scans return and fetch in the store's
  /// tables and indexes (a sequential scan passes every row, an index seek only those it
  /// returns), from its statistics. Those reach the shared statistics only when a connection
  /// flushes them (at most once a second), so each relation's count is the shared one plus
  /// what this connection holds unflushed: exact when one connection did the work, as in a
  /// test that uses the store from one thread (the pool hands out its most recently used
  /// connection first).
  fileprivate static func postgreSQLWorkCounters(_ connections: PostgreSQLPool) throws
    -> SQLWorkCounters
  {
    try connections.read { db in
      try db.execute("SELECT pg_stat_clear_snapshot()")
      return try db.queryFirst(
        """
        SELECT
          COALESCE(SUM(pg_stat_get_tuples_returned(c.oid) + pg_stat_get_tuples_fetched(c.oid)
            + pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)),
            0),
          COALESCE(SUM(CASE WHEN c.relkind = 'r' THEN
            pg_stat_get_tuples_inserted(c.oid) + pg_stat_get_tuples_updated(c.oid)
            + pg_stat_get_tuples_deleted(c.oid) + pg_stat_get_xact_tuples_inserted(c.oid)
            + pg_stat_get_xact_tuples_updated(c.oid) + pg_stat_get_xact_tuples_deleted(c.oid)
            ELSE 0 END), 0)
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
        """
      ) { SQLWorkCounters(steps: $0.int(0), rowsChanged: $0.int(1)) }
        ?? SQLWorkCounters(steps: 0, rowsChanged: 0)
    }
  }

  /// A `LISTEN` on ``SQLChecklistStore/changesChannel`` on a connection of its own: every
  /// committed change, and every reconnection (notifications sent meanwhile are lost, so the
  /// caller reads the log again), calls `onChange`.
  fileprivate static func observePostgreSQLChanges(
    _ configuration: PostgreSQLConfiguration, _ onChange: @escaping @Sendable () -> Void
  ) -> any DatabaseObservation {
    let listener = PostgreSQLListener(
      configuration, channel: SQLChecklistStore.changesChannel,
      onNotification: { _ in onChange() }, onReconnect: onChange)
    return ListenerObservation(listener: listener)
  }
}

/// A `LISTEN` seen as a ``ChecklistsStore/DatabaseObservation``.
private struct ListenerObservation: DatabaseObservation {
  let listener: PostgreSQLListener

  func cancel() { listener.cancel() }
}

extension SQLChecklistStore {
  /// Opens the PostgreSQL database at `url` (a `postgres://` URL or a libpq connection
  /// string) and brings its schema up to date: a bounded pool of connections to one database
  /// that several server instances share. The schema is PostgreSQL's shipped migrations
  /// (``postgreSQLMigrator``, with the same names as SQLite's) and then those written against
  /// the dialect; the pool serializes writers with an advisory lock (see docs/SYNC.md), and a
  /// `LISTEN` on the change log's channel tells of other instances' commits.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the database
  ///   (never its password).
  public convenience init(postgreSQL url: String) throws {
    let configuration: PostgreSQLConfiguration
    do {
      configuration = try PostgreSQLConfiguration(url)
    } catch let error as SQLError {
      // Not the string itself: it may hold a password.
      throw ChecklistsError(
        .storage, MessageText("errors.database.databaseLocation", ["errorMessage": error.message]))
    }
    try self.init(location: configuration.redacted) {
      // One connection at once, so a wrong address fails here.
      let connections = try PostgreSQLPool(configuration)
      return SQLOpenedDatabase(
        pool: connections, shippedMigrations: SQLChecklistStore.postgreSQLMigrator,
        workCounters: { try SQLChecklistStore.postgreSQLWorkCounters(connections) },
        observeCommittedChanges: {
          SQLChecklistStore.observePostgreSQLChanges(configuration, $0)
        })
    }
  }
}
