/// Command groups that run one of their subcommands when given none, as swift-argument-parser's
/// `defaultSubcommand` does: `checklists shop` shows the shopping list.
///
/// ArgumentParsing has no such setting (a group invoked alone shows its help), so the command
/// line is completed before it is parsed.
enum DefaultSubcommand {
  /// The groups that have a default, by name, below the root.
  static let defaults = [ShopCommand.configuration.commandName: ShopCommand.defaultSubcommand]

  /// The global options that take a value (`--db`, `--user`), whose values must not be
  /// mistaken for a command's name.
  static let globalOptionsWithValues = ChecklistsCommand.configuration.globalArguments.compactMap {
    if case .option = $0.kind { return "--\($0.name)" }
    return nil
  }

  /// `arguments` with the default subcommand inserted after a group named alone:
  /// `shop`, `shop --json`, `--db x shop` and `--user alice shop` gain `show` after `shop`.
  ///
  /// Nothing changes when help is asked for (`shop --help`, `help shop`), when a subcommand or
  /// any other word follows the group (so a typo still gets "Did you mean"), or after `--`.
  /// - Parameter arguments: The command line without the program name.
  /// - Returns: The command line to parse.
  static func complete(_ arguments: [String]) -> [String] {
    if let completed = completeWithArguments(arguments) { return completed }
    guard let group = positionalIndex(in: arguments, from: 0),
      let subcommand = defaults[arguments[group]],
      positionalIndex(in: arguments, from: group + 1) == nil,
      !arguments.contains(where: { ["-h", "--help", "--"].contains($0) })
    else { return arguments }
    var completed = arguments
    completed.insert(subcommand, at: group + 1)
    return completed
  }

  /// The groups whose default subcommand takes words of its own, below the root:
  /// `share Groceries bob` is `share with Groceries bob`.
  static let defaultsTakingArguments = [
    ShareCommand.configuration.commandName: ShareCommand.defaultSubcommand
  ]

  /// `arguments` with the default subcommand inserted after such a group when the word after
  /// the group names none of its subcommands (nor `help`); nil when nothing changes.
  private static func completeWithArguments(_ arguments: [String]) -> [String]? {
    guard let group = positionalIndex(in: arguments, from: 0),
      let subcommand = defaultsTakingArguments[arguments[group]],
      let command = ChecklistsCommand.configuration.subcommands.first(where: {
        $0.configuration.commandName == arguments[group]
      }),
      let next = positionalIndex(in: arguments, from: group + 1),
      arguments[next] != "help",
      !command.configuration.subcommands.contains(where: {
        $0.configuration.commandName == arguments[next]
      }),
      !arguments[..<next].contains("--")
    else { return nil }
    var completed = arguments
    completed.insert(subcommand, at: group + 1)
    return completed
  }

  /// The index of the first argument from `start` that is a word rather than an option or the
  /// value of a global option.
  private static func positionalIndex(in arguments: [String], from start: Int) -> Int? {
    var index = start
    while index < arguments.count {
      let argument = arguments[index]
      if globalOptionsWithValues.contains(argument) {
        index += 2
        continue
      }
      if !argument.hasPrefix("-") || argument == "-" { return index }
      index += 1
    }
    return nil
  }
}
