import ChecklistsStore
import Foundation
import SQLDatabase
import SQLiteDatabase

extension SQLChecklistStore {
  /// Opens (creating if needed) the SQLite database at `path` and brings its schema up to date.
  ///
  /// One file, WAL, foreign keys, and a busy timeout: several processes may use the same file
  /// at once (the CLI while a server runs), and writers queue on SQLite's lock instead of
  /// failing. Creates the file's folder when it is missing. The schema is SQLite's shipped
  /// migrations (``sqliteMigrator``) and then those written against the dialect.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the file.
  public convenience init(sqlitePath path: String) throws {
    try self.init(location: path) {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let queue = try DatabaseQueue(path: path)
      return SQLOpenedDatabase(
        pool: queue, shippedMigrations: SQLChecklistStore.sqliteMigrator,
        workCounters: {
          try queue.withConnection {
            SQLWorkCounters(steps: $0.virtualMachineSteps, rowsChanged: $0.totalChanges)
          }
        },
        // SQLite has no notifications between processes: callers poll the change log.
        observeCommittedChanges: { _ in nil })
    }
  }
}
