/// Connections that many threads may share: each closure gets one connection to itself, inside
/// one transaction.
///
/// Reads run in a deferred transaction (one consistent snapshot), writes in an immediate one.
/// Either commits when the closure returns and rolls back when it throws: every write is all or
/// nothing.
public protocol SQLConnectionPool: Sendable {
  /// Where the database is, for messages: a file's path, or a server's address without secrets.
  var location: String { get }

  /// The words of SQL that differ on these connections' engine.
  var dialect: any SQLDialect { get }

  /// Runs `body` in a read transaction.
  /// - Throws: What `body` throws, or ``SQLError``.
  func read<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T

  /// Runs `body` in a write transaction.
  /// - Throws: What `body` throws, or ``SQLError``.
  func write<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T

  /// Closes the connections once the closures running now are done; later calls throw.
  func close()
}
