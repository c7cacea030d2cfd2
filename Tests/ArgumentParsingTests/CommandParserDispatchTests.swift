import ArgumentParsing
import Testing

@Suite struct CommandParserDispatchTests {
  let parser = CommandParser.tool

  @Test(arguments: [
    (["lists"], ["tool", "lists"]),
    (["list", "add", "Groceries"], ["tool", "list", "add"]),
    (["list", "delete", "Groceries"], ["tool", "list", "delete"]),
    (["add", "Groceries", "Milk"], ["tool", "add"]),
  ])
  func dispatchesToSubcommandsAtAnyDepth(arguments: [String], path: [String]) throws {
    let parsed = try parser.values(arguments)
    #expect(parsed.path == path)
    #expect(parsed.values.commandPath == path)
  }

  @Test func sameNameAtDifferentDepthsIsADifferentCommand() throws {
    guard case .command(let command, _, _) = try parser.parse(["list", "add", "Groceries"]) else {
      Issue.record("Expected a command")
      return
    }
    #expect(command is ListAdd)
    guard case .command(let other, _, _) = try parser.parse(["add", "Groceries", "Milk"]) else {
      Issue.record("Expected a command")
      return
    }
    #expect(other is Add)
  }

  @Test(arguments: [
    ["--db", "a.sqlite", "list", "add", "Groceries"],
    ["list", "--db", "a.sqlite", "add", "Groceries"],
    ["list", "add", "Groceries", "--db", "a.sqlite"],
    ["list", "add", "--db=a.sqlite", "Groceries"],
  ])
  func acceptsGlobalOptionsBeforeAndAfterTheSubcommand(arguments: [String]) throws {
    let parsed = try parser.values(arguments)
    #expect(try parsed.values[Tool.db] == "a.sqlite")
    #expect(try parsed.values[ListAdd.name] == "Groceries")
  }

  @Test func readsPositionalsAndOptionsInAnyOrder() throws {
    let values = try parser.values(["add", "--due=tomorrow 9:00", "Groceries", "-r", "Milk"]).values
    #expect(try values[Add.list] == "Groceries")
    #expect(try values[Add.text] == "Milk")
    #expect(try values[Add.due] == "tomorrow 9:00")
    #expect(values[Add.remind])
    #expect(!values[Add.json])
    #expect(try values[Tool.db] == nil)
  }

  @Test(arguments: [
    ["add", "Groceries", "Milk", "--due", "friday"],
    ["add", "Groceries", "Milk", "--due=friday"],
    ["add", "Groceries", "Milk", "-d", "friday"],
    ["add", "Groceries", "Milk", "-dfriday"],
    ["add", "Groceries", "Milk", "--due", "monday", "--due", "friday"],
  ])
  func readsOptionValuesInEverySpelling(arguments: [String]) throws {
    let values = try parser.values(arguments).values
    #expect(try values[Add.due] == "friday")
  }

  @Test func keepsEveryValueOfARepeatingOption() throws {
    let values = try parser.values(
      ["list", "delete", "A", "--except", "B", "--except=C", "D"]
    ).values
    #expect(try values[ListDelete.except] == ["B", "C"])
    #expect(try values[ListDelete.names] == ["A", "D"])
    let none = try parser.values(["list", "delete", "A"]).values
    #expect(try none[ListDelete.except] == [])
  }

