import ArgumentParsing
import ChecklistsCore
import ChecklistsSQLStore
import Foundation

/// `checklists db …`: whole databases, such as moving a household to PostgreSQL.
struct DatabaseCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "db",
    abstract: "Copy a whole database, e.g. from the SQLite file to PostgreSQL and back.",
    subcommands: [DatabaseCopyCommand.self])
}

/// `checklists db copy --from <database> --to <database> [--replace]`.
struct DatabaseCopyCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "copy",
    abstract: "Copy everything one database holds into another, e.g. SQLite to PostgreSQL.",
    discussion: """
      Each database is an SQLite file's path or a PostgreSQL URL (postgres://user@host/db) or \
      libpq connection string. Both are opened, and created or brought up to this version's \
      schema, first; they must then be at the same schema version.

      Everything is copied as stored: users with their password hashes (everyone signs in \
      as before), sessions and API tokens, lists, items, the catalogue, shopping lists, \
      shares, and the change log with its position and epoch, so the apps and browsers \
      carry on syncing without a full reload. The source is only read, in one snapshot, so a \
      server may keep running on it (writes made after the copy starts stay behind in the \
      source; stop the server for the move).

      The copy is one transaction on the target: if anything fails, the target is left as it \
      was. A target that holds data is refused unless --replace, which deletes what it holds \
      first (in the same transaction). A progress bar shows on a terminal when it takes more \
      than a second.
      """,
    arguments: [from, to, replace])

  static let from = Option("from", valueName: "database", help: "The database to copy (only read).")
  static let to = Option("to", valueName: "database", help: "The database to copy into.")
  static let replace = Flag("replace", help: "Delete what the target holds and copy over it.")

  var source: String
  var target: String
  var replacing: Bool

  init(_ values: ParsedValues) throws {
    guard let source = try values[Self.from], !source.isEmpty else {
      throw UsageError(words.text("cli.db.copy.noSource"))
    }
    guard let target = try values[Self.to], !target.isEmpty else {
      throw UsageError(words.text("cli.db.copy.noTarget"))
    }
    self.source = source
    self.target = target
    replacing = values[Self.replace]
  }

  static var placement: CommandPlacement { .here }

  func run(_ context: CommandContext) throws {
    if !SQLChecklistStore.isPostgreSQL(source), SQLChecklistStore.mistypedURLScheme(source) == nil,
      !FileManager.default.fileExists(atPath: source)
    {
      throw ChecklistsError(.notFound, words.text("cli.db.copy.missing", ["path": source]))
    }
    let from = try SQLChecklistStore.open(source)
    defer { from.close() }
    let into = try SQLChecklistStore.open(target)
    defer { into.close() }
    let bar = ProgressBar(context, label: words.text("cli.db.copy.progress"))
    let report: DatabaseCopyReport
    do {
      defer { bar.finish() }
      report = try from.copyEverything(to: into, replacing: replacing) { copied, total in
        bar.update(done: copied, total: total)
      }
    }
    let rows = report.rows
    context.print(
      words.text(
        "cli.db.copy.done",
        [
          "count": ProgressBar.grouped(rows), "tables": String(report.tables.count),
          "from": from.path, "fromEngine": from.engine.rawValue, "to": into.path,
          "toEngine": into.engine.rawValue,
        ], count: rows))
    let kept = report.tables.filter { $0.rows > 0 }
    for table in kept {
      context.print(
        words.text(
          "cli.db.copy.table", ["table": table.name, "rows": ProgressBar.grouped(table.rows)]))
    }
  }
}
