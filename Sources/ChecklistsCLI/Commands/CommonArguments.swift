import ArgumentParsing

/// The arguments many commands share, declared once: the parser, help, completions, the man
/// page and every command that lists one read the same declaration.
enum CommonArguments {
  /// `<list>`: a checklist, by name or number; shells complete list names.
  static let list = Positional(
    "list", help: "The list, by name or number.", completion: .custom(NameCompletion.lists))

  /// `<item>`: an item of `<list>`, by number or text; shells complete its items.
  static let item = Positional(
    "item", help: "The item, by number or text.", completion: .custom(NameCompletion.items))

  /// `--json`, which every reading command takes.
  static let json = Flag(
    "json", help: "Print JSON for scripts instead of text (see docs/CLI-JSON.md).")

  /// `-y, --yes` of the commands that delete after asking.
  static let yes = Flag("yes", short: "y", help: "Delete without asking.")

  /// `--shopping`: the list a sharing command names is a shopping list.
  static let shopping = Flag(
    "shopping", help: "The list is a shopping list (default: a checklist).")
}
