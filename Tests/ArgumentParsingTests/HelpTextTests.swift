import ArgumentParsing
import Testing

@Suite struct HelpTextTests {
  let parser = CommandParser.tool

  private func help(_ arguments: [String]) throws -> String {
    let result = try parser.parse(arguments)
    guard case .helpRequested(let text) = result else {
      Issue.record("Expected help for \(arguments), got \(result)")
      return ""
    }
    return text
  }

  @Test func helpOfACommandWithArgumentsAndOptions() throws {
    #expect(
      try help(["add", "--help"]) == """
        OVERVIEW: Add an item to a list.

        Items go at the end of the list. Give a due date to see the item under "Due
        soon", and --remind to be notified then.

        USAGE: tool add <list> <text> [--due <date>] [--remind] [--json]

        ARGUMENTS:
          <list>                  The list, by name or number.
          <text>                  The item's text.

        OPTIONS:
          -d, --due <date>        When the item is due ("tomorrow 9:00", "2026-12-24
                                  18:00"), in the local time zone.
          -r, --remind/--no-remind
                                  Remind me at the due date.
          --json                  Print the added item as JSON.
          -h, --help              Show help information.

        GLOBAL OPTIONS:
          --db <path>             The database file to use.
        """)
  }

  @Test func helpOfTheRootListsSubcommandsAndVersion() throws {
    #expect(
      try help(["-h"]) == """
        OVERVIEW: Keeps checklists.

        USAGE: tool <subcommand>

        OPTIONS:
          --db <path>             The database file to use.
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          lists                   Show all lists.
          list                    Add or delete lists.
          add                     Add an item to a list.

          See 'tool help <subcommand>' for detailed help.
        """)
  }

  @Test func helpSubcommandShowsHelpOfANestedCommand() throws {
    #expect(
      try help(["help", "list", "add"]) == """
        OVERVIEW: Add a list.

        USAGE: tool list add <name> [--color <color>] [--sort-position <position>]

        ARGUMENTS:
          <name>                  The new list's name.

        OPTIONS:
          -c, --color <color>     The list's color.
          --sort-position <position>
                                  Where the list goes among the others: 1 puts it
                                  first, and by default it goes after all existing
                                  lists.
          -h, --help              Show help information.

        GLOBAL OPTIONS:
          --db <path>             The database file to use.
        """)
  }

  @Test(arguments: [
    (["list", "add", "--help"], ["tool", "list", "add"]),
    (["list", "add", "Groceries", "-h"], ["tool", "list", "add"]),
    (["--db", "x", "list", "help", "add"], ["tool", "list", "add"]),
    (["help", "list"], ["tool", "list"]),
    (["list"], ["tool", "list"]),
    (["list", "--help", "add"], ["tool", "list"]),
    (["help"], ["tool"]),
    ([], ["tool"]),
    (["--db", "x"], ["tool"]),
    (["lsts", "--help"], ["tool"]),
  ])
  func helpIsForTheCommandParsedSoFar(arguments: [String], path: [String]) throws {
    #expect(try help(arguments) == parser.helpText(for: path))
  }

  @Test func helpOfACommandGroupPointsAtItsSubcommands() throws {
    let text = try help(["list"])
    #expect(text.hasPrefix("OVERVIEW: Add or delete lists.\n\nUSAGE: tool list <subcommand>\n"))
    #expect(text.hasSuffix("\n\n  See 'tool help list <subcommand>' for detailed help."))
  }

  @Test func versionOnTheRoot() throws {
    let result = try parser.parse(["--version"])
    guard case .versionRequested(let version) = result else {
      Issue.record("Expected the version, got \(result)")
      return
    }
    #expect(version == "1.2.3")
  }

  @Test(arguments: [
    (["tool"], "tool <subcommand>"),
    (["tool", "list"], "tool list <subcommand>"),
    (["tool", "add"], "tool add <list> <text> [--due <date>] [--remind] [--json]"),
    (
      ["tool", "list", "delete"],
      "tool list delete <names> ... [--yes] [--quiet] [--except <name> ...]"
    ),
    (["tool", "lists"], "tool lists [<pattern>] [--json]"),
    (["tool", "lists", "nonsense"], "tool lists [<pattern>] [--json]"),
  ])
  func usageLines(path: [String], usage: String) {
    #expect(parser.usageLine(for: path) == usage)
  }

  @Test func helpLinesFitIntoEightyColumns() {
    let paths = [["tool"], ["tool", "add"], ["tool", "list"], ["tool", "list", "add"]]
    for path in paths {
      for line in parser.helpText(for: path).split(separator: "\n") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
    }
  }
}
