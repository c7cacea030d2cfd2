import Foundation
import Testing

@Suite("Errors: a clear message, a suggestion, the right exit code, and no change")
struct CLIErrorTests {
  @Test("An unknown list names it, suggests a close one and shows the usage; exit 1")
  func unknownList() throws {
    let cli = CLI()
    try cli.ok("list", "add", "Groceries")
    let result = try cli.run("items", "Grocereis")
    #expect(result.code == 1)
    #expect(result.output == "")
    #expect(
      result.error == """
        Error: Unknown list 'Grocereis'. Did you mean 'Groceries'?
        Usage: checklists items <list> [--json]
          See 'checklists items --help' for more information.

        """)
  }

  @Test(
    "Usage errors exit 64",
    arguments: [
      (["lsts"], "Error: Unknown command 'lsts'. Did you mean 'lists'?"),
      (["add", "List"], "Error: Missing expected argument '<text>'."),
      (
        ["add", "List", "Milk", "--due", "someday"],
        "Error: Could not understand the date 'someday'."
      ),
      (["add", "List", "Milk", "--remind"], "Error: --remind needs a due date: add --due <date>."),
      (
        ["list", "add", "Trips", "--icon", "Trps"],
        "Error: Unknown icon 'Trps'. Did you mean 'Trips'?"
      ),
      (["lists", "--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
      (
        ["move", "List", "1", "sideways"],
        "Error: The position must be a number from 1, or 'top' or 'bottom'; got 'sideways'."
      ),
      (["export", "--format", "xml"], "Error: Unknown format 'xml'; use ios-plist or json."),
      (
        ["edit", "List", "1"],
        "Error: Nothing to change: give --text, --due, --no-due, --remind, --no-remind, --notes, "
          + "--flag, --no-flag, --priority, --repeat or --under."
      ),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let cli = CLI()
    let result = try cli.run(arguments)
    #expect(result.code == 64)
    #expect(result.error.hasPrefix(message), "\(result.error)")
    #expect(result.error.contains("Usage: checklists"))
  }

  @Test("Broken rules exit 1 and change nothing")
  func rules() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Milk")
    let before = try cli.ok("items", "List", "--json")
    let cases: [([String], String)] = [
      (["add", "List", "   "], "Error: An item's text cannot be empty or only white space.\n"),
      (
        ["add", "List", String(repeating: "x", count: 1_001)],
        "Error: An item's text is 1001 characters long; the limit is 1000.\n"
      ),
      (["list", "add", "list"], "Error: A list named 'List' already exists.\n"),
      (
        ["list", "rename", "List", ""],
        "Error: A list's name cannot be empty or only white space.\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = try cli.run(arguments)
      #expect(result.code == 1, "\(arguments)")
      #expect(result.error == message)
    }
    #expect(try cli.ok("items", "List", "--json") == before)
  }

  @Test("An unknown item gets a suggestion")
  func unknownItem() throws {
    let cli = CLI()
    try cli.ok("add", "List", "Milk")
    let result = try cli.run("check", "List", "Mlik")
    #expect(result.code == 1)
    #expect(result.error.hasPrefix("Error: Unknown item in 'List' 'Mlik'. Did you mean 'Milk'?\n"))
  }

  @Test("A file that is not a database is refused and left alone")
  func notADatabase() throws {
    let cli = CLI()
    let path = cli.folder.appendingPathComponent("notes.sqlite").path
    let text = String(repeating: "not a database\n", count: 200)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try cli.run("lists", "--db", path)
    #expect(result.code == 1)
    #expect(result.error == "Error: \(path) is not a Checklists database (not an SQLite file).\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test(
    "--help works on every command",
    arguments: [
      [], ["lists"], ["list"], ["list", "add"], ["list", "rename"], ["list", "icon"],
      ["list", "delete"], ["list", "show"], ["items"], ["add"], ["check"], ["uncheck"], ["toggle"],
      ["edit"], ["delete"], ["move"], ["due"], ["icons"], ["import"], ["export"],
    ])
  func help(path: [String]) throws {
    let cli = CLI()
    let output = try cli.ok(path + ["--help"])
    #expect(output.hasPrefix("OVERVIEW: "))
    #expect(output.contains("USAGE: checklists \(path.joined(separator: " "))"))
    #expect(try cli.ok(["help"] + path) == output)
  }

  @Test("--version")
  func version() throws {
    #expect(try CLI().ok("--version") == "0.1.0\n")
  }
}
