import ChecklistsCore
import ChecklistsMessages
import Foundation
import SQLDatabase
import SQLiteDatabase

/// What ``SQLChecklistStore/restore(sqlitePath:from:keepingPreviousAs:)`` did.
public struct DatabaseRestoreReport: Sendable, Equatable {
  /// Where the database as it was before is kept, when there was one.
  public var previous: String?
  /// The schema the restored database is at (a backup from an older version is migrated).
  public var version: SchemaVersion
  /// How many users it holds.
  public var users: Int
  /// How many checklists it holds.
  public var checklists: Int
  /// How many shopping lists it holds.
  public var shoppingLists: Int
  /// Files that killed restores (or backups of the database it replaced) had left beside the
  /// database, removed first.
  public var leftoversRemoved: [String] = []
}

/// What ``SQLChecklistStore/backUp(sqlitePath:to:)`` did.
public struct DatabaseBackupReport: Sendable, Equatable {
  /// The size of the backup in bytes.
  public var bytes: Int64
  /// Half-written copies that killed backups to the same file had left, removed first.
  public var leftoversRemoved: [String]
}

extension SQLChecklistStore {
  /// Writes a consistent copy of the SQLite database at `path` to the file `destination`
  /// with SQLite's online backup API, while other processes (a running server) go on reading
  /// and writing it: the copy is the database as of one commit, checked, and put in place
  /// atomically. The database itself is only read. What backups to the same file that were
  /// killed left beside it (`<destination>.partial-<pid>` of a process that is gone) is
  /// removed first.
  /// - Returns: The size of the backup, and the leftovers removed.
  /// - Throws: ``ChecklistsCore/ChecklistsError``: `notFound` when there is no database file,
  ///   `conflict` when `destination` is the database itself or another database in use,
  ///   `storage` when the copy fails (then `destination` is as it was).
  @discardableResult
  public static func backUp(sqlitePath path: String, to destination: String) throws
    -> DatabaseBackupReport
  {
    try requireDatabaseFile(path)
    if sameFile(path, destination) {
      throw ChecklistsError(
        .conflict,
        MessageText("errors.backup.databaseItselfBack", ["destination": "\(destination)"]))
    }
    if FileManager.default.fileExists(atPath: destination + "-wal")
      || DatabaseBackup.processUsing(destination) != nil
    {
      // Renaming a file over a database with a write-ahead log would pair the log with
      // another database's pages.
      throw ChecklistsError(
        .conflict,
        MessageText("errors.backup.databaseUseWrite", ["destination": "\(destination)"]))
    }
    do {
      let summary = try DatabaseBackup.backUp(path, to: destination)
      return DatabaseBackupReport(
        bytes: summary.bytes, leftoversRemoved: summary.leftoversRemoved.map(\.path))
    } catch let error as SQLError {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.backup.backupFailedNothing", ["path": "\(path)", "errorMessage": error.message]))
    }
  }

