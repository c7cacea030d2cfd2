import Foundation

/// An append-only list of named schema changes, each applied once in its own transaction and
/// recorded in the table `schema_migrations`.
public struct SQLMigrator: Sendable {
  /// One schema change.
  public struct Migration: Sendable {
    /// The name recorded once it is applied; never rename a shipped migration.
    public var identifier: String
    /// The change.
    public var migrate: @Sendable (any SQLConnection) throws -> Void
  }

  /// The migrations in the order they apply.
  public private(set) var migrations: [Migration] = []

  /// Creates an empty migrator.
  public init() {}

  /// Appends a migration.
  /// - Parameters:
  ///   - identifier: A unique, permanent name such as `"v1: lists and items"`.
  ///   - migrate: The schema change.
  public mutating func registerMigration(
    _ identifier: String, migrate: @escaping @Sendable (any SQLConnection) throws -> Void
  ) {
    precondition(
      !migrations.contains { $0.identifier == identifier }, "duplicate migration \(identifier)")
    migrations.append(Migration(identifier: identifier, migrate: migrate))
  }

  /// Applies every migration not yet recorded in the database.
  ///
  /// Safe when two processes start at once: each migration checks and applies inside one
  /// immediate transaction, so the second process finds it done.
  /// - Returns: The identifiers applied by this call.
  /// - Throws: ``SQLError``, or a ``MigrationError`` when the database is newer than us.
  @discardableResult
  public func migrate(_ queue: any SQLConnectionPool) throws -> [String] {
    // DOUBLE PRECISION: a REAL on SQLite, and 64 bits on PostgreSQL, whose REAL has 32.
    try queue.write { db in
      try db.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          identifier TEXT PRIMARY KEY NOT NULL,
          applied_at DOUBLE PRECISION NOT NULL)
        """)
    }
    var applied: [String] = []
    for migration in migrations {
      let didApply = try queue.write { db -> Bool in
        let done = try db.queryFirst(
          "SELECT 1 FROM schema_migrations WHERE identifier = ?", migration.identifier
        ) { _ in true }
        guard done == nil else { return false }
        try migration.migrate(db)
        try db.run(
          "INSERT INTO schema_migrations (identifier, applied_at) VALUES (?, ?)",
          migration.identifier, Date())
        return true
      }
      if didApply { applied.append(migration.identifier) }
    }
    let known = Set(migrations.map(\.identifier))
    let unknown = try queue.read { db in
      try db.query("SELECT identifier FROM schema_migrations ORDER BY applied_at") { $0.string(0) }
    }.filter { !known.contains($0) }
    if !unknown.isEmpty { throw MigrationError(unknownMigrations: unknown) }
    return applied
  }
}

/// The database was written by a newer version of the program: it has migrations we don't know.
public struct MigrationError: Error, Sendable, CustomStringConvertible {
  /// The identifiers recorded in the database that this program doesn't have.
  public var unknownMigrations: [String]

  /// A sentence naming the problem.
  public var description: String {
    "The database was created by a newer version of checklists (it has the migrations "
      + unknownMigrations.map { "'\($0)'" }.joined(separator: ", ")
      + "). Upgrade checklists to open it."
  }
}
