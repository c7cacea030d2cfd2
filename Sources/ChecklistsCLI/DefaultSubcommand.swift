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
    // A group inside a group: `shop shops` lists the shops.
    if let group = positionalIndex(in: arguments, from: 0), arguments[group] == "shop",
      let inner = positionalIndex(in: arguments, from: group + 1), arguments[inner] == "shops",
      positionalIndex(in: arguments, from: inner + 1) == nil,
      !arguments.contains(where: { ["-h", "--help", "--"].contains($0) })
    {
      var completed = arguments
      completed.insert(ShopShopsCommand.defaultSubcommand, at: inner + 1)
      return completed
    }
    guard let group = positionalIndex(in: arguments, from: 0),
      let subcommand = defaults[arguments[group]],
      positionalIndex(in: arguments, from: group + 1) == nil,
      !arguments.contains(where: { ["-h", "--help", "--"].contains($0) })
    else { return arguments }
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
