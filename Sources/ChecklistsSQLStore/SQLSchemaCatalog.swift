import Foundation
import SQLDatabase

/// What a copy needs to know of a database's schema, read from the engine's own catalogue
/// (SQLite's `sqlite_master` and table pragmas, PostgreSQL's `information_schema`) rather than
/// from a list kept by hand: a table added by a later migration is copied without a change here.
struct SQLSchemaCatalog {
  /// One table: its columns in order and its primary key.
  struct Table: Equatable {
    var name: String
    var columns: [String]
    var primaryKey: [String]
    /// The tables its foreign keys refer to.
    var references: Set<String>
  }

  /// The migrator's own table, which each database keeps for itself (it records when *that*
  /// database was migrated), and which the copy compares instead of copying.
  static let migrationsTable = "schema_migrations"

  let db: any SQLConnection

  /// The words and catalogue queries of the connection's engine.
  private var dialect: any SQLDialect { db.dialect }

  // MARK: - Tables

  /// Every table of the store, by name, without the engine's internal ones and the migrator's.
  func tables() throws -> [String: Table] {
    var tables: [String: Table] = [:]
    for name in try db.query(dialect.tableNamesQuery, map: { $0.string(0) })
    where name != Self.migrationsTable {
      tables[name] = Table(
        name: name, columns: try db.query(dialect.columnNamesQuery, name) { $0.string(0) },
        primaryKey: try db.query(dialect.primaryKeyQuery, name) { $0.string(0) },
        references: Set(try db.query(dialect.referencedTablesQuery, name) { $0.string(0) }))
    }
    return tables
  }

  /// The tables in an order in which each comes after the tables its foreign keys refer to.
  /// - Throws: ``SQLDatabase/SQLError`` when the keys go round in a circle.
  static func inForeignKeyOrder(_ tables: [String: Table]) throws -> [Table] {
    var ordered: [Table] = []
    var placed: Set<String> = []
    var remaining = tables.values.sorted { $0.name < $1.name }
    while !remaining.isEmpty {
      let ready = remaining.filter {
        $0.references.subtracting([$0.name]).allSatisfy { placed.contains($0) || tables[$0] == nil }
      }
      guard !ready.isEmpty else {
        throw SQLError(
          .other, code: "foreign keys",
          message: "the foreign keys of "
            + remaining.map(\.name).joined(separator: ", ") + " refer to each other in a circle")
      }
      ordered += ready
      placed.formUnion(ready.map(\.name))
      remaining.removeAll { placed.contains($0.name) }
    }
    return ordered
  }

  // MARK: - Triggers

  /// The triggers as the engine would make them again: the statements that turn them on.
  struct Triggers {
    fileprivate var enabling: [String] = []
  }

  /// Turns the store's own triggers off until ``enableTriggers(_:)``, inside the caller's
  /// transaction (a rollback turns them back on): rows copied as they are must not be
  /// counted again by the triggers that keep counts, blocks and deleted ids.
  func disableTriggers(on tables: [String]) throws -> Triggers {
    Triggers(enabling: try dialect.disableTriggers(on: tables, in: db))
  }

  /// Turns back on the triggers ``disableTriggers(on:)`` turned off.
  func enableTriggers(_ triggers: Triggers) throws {
    for statement in triggers.enabling { try db.execute(statement) }
  }

  // MARK: - Counters

  /// The highest value each table's counter has handed out, which may be above the largest
  /// key left in the table (see ``SQLDatabase/SQLDialect/counterHighWaterMarks(in:)``).
  func highWaterMarks() throws -> [String: Int64] {
    try dialect.counterHighWaterMarks(in: db)
  }

  /// Sets each counter of the copied tables to continue after both the largest key copied
  /// and the source's high-water mark, so a new row never takes a number already used.
  func continueCounters(after marks: [String: Int64]) throws {
    try dialect.continueCounters(after: marks, in: db)
  }

  // MARK: - Quoting

  /// An identifier in double quotes, which both engines read as a name.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