  /// Puts the database in the backup file `backup` in place of the SQLite database at `path`.
  ///
  /// Refused while another process has the database open (a running server's caches and
  /// change cursors would not know the database changed under it). The backup is checked
  /// (`PRAGMA quick_check`), copied aside, brought up to this version's schema and given a new
  /// change-log epoch there, so apps and browsers that synced after the backup was taken
  /// reload in full instead of trusting cursors the restored log never reached. Then it
  /// replaces the database's pages in one transaction: a failure leaves the database as it was.
  /// What restores into the same database that were killed left beside it (their copies
  /// aside, `.<name>.restoring-<pid>…`, and the half-written copies of the database they
  /// were keeping) is removed first, when their process is gone.
  /// - Parameters:
  ///   - path: The database to replace; created when missing.
  ///   - backup: A file made by ``backUp(sqlitePath:to:)`` (or any copy of a database).
  ///   - previous: Where to keep a backup of the database as it was, when it exists.
  /// - Returns: What was restored.
  /// - Throws: ``ChecklistsCore/ChecklistsError``: `notFound` for a missing backup,
  ///   `unreadableFile` for one that is not an intact database, `conflict` while the database
  ///   is in use, `storage` for a backup made by a newer version or a failed copy.
  public static func restore(
    sqlitePath path: String, from backup: String, keepingPreviousAs previous: String
  ) throws -> DatabaseRestoreReport {
    try requireDatabaseFile(backup, what: "backup")
    if sameFile(path, backup) {
      throw ChecklistsError(
        .conflict, MessageText("errors.backup.databaseItselfNothing", ["backup": "\(backup)"]))
    }
    do {
      try DatabaseBackup.checkIntegrity(of: backup)
    } catch let error as SQLError {
      throw ChecklistsError(
        .unreadableFile,
        error.kind == .notADatabase
          ? MessageText("errors.backup.notADatabase", ["backup": "\(backup)"])
          : MessageText(
            "errors.backup.cannotRestore", ["backup": "\(backup)", "problem": error.message]))
    }
    try refuseIfInUse(path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let leftovers = removeRestoreLeftovers(of: path)
    let scratch = folder.appendingPathComponent(
      ".\(URL(fileURLWithPath: path).lastPathComponent).restoring-\(getpid())"
    ).path
    defer {
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(scratch + suffix) }
    }
    do {
      try DatabaseBackup.backUp(backup, to: scratch)
    } catch let error as SQLError {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.backup.cannotReadBackup", ["backup": "\(backup)", "errorMessage": error.message]))
    }
    // Opening migrates; a backup from a newer version is refused here, on the scratch copy.
    let restored: SQLChecklistStore
    do {
      restored = try SQLChecklistStore(sqlitePath: scratch)
    } catch var error as ChecklistsError {
      error.message = error.message.replacingOccurrences(
        of: scratch, with: "The backup '\(backup)'")
      throw error
    }
    let report = try restored.summary()
    try restored.renewChangeLogEpoch()
    restored.close()

    var kept: String?
    if FileManager.default.fileExists(atPath: path) {
      try backUp(sqlitePath: path, to: previous)
      kept = previous
    }
    try refuseIfInUse(path)
    do {
      try DatabaseBackup.restore(scratch, into: path)
    } catch let error as SQLError {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.backup.restoringIntoFailed", ["path": "\(path)", "errorMessage": error.message]))
    }
    // The next connection turns the write-ahead log back on, as every process expects.
    let reopened = try SQLChecklistStore(sqlitePath: path)
    reopened.close()
    return DatabaseRestoreReport(
      previous: kept, version: report.version, users: report.users,
      checklists: report.checklists, shoppingLists: report.shoppingLists,
      leftoversRemoved: leftovers)
  }

  // MARK: - Internals

  /// Removes what killed restores into `path` left beside it, when their process is gone:
  /// the copy aside, `.<name>.restoring-<pid>` with its `-journal` (`-wal`, `-shm`) and its
  /// own half-written `.partial-<pid>`, and `<name>.before-restore-<time>.partial-<pid>`, a
  /// half-written copy of the database as it was. The database's own `-journal` is never
  /// touched: SQLite needs it to roll back an interrupted write.
  /// - Returns: The paths removed.
  private static func removeRestoreLeftovers(of path: String) -> [String] {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    return DatabaseBackup.removeLeftovers(in: url.deletingLastPathComponent().path) { file in
      if let partial = file.range(of: ".partial-", options: .backwards),
        file.hasPrefix(".\(name).restoring-") || file.hasPrefix("\(name).before-restore-")
      {
        return DatabaseBackup.process(in: file, after: String(file[..<partial.upperBound]))
      }
      return DatabaseBackup.process(in: file, after: ".\(name).restoring-")
    }.map(\.path)
  }

  private func summary() throws -> DatabaseRestoreReport {
    let version = try schemaVersion()
    do {
      return try queue.read { db in
        func count(_ table: String) throws -> Int {
          try db.queryFirst("SELECT COUNT(*) FROM \(table)") { $0.int(0) } ?? 0
        }
        return DatabaseRestoreReport(
          previous: nil, version: version, users: try count("users"),
          checklists: try count("checklists"), shoppingLists: try count("shopping_lists"))
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Gives the change log a new epoch: every cursor of the old one is then told apart.
  private func renewChangeLogEpoch() throws {
    let epoch = String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8))
    do {
      _ = try queue.write { db in try db.run("UPDATE sync_log SET epoch = ? WHERE id = 1", epoch) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  private static func refuseIfInUse(_ path: String) throws {
    guard let process = DatabaseBackup.processUsing(path) else { return }
    throw ChecklistsError(
      .conflict,
      MessageText(
        "errors.backup.databaseOpenAnother", ["path": "\(path)", "process": "\(process)"]))
  }

  private static func requireDatabaseFile(_ path: String, what: String = "database") throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw ChecklistsError(
        .notFound, MessageText("errors.backup.noFile", ["what": what, "path": "\(path)"]))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ChecklistsError(
        .invalidInput, MessageText("errors.backup.regularFile", ["what": what, "path": "\(path)"]))
    }
  }

  private static func sameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var two = stat()
    guard stat(first, &one) == 0, stat(second, &two) == 0 else { return false }
    return one.st_dev == two.st_dev && one.st_ino == two.st_ino
  }
}
