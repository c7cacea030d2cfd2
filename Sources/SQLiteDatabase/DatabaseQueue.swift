import SQLDatabase
import Synchronization

/// A database connection that many threads may share: one closure at a time reaches it.
///
/// Reads run in a deferred transaction (one consistent snapshot), writes in an immediate one
/// (the write lock is taken first, so two processes never deadlock on an upgrade). Either
/// commits when the closure returns and rolls back when it throws: every write is all or nothing.
public final class DatabaseQueue: SQLConnectionPool {
  // The connection is not Sendable. Region checking cannot see that a closure given the
  // connection hands it back at the end (`inout sending` rejects that), so the lock guards it
  // by hand: it is reached only inside `lock.withLock` and never escapes the closures below.
  private let lock = Mutex(())
  nonisolated(unsafe) private let database: Database

  /// Opens the database at `path` (see ``Database/init(path:busyTimeout:)``).
  /// - Throws: ``SQLDatabase/SQLError``.
  public init(path: String, busyTimeout: Int32 = 10_000) throws {
    database = try Database(path: path, busyTimeout: busyTimeout)
  }

  /// The path of the database file.
  public var path: String { database.path }

  /// The path of the database file.
  public var location: String { database.path }

  /// Runs `body` in a read transaction.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func read<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T {
    try lock.withLock { _ in
      try SQLTransactionClock.measure {
        try database.inTransaction(.deferred) { try body(database) }
      }
    }
  }

  /// Runs `body` in a write transaction.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func write<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T {
    try lock.withLock { _ in
      try SQLTransactionClock.measure {
        try database.inTransaction(.immediate) { try body(database) }
      }
    }
  }

  /// Closes the connection once the closure running now (if any) is done; later calls throw.
  public func close() {
    lock.withLock { _ in database.close() }
  }

  /// Runs `body` outside any transaction, for pragmas and checkpoints.
  public func withConnection<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
    try lock.withLock { _ in try body(database) }
  }
}
