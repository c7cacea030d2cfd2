import ArgumentParsing
import ChecklistsStore

/// The root of the command tree: `checklists`.
struct ChecklistsCommand: CommandGroup {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "checklists",
    abstract: "Checklists, reminders and shopping lists on the command line.",
    discussion: """
      Lists and items are named by name (ignoring case, or the start of a name only one has) \
      or by the number that 'checklists lists' and 'checklists items' show. Data lives in \
      one SQLite file or a PostgreSQL database: --database (or --db), else \
      $CHECKLISTS_DATABASE_URL, else $CHECKLISTS_DB, else \
      $XDG_DATA_HOME/checklists/checklists.sqlite (~/.local/share/checklists/). A \
      postgres:// URL or a libpq connection string (host=… dbname=…) names a PostgreSQL \
      database; its password comes from the URL, $PGPASSWORD or ~/.pgpass.

      Shopping lists, with a catalogue of items and prices, are under 'checklists shop'.

      After 'checklists login https://server' every command acts on that server's lists \
      instead, until 'checklists logout'.
      """,
    subcommands: [
      ListsCommand.self, ListCommand.self, ItemsCommand.self, AddCommand.self,
      CheckCommand.self, UncheckCommand.self, ToggleCommand.self, UncheckAllCommand.self,
      ClearCheckedCommand.self, EditCommand.self,
      DeleteCommand.self, MoveCommand.self, DueCommand.self, IconsCommand.self,
      TodayCommand.self, ScheduledCommand.self, OverdueCommand.self, FlaggedCommand.self,
      AllCommand.self, SearchCommand.self, TemplateCommand.self,
      ShopCommand.self, SettingsCommand.self, ImportCommand.self, ExportCommand.self,
      ServeCommand.self,
      ShareCommand.self, UnshareCommand.self, SharesCommand.self, LeaveCommand.self,
      UserCommand.self, TokenCommand.self, LoginCommand.self, LogoutCommand.self,
      DatabaseCommand.self, BackupCommand.self, RestoreCommand.self, CompletionsCommand.self,
      ManCommand.self,
      HistoryCommand.self, CompleteCommand.self,
    ],
    globalArguments: [databaseOption, dbOption, userOption],
    version: version)

  /// `--database <file-or-url>`, accepted by every command.
  static let databaseOption = Option(
    "database", valueName: "file-or-url",
    help: "An SQLite file or a postgres:// URL (default: $CHECKLISTS_DATABASE_URL, "
      + "$CHECKLISTS_DB or ~/.local/share/checklists/).")
  /// `--db <file-or-url>`, the older name of `--database`.
  static let dbOption = Option("db", valueName: "file-or-url", help: "The same as --database.")
  /// `--user <name>`, accepted by every command.
  static let userOption = Option(
    "user", valueName: "name",
    help: "Whose lists, once accounts exist (default: $CHECKLISTS_USER, or the only user).")

  /// The global options that name where the lists are, which a server refuses.
  static let localOptions = [databaseOption, dbOption, userOption]

  /// The database `--database` or its older name `--db` gives, if any.
  /// - Throws: ``ArgumentParsing/UsageError`` for an empty value, or for both options naming
  ///   different databases.
  static func database(_ values: ParsedValues) throws -> String? {
    for option in [databaseOption, dbOption] where try values[option]?.isEmpty == true {
      throw UsageError(words.text("cli.database.emptyOption", ["option": "--" + option.name]))
    }
    switch try (values[databaseOption], values[dbOption]) {
    case (let database?, let db?) where database != db:
      throw UsageError(words.text("cli.database.twoOptions"))
    case (let database, let db): return database ?? db
    }
  }
}
