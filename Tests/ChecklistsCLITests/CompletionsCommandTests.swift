import ArgumentParsing
import Foundation
import Testing

@testable import ChecklistsCLI

/// A program the tests run, such as bash or groff, found on this machine; a missing one fails
/// the test with what to install (scripts/setup installs them), never skips it.
enum ShellTool {
  static func path(_ name: String, package: String) throws -> String {
    for folder in ["/usr/bin", "/bin", "/usr/local/bin"] {
      let path = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw ChildProcess.Failure(
      description: "\(name) is not installed: run scripts/setup (Debian package \(package)).")
  }

  /// Runs a tool to its end in `folder`.
  static func run(
    _ name: String, package: String, _ arguments: [String], in folder: URL,
    environment: [String: String] = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
  ) throws -> CLI.Result {
    let (output, error, code) = try ChildProcess.run(
      try path(name, package: package), arguments,
      environment:
        environment
        .merging(["HOME": folder.path]) { $1 }, directory: folder.path, input: Data())
    return CLI.Result(
      output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self), code: code)
  }
}

@Suite("checklists completions: scripts that real shells load and complete with")
struct CompletionsCommandTests {
  /// The script `checklists completions <shell>` prints, saved in the CLI's folder.
  static func script(_ shell: String, cli: CLI) throws -> URL {
    let output = try cli.ok("completions", shell)
    let file = cli.folder.appendingPathComponent("completion.\(shell)")
    try output.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// What bash's completion function offers for the words typed so far (the last one is
  /// the word being completed, "" after a space), in `environment` (default: no binary on
  /// the PATH).
  static func bashCompletions(
    _ words: [String], script: URL, cli: CLI,
    environment: [String: String] = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
  ) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source "$1" || exit 3
      COMP_WORDS=(\(quoted))
      COMP_CWORD=\(words.count - 1)
      COMPREPLY=()
      _checklists
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ShellTool.run(
      "bash", package: "bash", ["--norc", "--noprofile", "-c", program, "bash", script.path],
      in: cli.folder, environment: environment)
    #expect(result.code == 0, "\(result.error)")
    #expect(result.error == "")
    return result.output.split(separator: "\n").map(String.init)
  }

  static func names(_ command: any ParsableCommand.Type) -> [String] {
    command.configuration.subcommands.map { $0.configuration.commandName }
  }

  @Test("bash: 'checklists sh<TAB>' offers shop (and only words starting with sh)")
  func bashCompletesCommandNames() throws {
    let cli = CLI()
    let script = try Self.script("bash", cli: cli)
    let offered = try Self.bashCompletions(["checklists", "sh"], script: script, cli: cli)
    #expect(offered.contains("shop"))
    #expect(offered.allSatisfy { $0.hasPrefix("sh") }, "\(offered)")
    #expect(Set(offered) == Set(Self.names(ChecklistsCommand.self).filter { $0.hasPrefix("sh") }))
  }

  @Test("bash: 'checklists shop <TAB>' offers shop's subcommands, also after a global option")
  func bashCompletesSubcommands() throws {
    let cli = CLI()
    let script = try Self.script("bash", cli: cli)
    let expected = Self.names(ShopCommand.self)
    #expect(expected.contains("add") && expected.contains("finish"))
    for words in [
      ["checklists", "shop", ""], ["checklists", "--db", "x.sqlite", "shop", ""],
      ["checklists", "shop", "--user", "alice", ""],
    ] {
      let offered = try Self.bashCompletions(words, script: script, cli: cli)
      #expect(offered == expected, "\(words)")
    }
    let lists = try Self.bashCompletions(
      ["checklists", "shop", "list", ""], script: script, cli: cli)
    #expect(lists == Self.names(ShopListCommand.self))
  }

  @Test("bash: 'checklists add --<TAB>' offers add's options, the global ones and --help")
  func bashCompletesOptions() throws {
    let cli = CLI()
    let script = try Self.script("bash", cli: cli)
    let offered = try Self.bashCompletions(["checklists", "add", "--"], script: script, cli: cli)
    for option in ["--due", "--remind", "--json", "--db", "--user", "--help"] {
      #expect(offered.contains(option), "\(option) missing from \(offered)")
    }
    #expect(offered.allSatisfy { $0.hasPrefix("--") })
    let serve = try Self.bashCompletions(
      ["checklists", "serve", "--metrics"], script: script, cli: cli)
    #expect(serve == ["--metrics-token"])
    // An option's value is no subcommand: '--db <TAB>' offers files, here the script itself.
    let files = try Self.bashCompletions(["checklists", "--db", "compl"], script: script, cli: cli)
    #expect(files == ["completion.bash"])
  }

