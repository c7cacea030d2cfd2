import ArgumentParsing
import Testing

@Suite struct CommandParserErrorTests {
  let parser = CommandParser.tool

  @Test(arguments: [
    (["lsts"], "Unknown command 'lsts'. Did you mean 'lists'?", ["tool"]),
    (["LIST", "add", "x"], "Unknown command 'LIST'. Did you mean 'list'?", ["tool"]),
    (["list", "dleete"], "Unknown command 'dleete'. Did you mean 'delete'?", ["tool", "list"]),
    (["frobnicate"], "Unknown command 'frobnicate'.", ["tool"]),
    (["help", "lst"], "Unknown command 'lst'. Did you mean 'list'?", ["tool"]),
    (
      ["add", "L", "T", "--jsn"], "Unknown option '--jsn'. Did you mean '--json'?", ["tool", "add"]
    ),
    (
      ["add", "L", "T", "--no-remnd"], "Unknown option '--no-remnd'. Did you mean '--no-remind'?",
      ["tool", "add"]
    ),
    (["--verson"], "Unknown option '--verson'. Did you mean '--version'?", ["tool"]),
    (["add", "L", "T", "--colour=red"], "Unknown option '--colour'.", ["tool", "add"]),
    (["add", "L", "T", "-x"], "Unknown option '-x'.", ["tool", "add"]),
    (["add", "L", "T", "--version"], "Unknown option '--version'.", ["tool", "add"]),
    (["add", "L", "T", "--due"], "Missing value for '--due <date>'.", ["tool", "add"]),
    (["add", "L", "T", "-d", "--json"], "Missing value for '--due <date>'.", ["tool", "add"]),
    (["lists", "--db"], "Missing value for '--db <path>'.", ["tool", "lists"]),
    (["add", "L"], "Missing expected argument '<text>'.", ["tool", "add"]),
    (["add"], "Missing expected argument '<list>'.", ["tool", "add"]),
    (["list", "delete"], "Missing expected argument '<names> ...'.", ["tool", "list", "delete"]),
    (["add", "L", "T", "x"], "Unexpected argument 'x'.", ["tool", "add"]),
    (["lists", "a", "b"], "Unexpected argument 'b'.", ["tool", "lists"]),
    (["list", "--", "add"], "Unexpected argument 'add'.", ["tool", "list"]),
    (["lists", "--json=yes"], "The flag '--json' does not take a value.", ["tool", "lists"]),
  ])
  func reportsUsageErrors(arguments: [String], message: String, path: [String]) {
    #expect(parser.usageError(arguments) == UsageError(message, commandPath: path))
  }

  @Test func errorTextShowsTheUsageOfTheFailingCommand() throws {
    let error = try #require(parser.usageError(["add", "Groceries", "Milk", "--jsn"]))
    #expect(
      parser.errorText(for: error) == """
        Error: Unknown option '--jsn'. Did you mean '--json'?
        Usage: tool add <list> <text> [--due <date>] [--remind] [--json]
          See 'tool add --help' for more information.
        """)
  }

  @Test func errorTextForACommandWithSubcommands() throws {
    let error = try #require(parser.usageError(["list", "remove"]))
    #expect(
      parser.errorText(for: error) == """
        Error: Unknown command 'remove'.
        Usage: tool list <subcommand>
          See 'tool list --help' for more information.
        """)
  }

  @Test func errorTextDefaultsToTheRootCommand() {
    let error = UsageError("Unknown list 'Grocereis'. Did you mean 'Groceries'?")
    #expect(
      parser.errorText(for: error) == """
        Error: Unknown list 'Grocereis'. Did you mean 'Groceries'?
        Usage: tool <subcommand>
          See 'tool --help' for more information.
        """)
  }

  @Test func helpLaterOnTheLineWinsOverAnError() throws {
    let result = try parser.parse(["add", "--jsn", "--help"])
    guard case .helpRequested(let text) = result else {
      Issue.record("Expected help, got \(result)")
      return
    }
    #expect(text == parser.helpText(for: ["tool", "add"]))
  }

  @Test func helpAfterDoubleDashIsAValue() throws {
    let values = try parser.values(["add", "Groceries", "--", "--help"]).values
    #expect(try values[Add.text] == "--help")
  }
}
