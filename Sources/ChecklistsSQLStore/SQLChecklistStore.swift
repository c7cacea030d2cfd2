import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

/// The store in one SQL database, written once over ``SQLDatabase/SQLConnection``: versioned
/// migrations, one transaction per user action. What differs in SQL between engines is asked
/// of the connections' ``SQLDatabase/SQLDialect``, which each driver has beside it; only the
/// opening code (SQLChecklistStore+Open*.swift) names a driver. Open one with ``open(_:)``.
public final class SQLChecklistStore: ChecklistsDatabase {
  /// The connections.
  public let queue: any SQLConnectionPool
  /// What only the engine can answer.
  let opened: SQLOpenedDatabase

  /// Opens a database and brings its schema up to date: the engine's shipped migrations, then
  /// ``dialectMigrations``.
  /// - Parameters:
  ///   - location: Where the database is, for messages.
  ///   - open: Opens the connections.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the database.
  init(location: String, opening open: () throws -> SQLOpenedDatabase) throws {
    do {
      opened = try open()
      queue = opened.pool
      try Self.migrator(shipped: opened.shippedMigrations).migrate(queue)
    } catch let error as SQLError {
      throw Self.storageError(error, path: location)
    } catch let error as MigrationError {
      throw ChecklistsError(.storage, "\(location): \(error)")
    } catch let error as CocoaError {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.database.couldCreateFolder",
          ["location": "\(location)", "localizedDescription": "\(error.localizedDescription)"]))
    }
  }

  /// The engine the database runs on.
  public var engine: SQLEngine { queue.dialect.engine }

  /// The path of the database file (or where the database is).
  public var path: String { queue.location }

  /// Closes the database cleanly (checkpointing the WAL when this is the last connection).
  /// Reads and writes after this throw.
  public func close() {
    queue.close()
  }

  /// How much work the store's statements have done since it opened, counted by the engine.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public func workCounters() throws -> SQLWorkCounters {
    do {
      return try opened.workCounters()
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a read transaction.
  public func read<T: Sendable>(_ body: (any ChecklistStoreReader) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func write<T: Sendable>(_ body: (any ChecklistStoreWriter) throws -> T) throws -> T {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  static func storageError(_ error: SQLError, path: String) -> ChecklistsError {
    switch error.kind {
    case .notADatabase:
      return ChecklistsError(
        .storage, MessageText("errors.database.checklistsDatabaseSqlite", ["path": "\(path)"]))
    case .cantOpen:
      return ChecklistsError(
        .storage,
        MessageText(
          "errors.database.couldOpenDatabase", ["path": "\(path)", "errorMessage": error.message]))
    case .unavailable:
      return ChecklistsError(
        .storage,
        MessageText(
          "errors.database.databaseAnsweringTry",
          ["path": "\(path)", "errorMessage": error.message]))
    case .busy:
      return ChecklistsError(
        .storage, MessageText("errors.database.databaseStayedLocked", ["path": "\(path)"]))
    case .constraint, .other:
      return ChecklistsError(
        .storage,
        MessageText(
          "errors.database.databaseError", ["path": "\(path)", "errorMessage": error.message]))
    }
  }
}
