import ChecklistsCore
import Foundation
import SQLiteDatabase

/// The store in one SQLite file: WAL, foreign keys, versioned migrations, one transaction per
/// user action. Several processes may use the same file at once (the CLI while a server runs):
/// writers queue on SQLite's lock instead of failing.
public final class SQLiteChecklistStore: ChecklistStore {
  /// The serialized connection.
  public let queue: DatabaseQueue

  /// Opens (creating if needed) the database at `path` and brings its schema up to date.
  ///
  /// Creates the file's folder when it is missing.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the file.
  public init(path: String) throws {
    do {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      queue = try DatabaseQueue(path: path)
      try Self.migrator.migrate(queue)
    } catch let error as DatabaseError {
      throw Self.storageError(error, path: path)
    } catch let error as MigrationError {
      throw ChecklistsError(.storage, "\(path): \(error)")
    } catch let error as CocoaError {
      throw ChecklistsError(
        .storage,
        "Could not create the folder for the database \(path): \(error.localizedDescription)")
    }
  }

  /// The path of the database file.
  public var path: String { queue.path }

  /// Closes the database cleanly (checkpointing the WAL when this is the last connection).
  /// Reads and writes after this throw.
  public func close() {
    queue.close()
  }

  /// Runs `body` in a read transaction.
  public func read<T: Sendable>(_ body: (any ChecklistStoreReader) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as DatabaseError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func write<T: Sendable>(_ body: (any ChecklistStoreWriter) throws -> T) throws -> T {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as DatabaseError {
      throw Self.storageError(error, path: path)
    }
  }

  static func storageError(_ error: DatabaseError, path: String) -> ChecklistsError {
    switch error.primaryResultCode {
    case 26:  // SQLITE_NOTADB
      return ChecklistsError(.storage, "\(path) is not a Checklists database (not an SQLite file).")
    case 14:  // SQLITE_CANTOPEN
      return ChecklistsError(.storage, "Could not open the database \(path): \(error.message).")
    case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
      return ChecklistsError(
        .storage, "The database \(path) stayed locked by another process for too long; try again.")
    default:
      return ChecklistsError(.storage, "Database error in \(path): \(error.message).")
    }
  }
}
