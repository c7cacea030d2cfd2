import ChecklistsStore
import Foundation
import SQLDatabase
import SQLiteDatabase

/// The store on SQLite: one file, WAL, foreign keys, a busy timeout so that processes sharing
/// the file queue for its lock. SQLite's own DDL (REAL dates, triggers, `WITHOUT ROWID`,
/// `AUTOINCREMENT`) is the migrator ``SQLChecklistStore/sqliteMigrator``; the mapping of its
/// result codes to ``SQLDatabase/SQLError/Kind`` is in the driver.
struct SQLiteDialect: SQLDialect {
  /// The one serialized connection to the file.
  let queue: DatabaseQueue

  /// Opens (creating if needed) the file at `path`, and its folder when missing.
  /// - Throws: `CocoaError` when the folder cannot be made, ``SQLDatabase/SQLError``.
  init(path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    queue = try DatabaseQueue(path: path)
  }

  var engine: SQLEngine { .sqlite }

  var pool: any SQLConnectionPool { queue }

  var migrator: SQLMigrator { SQLChecklistStore.sqliteMigrator }

  func workCounters() throws -> SQLWorkCounters {
    try queue.withConnection {
      SQLWorkCounters(steps: $0.virtualMachineSteps, rowsChanged: $0.totalChanges)
    }
  }

  /// SQLite has no notifications between processes: callers poll the change log.
  func observeCommittedChanges(_ onChange: @escaping @Sendable () -> Void) -> (
    any DatabaseObservation
  )? { nil }
}

extension SQLChecklistStore {
  /// Opens (creating if needed) the SQLite database at `path` and brings its schema up to date.
  ///
  /// Creates the file's folder when it is missing. Several processes may use the same file at
  /// once (the CLI while a server runs): writers queue on SQLite's lock instead of failing.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the file.
  public convenience init(sqlitePath path: String) throws {
    try self.init(location: path) { try SQLiteDialect(path: path) }
  }
}
