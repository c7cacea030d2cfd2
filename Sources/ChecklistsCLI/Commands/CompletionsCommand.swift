import ArgumentParsing

/// `checklists completions bash|zsh|fish`: the shell's completion script for every command
/// and option, generated from the command declarations.
struct CompletionsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "completions",
    abstract: "Print the completion script for bash, zsh or fish.",
    discussion: """
      bash: add 'source <(checklists completions bash)' to ~/.bashrc, or save the script as \
      ~/.local/share/bash-completion/completions/checklists.

      zsh: save it as _checklists in a folder on $fpath, such as \
      'checklists completions zsh > ~/.zfunc/_checklists' with 'fpath+=(~/.zfunc)' before \
      compinit in ~/.zshrc.

      fish: 'checklists completions fish > ~/.config/fish/completions/checklists.fish'.
      """,
    arguments: [shell])

  /// `<shell>`, read as one the scripts are made for.
  static let shell = Positional("shell", help: "bash, zsh or fish.", transform: shellNamed)

  var shell: CompletionScript.Shell

  init(_ values: ParsedValues) throws {
    shell = try values[Self.shell]
  }

  /// The shell `name` names, ignoring case.
  /// - Throws: `UsageError` naming the shells, or the closest one to a typo.
  static func shellNamed(_ name: String) throws -> CompletionScript.Shell {
    guard let shell = CompletionScript.Shell(rawValue: name.lowercased()) else {
      let names = CompletionScript.Shell.allCases.map(\.rawValue)
      let hint = SpellingSuggestion.hint(for: name, among: names)
      throw UsageError(
        hint.isEmpty
          ? words.text(
            "cli.completions.unknownListed", ["name": name, "names": names.joined(separator: ", ")])
          : words.text("cli.completions.unknown", ["name": name]) + hint)
    }
    return shell
  }

  static var placement: CommandPlacement { .here }

  func run(_ context: CommandContext) throws {
    context.print(CompletionScript.script(for: shell, root: ChecklistsCommand.self))
  }
}
