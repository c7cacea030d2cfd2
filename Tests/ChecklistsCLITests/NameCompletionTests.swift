import ArgumentParsing
import Foundation
import Testing

@testable import ChecklistsCLI

/// `checklists items <TAB>` offers the lists, `checklists check <list> <TAB>` its items, and
/// `--list <TAB>` the shopping lists, in each shell, from the binary itself.
@Suite("Completion of list and item names: the scripts ask 'checklists __complete'")
struct NameCompletionTests {
  /// A database with a list whose name has a space, one whose name is shell code, and two
  /// items; "pwned" must never appear in the folder.
  static func household() throws -> CLI {
    let cli = CLI()
    try cli.ok("list", "add", "Road trip")
    try cli.ok("list", "add", "$(touch pwned)")
    try cli.ok("add", "Road trip", "Sun cream")
    try cli.ok("add", "Road trip", "Maps")
    try cli.ok("shop", "list", "add", "Party")
    return cli
  }

  /// The CLI's environment with the binary on the PATH, as a user's shell has it.
  static func environment(_ cli: CLI) -> [String: String] {
    var environment = cli.environment
    environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
    return environment
  }

  static func bash(_ words: [String], _ cli: CLI) throws -> [String] {
    try CompletionsCommandTests.bashCompletions(
      words, script: CompletionsCommandTests.script("bash", cli: cli), cli: cli,
      environment: environment(cli))
  }

  @Test("The binary prints the names for the word being completed, filtered by its start")
  func completeCommand() throws {
    let cli = try Self.household()
    #expect(try cli.ok("__complete", "--", "items", "") == "$(touch pwned)\nList\nRoad trip\n")
    #expect(try cli.ok("__complete", "--", "items", "ro") == "Road trip\n")
    #expect(try cli.ok("__complete", "--", "check", "road trip", "") == "Sun cream\nMaps\n")
    #expect(try cli.ok("__complete", "--", "shop", "add", "-l", "") == "Party\nShopping List\n")
    #expect(try cli.ok("__complete", "--", "share", "with", "--shopping", "P") == "Party\n")
    // Not a list or an item: subcommands, options, and what no list names.
    for words in [["sh"], ["items", "--j"], ["lists", ""], ["add", "Road trip", ""]] {
      #expect(try cli.ok(["__complete", "--"] + words) == "", "\(words)")
    }
    #expect(!(try cli.ok("--help")).contains("__complete"))
    #expect(
      !FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("pwned").path))
  }

  @Test("Without a database file it prints nothing and creates none")
  func noDatabase() throws {
    let cli = CLI()
    let result = try cli.run("__complete", "--", "items", "")
    #expect(result.code == 0 && result.output == "" && result.error == "")
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    let other = cli.folder.appendingPathComponent("other.sqlite").path
    #expect(try cli.ok("__complete", "--", "--db", other, "items", "") == "")
    #expect(!FileManager.default.fileExists(atPath: other))
  }

  @Test("bash: list names (quoted for the line), a list's items, shopping lists; no code runs")
  func bashCompletesNames() throws {
    let cli = try Self.household()
    #expect(
      try Self.bash(["checklists", "items", ""], cli)
        == ["\\$\\(touch\\ pwned\\)", "List", "Road\\ trip"])
    #expect(try Self.bash(["checklists", "check", "Road trip", "S"], cli) == ["Sun\\ cream"])
    #expect(
      try Self.bash(["checklists", "shop", "add", "--list", ""], cli) == [
        "Party", "Shopping\\ List",
      ])
    #expect(
      try Self.bash(["checklists", "edit", "Road trip", "1", "--under", "M"], cli) == ["Maps"])
    #expect(
      !FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("pwned").path))
  }

  @Test("zsh: the words function offers what the binary prints for the whole line")
  func zshCompletesNames() throws {
    let cli = try Self.household()
    let script = try CompletionsCommandTests.script("zsh", cli: cli)
    // compadd, _arguments' way to offer words, is only there while completing: stand in for it.
    let program = """
      compadd() { print -rl -- "${(@P)${@[-1]}}" }
      _arguments() { return 1 }
      source "$1"
      _checklists_line=(checklists items '')
      __checklists_words
      print -- --
      _checklists_line=(checklists check 'Road trip' '')
      __checklists_words
      """
    let result = try ShellTool.run(
      "zsh", package: "zsh", ["-f", "-c", program, "zsh", script.path], in: cli.folder,
      environment: Self.environment(cli))
    #expect(result.error == "", "\(result.error)")
    #expect(result.output == "$(touch pwned)\nList\nRoad trip\n--\nSun cream\nMaps\n")
  }

  @Test("fish: 'checklists items <TAB>' offers lists, 'check <list> <TAB>' items, --list lists")
  func fishCompletesNames() throws {
    let cli = try Self.household()
    let script = try CompletionsCommandTests.script("fish", cli: cli)
    func complete(_ line: String) throws -> [String] {
      let result = try ShellTool.run(
        "fish", package: "fish",
        ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script.path, line],
        in: cli.folder, environment: Self.environment(cli))
      #expect(result.code == 0, "\(result.error)")
      return result.output.split(separator: "\n").map {
        String($0.split(separator: "\t", maxSplits: 1)[0])
      }
    }
    #expect(try complete("checklists items ") == ["$(touch pwned)", "List", "Road trip"])
    #expect(try Set(complete("checklists check 'Road trip' ")) == ["Maps", "Sun cream"])
    #expect(try complete("checklists shop add --list ") == ["Party", "Shopping List"])
    #expect(
      !FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("pwned").path))
  }
}
