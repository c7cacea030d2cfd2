import ChecklistsCore
import ChecklistsMessages
import Foundation
import SQLDatabase

/// The schema a database is at: the migrations recorded in it, oldest first.
public struct SchemaVersion: Sendable, Equatable, CustomStringConvertible {
  /// The identifiers of the applied migrations, in the order they were applied.
  public var migrations: [String]

  /// Creates the value.
  public init(migrations: [String]) {
    self.migrations = migrations
  }

  /// "version 9 ('v9: hide checked')".
  public var description: String {
    "version \(migrations.count)" + (migrations.last.map { " ('\($0)')" } ?? "")
  }
}

/// What ``SQLChecklistStore/copyEverything(to:replacing:progress:)`` copied.
public struct DatabaseCopyReport: Sendable, Equatable {
  /// One table and the rows copied into it.
  public struct Table: Sendable, Equatable {
    /// The table's name.
    public var name: String
    /// How many rows it holds now.
    public var rows: Int
  }

  /// The tables in the order they were copied (each after those its foreign keys refer to).
  public var tables: [Table]

  /// How many rows were copied in all.
  public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
}

extension SQLChecklistStore {
  /// The schema this database is at.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public func schemaVersion() throws -> SchemaVersion {
    do {
      return SchemaVersion(
        migrations: try queue.read { db in
          try db.query(
            "SELECT identifier FROM \(SQLSchemaCatalog.migrationsTable) ORDER BY applied_at"
          ) { $0.string(0) }
        })
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Copies everything this database holds into `target`: every table the schema has (users
  /// with their password hashes, sessions, tokens, lists, items, the catalogue, shopping
  /// lists, shares, field revisions, ids of deleted things, the change log and its counter
  /// row with the log's epoch, so the apps' cursors stay valid), found in the engine's own
  /// catalogue and copied in foreign-key order, values exactly as stored.
  ///
  /// All of it happens in one write transaction on `target`, reading one snapshot of this
  /// database: a copy that fails leaves the target as it was. This database is only read.
  /// - Parameters:
  ///   - target: The database to copy into, opened (and so migrated) by this program; it must
  ///     be at the same schema version as this one, and empty unless `replacing`.
  ///   - replacing: Whether what the target holds may be deleted and copied over.
  ///   - progress: Called as rows are copied with how many are done of how many.
  /// - Returns: The tables and the rows copied into each.
  /// - Throws: ``ChecklistsCore/ChecklistsError``: `conflict` for a target that is this
  ///   database, is not empty, or is at another schema version; `storage` when the engine
  ///   refuses a row (the target is then unchanged).
  /// - Complexity: O(*rows*), in batches of up to 500 rows per statement.
  public func copyEverything(
    to target: SQLChecklistStore, replacing: Bool,
    progress: (_ copied: Int, _ total: Int) -> Void = { _, _ in }
  ) throws -> DatabaseCopyReport {
    if isSameDatabase(as: target) {
      throw ChecklistsError(
        .conflict, MessageText("errors.copy.sourceTargetSame", ["path": "\(path)"]))
    }
    try Self.checkSameSchema(
      source: (path, try schemaVersion()), target: (target.path, try target.schemaVersion()))
    let targetName = target.path
    do {
      let tables = try target.queue.write { into in
        try queue.read { from in
          try SQLTableCopier(
            source: SQLSchemaCatalog(db: from), target: SQLSchemaCatalog(db: into),
            replacing: replacing,
            targetName: targetName
          ).copy { copied, total, _ in progress(copied, total) }
            .map { DatabaseCopyReport.Table(name: $0.table, rows: $0.rows) }
        }
      }
      return DatabaseCopyReport(tables: tables)
    } catch let error as SQLError {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.copy.failed",
          [
            "target": targetName, "problem": error.message,
            "statement": error.sql.map { " (in `\($0.prefix(120))`)" } ?? "",
          ]))
    }
  }

  /// Refuses two databases whose recorded migrations differ, naming both versions.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `conflict`.
  public static func checkSameSchema(
    source: (name: String, version: SchemaVersion), target: (name: String, version: SchemaVersion)
  ) throws {
    let from = Set(source.version.migrations)
    let into = Set(target.version.migrations)
    guard from != into else { return }
    var lacks: [String] = []
    if let missing = into.subtracting(from).sorted().first {
      lacks.append(MessageCatalogue.english.text("errors.copy.sourceLacks", ["name": missing]))
    }
    if let missing = from.subtracting(into).sorted().first {
      lacks.append(MessageCatalogue.english.text("errors.copy.targetLacks", ["name": missing]))
    }
    throw ChecklistsError(
      .conflict,
      MessageText(
        "errors.copy.schemaDiffers",
        [
          "source": source.name, "sourceVersion": "\(source.version)", "target": target.name,
          "targetVersion": "\(target.version)", "lacks": lacks.joined(separator: ", "),
        ]))
  }

  /// Whether `other` is this very database: the same file (through any path), or the same
  /// server address and database name (a location that is no file).
  private func isSameDatabase(as other: SQLChecklistStore) -> Bool {
    var mine = stat()
    var theirs = stat()
    guard stat(path, &mine) == 0, stat(other.path, &theirs) == 0 else {
      return path == other.path
    }
    return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
  }
}
