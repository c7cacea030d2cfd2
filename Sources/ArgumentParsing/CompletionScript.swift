/// A shell's completion script for a command tree, generated from the same declarations as
/// the parser and `--help`, as swift-argument-parser's `--generate-completion-script` does.
///
/// ```swift
/// print(CompletionScript.script(for: .bash, root: Checklists.self))
/// ```
public enum CompletionScript {
  /// A shell that can complete the tool's commands and options.
  public enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// The hidden subcommand scripts run, as `tool __complete -- <words typed>`, for the words
  /// an argument with `.custom` completion takes (such as the names of lists); the tool's root
  /// must have it when any argument completes that way, and it answers with
  /// `CompletionRequest` one candidate per line, printing nothing on any error.
  public static let callbackCommand = "__complete"

  /// The completion script for `shell`, without a trailing newline.
  ///
  /// - Parameters:
  ///   - shell: The shell to complete in.
  ///   - root: The tool's top-level command.
  /// - Returns: A script to source (bash), put on `$fpath` as `_<tool>` (zsh), or save in
  ///   `~/.config/fish/completions/<tool>.fish` (fish).
  public static func script(for shell: Shell, root: any ParsableCommand.Type) -> String {
    let tree = CommandNode.tree(root)
    switch shell {
    case .bash: return bash(tree)
    case .zsh: return zsh(tree)
    case .fish: return fish(tree)
    }
  }
}

/// One command of the tree with everything it accepts at its position: its own arguments,
/// the global options of its ancestors, and help (and version on the root).
struct CommandNode {
  /// The names from the root down, such as `["checklists", "shop", "add"]`.
  let path: [String]
  let configuration: CommandConfiguration
  /// The global options and flags declared by the command's ancestors.
  let inheritedGlobals: [ArgumentDefinition]
  let children: [CommandNode]

  /// The whole tree below `root`, depth first.
  static func tree(_ root: any ParsableCommand.Type) -> CommandNode {
    node(root, path: [root.configuration.commandName], inherited: [])
  }

  private static func node(
    _ command: any ParsableCommand.Type, path: [String], inherited: [ArgumentDefinition]
  ) -> CommandNode {
    let configuration = command.configuration
    let globals = inherited + configuration.globalArguments
    return CommandNode(
      path: path, configuration: configuration, inheritedGlobals: inherited,
      children: configuration.visibleSubcommands.map {
        node($0, path: path + [$0.configuration.commandName], inherited: globals)
      })
  }

  /// This command and every command below it, parents first.
  var all: [CommandNode] { [self] + children.flatMap(\.all) }

  var isRoot: Bool { path.count == 1 }

  /// The options and flags typed at this command, its own first.
  var namedArguments: [ArgumentDefinition] {
    (configuration.arguments + configuration.globalArguments + inheritedGlobals)
      .filter { !$0.isPositional }
  }

  var positionals: [ArgumentDefinition] { configuration.positionals }

  /// Every spelling of its options and flags, help and version included: `--due`, `-d`.
  var optionSpellings: [String] {
    var spellings: [String] = []
    for argument in namedArguments {
      spellings += argument.longSpellings
      if let short = argument.short { spellings.append("-\(short)") }
    }
    if isRoot, configuration.version != nil { spellings.append("--version") }
    return spellings + ["-h", "--help"]
  }

  /// The spellings of the options that take a value (the next word is theirs).
  var valueOptionSpellings: [String] {
    namedArguments.filter(\.takesValue).flatMap { argument in
      argument.longSpellings + (argument.short.map { ["-\($0)"] } ?? [])
    }
  }

  /// Whether the tool prints the words its positionals take.
  var hasCustomPositionals: Bool { positionals.contains { $0.customCompletion != nil } }

  /// The options whose values the tool prints.
  var customOptions: [ArgumentDefinition] {
    namedArguments.filter { $0.takesValue && $0.customCompletion != nil }
  }

  /// Whether any command of the tree asks the tool for words.
  var asksForWords: Bool {
    all.contains { $0.hasCustomPositionals || !$0.customOptions.isEmpty }
  }

  /// The shell function that asks the tool for words: `__checklists_words`.
  var wordsFunctionName: String { "_" + functionName + "_words" }

  /// A name for shell functions: `_checklists_shop_add`.
  var functionName: String {
    "_"
      + path.map { $0.map { $0.isLetter || $0.isNumber ? $0 : "_" } }
      .map { String($0) }.joined(separator: "_")
  }
}

extension ArgumentDefinition {
  /// Whether the word after it is its value.
  var takesValue: Bool {
    if case .option = kind { return true }
    return false
  }

  /// What the tool prints for it, when it completes `.custom`.
  var customCompletion: String? {
    if case .custom(let words) = completion { return words }
    return nil
  }

  /// Whether its value names a file, so shells offer file names.
  var completesFiles: Bool {
    if let completion { return completion == .files }
    let valueName: String
    switch kind {
    case .option(let name, _): valueName = name
    case .positional: valueName = name
    case .flag: return false
    }
    // "file-or-url" (--database) offers files too: a URL is typed, a file is completed.
    return valueName.split(separator: "-").contains {
      ["file", "path", "directory", "folder"].contains(String($0))
    }
  }
}