  @Test("zsh parses its script (zsh -n) and fish parses its own (fish -n)")
  func zshAndFishParse() throws {
    let cli = CLI()
    let zsh = try ShellTool.run(
      "zsh", package: "zsh", ["-n", try Self.script("zsh", cli: cli).path], in: cli.folder)
    #expect(zsh.code == 0 && zsh.error == "", "\(zsh.error)")
    let fish = try ShellTool.run(
      "fish", package: "fish", ["-n", try Self.script("fish", cli: cli).path], in: cli.folder)
    #expect(fish.code == 0 && fish.error == "", "\(fish.error)")
  }

  @Test("fish completes with its script: command names, shop's subcommands, add's options")
  func fishCompletes() throws {
    let cli = CLI()
    let script = try Self.script("fish", cli: cli)
    func complete(_ line: String) throws -> [String] {
      let result = try ShellTool.run(
        "fish", package: "fish",
        ["--no-config", "-c", "source $argv[1]; complete -C '\(line)'", script.path],
        in: cli.folder)
      #expect(result.code == 0, "\(result.error)")
      return result.output.split(separator: "\n").map {
        String($0.split(separator: "\t", maxSplits: 1)[0])
      }
    }
    #expect(try complete("checklists sh").contains("shop"))
    #expect(try Set(complete("checklists shop ")) == Set(Self.names(ShopCommand.self)))
    #expect(
      try Set(complete("checklists --db x shop list ")) == Set(Self.names(ShopListCommand.self)))
    let options = try complete("checklists add --")
    for option in ["--due", "--remind", "--json", "--db", "--help"] {
      #expect(options.contains(option), "\(option) missing from \(options)")
    }
  }

  @Test("An unknown shell is a usage error naming the shells")
  func unknownShell() throws {
    let result = try CLI().run("completions", "tcsh")
    #expect(result.code == 64)
    #expect(result.error.hasPrefix("Error: Unknown shell 'tcsh'. The shells are: bash, zsh, fish."))
    let typo = try CLI().run("completions", "bsh")
    #expect(typo.error.hasPrefix("Error: Unknown shell 'bsh'. Did you mean 'bash'?"))
  }
}

@Suite("checklists man: a manual page groff renders without warnings, naming every command")
struct ManCommandTests {
  /// Every command path below the root, such as "shop list add", but hidden ones.
  static func commandPaths(
    _ command: any ParsableCommand.Type = ChecklistsCommand.self, prefix: [String] = []
  ) -> [String] {
    command.configuration.subcommands.filter { !$0.configuration.isHidden }.flatMap {
      sub -> [String] in
      let path = prefix + [sub.configuration.commandName]
      return [path.joined(separator: " ")] + commandPaths(sub, prefix: path)
    }
  }

  @Test("groff -man -ww -z finds nothing to warn about; the page names every command and option")
  func manPageRenders() throws {
    let cli = CLI()
    let page = try cli.ok("man")
    #expect(page.hasPrefix(".\\\" Generated by 'checklists man'"))
    #expect(page.contains(".TH \"CHECKLISTS\" 1 "))
    let file = cli.folder.appendingPathComponent("checklists.1")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let lint = try ShellTool.run(
      "groff", package: "groff-base", ["-man", "-Tutf8", "-ww", "-z", file.path], in: cli.folder)
    #expect(lint.code == 0)
    #expect(lint.error == "", "groff warns: \(lint.error)")

    let rendered = try ShellTool.run(
      "groff", package: "groff-base",
      ["-man", "-Tutf8", "-rLL=200n", "-P-c", "-P-b", "-P-u", file.path], in: cli.folder)
    #expect(rendered.code == 0 && rendered.error == "", "\(rendered.error)")
    let lines = Set(
      rendered.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    let paths = Self.commandPaths()
    #expect(paths.count > 40)
    for path in paths {
      #expect(lines.contains(path), "the page has no section for '\(path)'")
    }
    for option in ["--metrics-token token", "--due date", "--db file-or-url", "--remind"] {
      #expect(rendered.output.contains(option), "\(option) missing")
    }
  }
}
