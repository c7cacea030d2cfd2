import Dispatch
import Foundation
import SQLDatabase
import Synchronization

/// A bounded pool of connections to one PostgreSQL database that many threads share: each
/// closure gets a connection to itself, inside one transaction.
///
/// Reads run in `REPEATABLE READ READ ONLY` (one snapshot, as SQLite's deferred read). Writes
/// run `BEGIN` and then take the transaction-level advisory lock
/// ``PostgreSQLConfiguration/writeLockKey`` as their first statement, so that writers on every
/// process serialize as SQLite's one writer does; a write that still fails with a serialization
/// failure or a deadlock is run again (up to 5 times), so a `write` closure may run more than
/// once and must only touch the database. A connection the server dropped is thrown away and
/// replaced on the next call; while the server is down, calls throw ``SQLDatabase/SQLError`` of
/// kind `unavailable`.
public final class PostgreSQLPool: SQLConnectionPool {
  /// The database and how the pool uses it.
  public let configuration: PostgreSQLConfiguration
  /// The most connections the pool opens at once.
  public let maxConnections: Int
  /// How long a call waits for a free connection before it gives up as `unavailable`.
  public let acquireTimeout: Duration

  private struct State {
    var idle: [PooledConnection] = []
    var isClosed = false
  }

  private let state = Mutex(State())
  /// One permit per connection the pool may hand out.
  private let permits: DispatchSemaphore
  private static let maxAttempts = 5

  /// Opens a pool and its first connection at once, so that a wrong address, password or
  /// database name fails here rather than at the first request.
  /// - Parameters:
  ///   - configuration: The database.
  ///   - maxConnections: The most connections open at once.
  ///   - acquireTimeout: How long a call waits for a free connection.
  /// - Throws: ``SQLDatabase/SQLError`` of kind `cantOpen` with libpq's message.
  public init(
    _ configuration: PostgreSQLConfiguration, maxConnections: Int = 8,
    acquireTimeout: Duration = .seconds(5)
  ) throws {
    precondition(maxConnections > 0, "a pool needs at least one connection")
    self.configuration = configuration
    self.maxConnections = maxConnections
    self.acquireTimeout = acquireTimeout
    permits = DispatchSemaphore(value: maxConnections)
    let first = PooledConnection(try PostgreSQLConnection(configuration))
    state.withLock { $0.idle.append(first) }
  }

  /// The server and database, without any password.
  public var location: String { configuration.redacted }

  /// Runs `body` in a read-only transaction that sees one snapshot.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func read<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T {
    try withRetries(.deferred, body)
  }

  /// Runs `body` in a write transaction holding the write lock, again (up to 5 times in all)
  /// when PostgreSQL fails it with a serialization failure or a deadlock.
  /// - Throws: What `body` throws, or ``SQLDatabase/SQLError``.
  public func write<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T {
    try withRetries(.immediate, body)
  }

  /// Closes the idle connections now and the busy ones when their closures end; later calls
  /// throw.
  public func close() {
    let idle = state.withLock { state in
      state.isClosed = true
      let idle = state.idle
      state.idle = []
      return idle
    }
    for pooled in idle { pooled.connection.close() }
  }

  /// How many connections are open and idle now (for tests and metrics).
  public var idleConnectionCount: Int { state.withLock { $0.idle.count } }

  // MARK: - Internals

  /// Runs `body` in a transaction of `kind`, again (up to 5 times in all) when it fails in a
  /// way that running it again cures: a write's conflict (serialization failure, deadlock), or
  /// a prepared statement whose result columns a schema change altered.
  private func withRetries<T>(_ kind: SQLTransactionKind, _ body: (any SQLConnection) throws -> T)
    throws -> T
  {
    var attempt = 1
    while true {
      do {
        return try SQLTransactionClock.measure { try withTransaction(kind, body) }
      } catch let error as SQLError
        where kind == .immediate ? error.isRetryableConflict : error.isStalePlan
      {
        guard attempt < Self.maxAttempts else { throw error }
        // Jittered, growing pauses so that the two sides of a conflict do not meet again.
        let pause = Double(1 << attempt) * 0.005 * Double.random(in: 0.5...1.5)
        Thread.sleep(forTimeInterval: pause)
        attempt += 1
      }
    }
  }

  /// Runs `body` in a transaction of `kind` on a connection of its own. A connection found
  /// dead when the transaction opens (the server dropped it while idle) is replaced and the
  /// transaction opened on the next one: nothing ran yet, so that is always safe.
  private func withTransaction<T>(
    _ kind: SQLTransactionKind, _ body: (any SQLConnection) throws -> T
  ) throws -> T {
    try acquirePermit()
    defer { permits.signal() }
    var replaced = 0
    while true {
      let pooled = try takeConnection()
      let connection = pooled.connection
      do {
        try connection.begin(kind)
      } catch {
        if connection.isBroken && replaced < maxConnections {
          connection.close()
          replaced += 1
          continue
        }
        giveBack(pooled)
        throw error
      }
      defer { giveBack(pooled) }
      return try connection.finishTransaction { try body(connection) }
    }
  }

  private func acquirePermit() throws {
    try checkNotClosed()
    let (seconds, attoseconds) = acquireTimeout.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    guard permits.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
      throw SQLError(
        .unavailable, code: "pool exhausted",
        message:
          "all \(maxConnections) connections stayed busy for \(Self.describe(acquireTimeout))"
      )
    }
  }

  /// An idle connection that still looks alive, or a new one.
  private func takeConnection() throws -> PooledConnection {
    while let pooled = try state.withLock({ state -> PooledConnection? in
      guard !state.isClosed else { throw closedError }
      return state.idle.popLast()
    }) {
      if pooled.connection.isAlive { return pooled }
      pooled.connection.close()
    }
    do {
      return PooledConnection(try PostgreSQLConnection(configuration))
    } catch var error as SQLError {
      // The server answered when the pool opened: now it is down or restarting.
      if error.kind == .cantOpen { error.kind = .unavailable }
      throw error
    }
  }

  private func giveBack(_ pooled: PooledConnection) {
    let keep = state.withLock { state in
      guard !state.isClosed, !pooled.connection.isBroken else { return false }
      state.idle.append(pooled)
      return true
    }
    if !keep { pooled.connection.close() }
  }

  private func checkNotClosed() throws {
    if state.withLock({ $0.isClosed }) { throw closedError }
  }

  private var closedError: SQLError {
    SQLError(.other, code: "pool closed", message: "the connections to \(location) are closed")
  }

  /// "5 s", "0.2 s".
  private static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds) / 1e18
    return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

/// A connection waiting in the pool. The pool hands it to one closure at a time and takes it
/// back after, so no two threads reach it at once: that is what the unchecked conformance
/// stands for.
private final class PooledConnection: @unchecked Sendable {
  let connection: PostgreSQLConnection

  init(_ connection: PostgreSQLConnection) {
    self.connection = connection
  }
}
