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
    #expect(parsed.values.string("db") == "a.sqlite")
    #expect(parsed.values.string("name") == "Groceries")
  }

  @Test func readsPositionalsAndOptionsInAnyOrder() throws {
    let values = try parser.values(["add", "--due=tomorrow 9:00", "Groceries", "-r", "Milk"]).values
    #expect(values.string("list") == "Groceries")
    #expect(values.string("text") == "Milk")
    #expect(values.string("due") == "tomorrow 9:00")
    #expect(values.flag("remind"))
    #expect(!values.flag("json"))
    #expect(values.string("db") == nil)
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
    #expect(values.string("due") == "friday")
  }

  @Test func keepsEveryValueOfARepeatedOption() throws {
    let values = try parser.values(["add", "L", "T", "--due", "monday", "--due=friday"]).values
    #expect(values.strings("due") == ["monday", "friday"])
  }

  @Test func doubleDashEndsOptions() throws {
    let values = try parser.values(["add", "Groceries", "--", "--not-an-option"]).values
    #expect(values.string("text") == "--not-an-option")
    #expect(try values.require("list") == "Groceries")
  }

  @Test func loneDashAndNegativeNumbersArePositionals() throws {
    let values = try parser.values(["add", "-", "-5"]).values
    #expect(values.string("list") == "-")
    #expect(values.string("text") == "-5")
    #expect(try parser.values(["add", "L", "T", "--due", "-1"]).values.string("due") == "-1")
  }

  @Test func repeatingPositionalTakesAllValues() throws {
    let values = try parser.values(["list", "delete", "A", "B", "--yes", "C"]).values
    #expect(values.strings("names") == ["A", "B", "C"])
    #expect(values.string("names") == "C")
    #expect(values.flag("yes"))
  }

  @Test func optionalPositionalMayBeLeftOut() throws {
    #expect(try parser.values(["lists"]).values.string("pattern") == nil)
    #expect(try parser.values(["lists", "Gro"]).values.string("pattern") == "Gro")
  }

  @Test func combinesShortFlags() throws {
    let values = try parser.values(["list", "delete", "-yq", "A"]).values
    #expect(values.flag("yes"))
    #expect(values.flag("quiet"))
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
    #expect(values.flagValue("remind") == expected)
    #expect(values.flag("remind") == (expected ?? false))
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

  @Test func requireNamesTheMissingArgument() {
    let values = ParsedValues(commandPath: ["tool", "add"], values: ["list": ["Groceries"]])
    #expect(
      throws: UsageError("Missing expected argument '<text>'.", commandPath: ["tool", "add"])
    ) {
      try values.require("text")
    }
  }
}
