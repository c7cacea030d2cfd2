import ArgumentParsing
import ChecklistsCore
import ChecklistsSQLStore
import Foundation

/// A command on the database file itself, never sent to a server: the backup would be made
/// of, and the restore made into, the database of the machine it runs on.
protocol DatabaseFileCommand: RunnableCommand {}

extension DatabaseFileCommand {
  static var placement: CommandPlacement {
    .databaseOnly(reason: words.text("cli.backup.serverOnly"))
  }

  /// The SQLite file the command works on.
  /// - Throws: For a PostgreSQL database, naming the tools that back one up.
  func databaseFile(_ context: CommandContext) throws -> String {
    guard case .local(let database, _) = context.backend else {
      throw ChecklistsCLIError(description: words.text("cli.database.noneOnServer"))
    }
    if SQLChecklistStore.isPostgreSQL(database) {
      throw ChecklistsCLIError(description: words.text("cli.backup.postgreSQL"))
    }
    return database
  }
}

/// `checklists backup <file> [--force]`.
struct BackupCommand: DatabaseFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Write a consistent copy of the database file, even while a server uses it.",
    discussion: """
      The copy is made with SQLite's online backup API: it is the database as of one moment, \
      while a running 'checklists serve' keeps reading and writing it. The file is checked \
      and then put in place in one step, so a failed backup leaves nothing half-written. It \
      is an SQLite file of its own: 'checklists --db <file> lists' reads it, and 'checklists \
      restore <file>' puts it back.

      An existing file is not overwritten unless --force. For a PostgreSQL database, use \
      PostgreSQL's pg_dump and pg_restore (see docs/BACKUP.md).
      """,
    arguments: [file, force])

  static let file = Positional("file", help: "The backup file to write.")
  static let force = Flag("force", help: "Overwrite the file if it exists.")

  var file: String
  var force: Bool

  init(_ values: ParsedValues) throws {
    file = try values[Self.file]
    force = values[Self.force]
  }

  func run(_ context: CommandContext) throws {
    let database = try databaseFile(context)
    if !force && FileManager.default.fileExists(atPath: file) {
      throw ChecklistsCLIError(description: words.text("cli.backup.exists", ["path": file]))
    }
    let report = try SQLChecklistStore.backUp(sqlitePath: database, to: file)
    printLeftovers(report.leftoversRemoved, message: "cli.backup.leftovers", context)
    let bytes = report.bytes
    let size = ProgressBar.grouped(Int((bytes + 1023) / 1024))
    context.print(
      words.text("cli.backup.done", ["database": database, "path": file, "kibibytes": size]))
  }
}

/// `checklists restore <file>`.
struct RestoreCommand: DatabaseFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Put a backup in place of the database file; the database as it was is kept.",
    discussion: """
      Refused while another process has the database open: stop 'checklists serve' (and any \
      other command using it) first, since a running server would not know its database \
      changed under it.

      The backup is checked first, and brought up to this version's schema if it is older \
      (a backup from a newer version is refused). The database as it was is kept beside it \
      as <database>.before-restore-<date and time>, so a restore can be undone by restoring \
      that file. The restored change log gets a new epoch: apps and browsers that synced \
      after the backup was made reload everything once instead of missing changes.
      """,
    arguments: [
      file
    ])

  static let file = Positional("file", help: "The backup to restore (made by 'checklists backup').")

  var file: String

  init(_ values: ParsedValues) throws {
    file = try values[Self.file]
  }

  func run(_ context: CommandContext) throws {
    let database = try databaseFile(context)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = context.timeZone
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let previous = "\(database).before-restore-\(formatter.string(from: context.now()))"
    let report = try SQLChecklistStore.restore(
      sqlitePath: database, from: file, keepingPreviousAs: previous)
    printLeftovers(report.leftoversRemoved, message: "cli.restore.leftovers", context)
    context.print(
      words.text(
        "cli.restore.done",
        [
          "path": file, "database": database, "users": count(report.users, "cli.restore.users"),
          "checklists": count(report.checklists, "cli.restore.checklists"),
          "shoppingLists": count(report.shoppingLists, "cli.restore.shoppingLists"),
          "version": "\(report.version)",
        ]))
    if let kept = report.previous {
      context.print(words.text("cli.restore.kept", ["path": kept]))
    }
  }

  /// A count as a plural message, the number grouped in thousands.
  private func count(_ number: Int, _ key: String) -> String {
    words.text(key, ["count": ProgressBar.grouped(number)], count: number)
  }
}

/// Says which files that killed backups or restores had left were removed.
private func printLeftovers(_ paths: [String], message: String, _ context: CommandContext) {
  guard !paths.isEmpty else { return }
  context.print(
    words.text(message, ["paths": paths.map { "'\($0)'" }.joined(separator: ", ")]))
}