  @Test func aRepeatingOptionShowsAsRepeatableInUsage() {
    #expect(
      parser.usageLine(for: ["tool", "list", "delete"])
        == "tool list delete <names> ... [--yes] [--quiet] [--except <name> ...]")
  }

  @Test func transformsValuesWhenRead() throws {
    let values = try parser.values(["list", "add", "L", "--sort-position", "3"]).values
    #expect(try values[ListAdd.sortPosition] == 3)
    let bad = try parser.values(["list", "add", "L", "--sort-position", "x"]).values
    #expect(throws: UsageError("Not a position: 'x'.")) { try bad[ListAdd.sortPosition] }
  }

  @Test func doubleDashEndsOptions() throws {
    let values = try parser.values(["add", "Groceries", "--", "--not-an-option"]).values
    #expect(try values[Add.text] == "--not-an-option")
    #expect(try values[Add.list] == "Groceries")
  }

  @Test func loneDashAndNegativeNumbersArePositionals() throws {
    let values = try parser.values(["add", "-", "-5"]).values
    #expect(try values[Add.list] == "-")
    #expect(try values[Add.text] == "-5")
    #expect(try parser.values(["add", "L", "T", "--due", "-1"]).values[Add.due] == "-1")
  }

  @Test func repeatingPositionalTakesAllValues() throws {
    let values = try parser.values(["list", "delete", "A", "B", "--yes", "C"]).values
    #expect(try values[ListDelete.names] == ["A", "B", "C"])
    #expect(values[ListDelete.yes])
  }

  @Test func optionalPositionalMayBeLeftOut() throws {
    #expect(try parser.values(["lists"]).values[Lists.pattern] == nil)
    #expect(try parser.values(["lists", "Gro"]).values[Lists.pattern] == "Gro")
  }

  @Test func combinesShortFlags() throws {
    let values = try parser.values(["list", "delete", "-yq", "A"]).values
    #expect(values[ListDelete.yes])
    #expect(values[ListDelete.quiet])
  }

  @Test(arguments: [
    ([String](), nil as Bool?),
    (["--remind"], true),
    (["--no-remind"], false),
    (["--remind", "--no-remind"], false),
    (["--no-remind", "--remind"], true),
  ])
  func flagInversionLastOneWins(flags: [String], expected: Bool?) throws {
    let values = try parser.values(["add", "L", "T", "--due", "friday"] + flags).values
    #expect(values[ifGiven: Add.remind] == expected)
    #expect(values[Add.remind] == (expected ?? false))
  }

  @Test func callsValidateAfterInit() {
    let error = parser.usageError(["add", "Groceries", ""])
    #expect(
      error == UsageError("The item's text must not be empty.", commandPath: ["tool", "add"]))
  }

  @Test func attributesErrorsFromInitToTheCommand() {
    let error = parser.usageError(["add", "Groceries", "Milk", "--due", "yesterday"])
    #expect(
      error == UsageError("The due date 'yesterday' is in the past.", commandPath: ["tool", "add"]))
  }

  @Test func passesOtherErrorsThrough() {
    #expect(throws: ValidationFailure()) {
      try parser.parse(["add", "Groceries", "Milk", "--remind"])
    }
  }

  @Test func aMissingPositionalIsNamed() {
    let values = ParsedValues(
      commandPath: ["tool", "add"], arguments: Add.configuration.arguments,
      values: ["list": ["Groceries"]])
    #expect(
      throws: UsageError("Missing expected argument '<text>'.", commandPath: ["tool", "add"])
    ) {
      try values[Add.text]
    }
  }

  @Test func aCommandDeclaresWhatItReads() throws {
    let values = try parser.values(["add", "L", "T"]).values
    #expect(values.declares(Add.due))
    #expect(values.declares(Tool.db))
    #expect(!values.declares(Add.undeclared))
    #expect(!values.declares(ListAdd.color))
  }

  @Test func readingAnUndeclaredOptionTraps() async {
    await #expect(processExitsWith: .failure) {
      let values = try CommandParser(root: Tool.self).values(["add", "L", "T"]).values
      _ = try values[Add.undeclared]
    }
  }

  @Test func aHiddenCommandRunsButIsNotListed() throws {
    let parsed = try parser.values(["__hidden", "--", "lists", "--json"])
    #expect(parsed.path == ["tool", "__hidden"])
    #expect(try parsed.values[Hidden.words] == ["lists", "--json"])
    #expect(!parser.helpText(for: ["tool"]).contains("__hidden"))
    #expect(!CompletionScript.script(for: .bash, root: Tool.self).contains("__hidden"))
    #expect(parser.usageError(["__hiden"])?.message == "Unknown command '__hiden'.")
  }
}
