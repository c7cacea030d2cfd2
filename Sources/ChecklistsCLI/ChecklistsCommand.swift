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
      one SQLite file: --db, else $CHECKLISTS_DB, else \
      $XDG_DATA_HOME/checklists/checklists.sqlite (~/.local/share/checklists/).

      Shopping lists, with a catalogue of items and prices, are under 'checklists shop'.

      After 'checklists login https://server' every command acts on that server's lists \
      instead, until 'checklists logout'.
      """,
    subcommands: [
      ListsCommand.self, ListCommand.self, ItemsCommand.self, AddCommand.self,
      CheckCommand.self, UncheckCommand.self, ToggleCommand.self, UncheckAllCommand.self,
      ClearCheckedCommand.self, EditCommand.self,
      DeleteCommand.self, MoveCommand.self, DueCommand.self, IconsCommand.self,
      ShopCommand.self, ImportCommand.self, ExportCommand.self, ServeCommand.self,
      ShareCommand.self, UnshareCommand.self, SharesCommand.self, LeaveCommand.self,
      UserCommand.self, TokenCommand.self, LoginCommand.self, LogoutCommand.self,
      CompletionsCommand.self,
      ManCommand.self,
    ],
    globalArguments: [
      .option(
        "db", valueName: "path",
        help: "The database file (default: $CHECKLISTS_DB or ~/.local/share/checklists/)."),
      .option(
        "user", valueName: "name",
        help: "Whose lists, once accounts exist (default: $CHECKLISTS_USER, or the only user)."),
    ],
    version: version)
}
