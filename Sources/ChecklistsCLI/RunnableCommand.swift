import ArgumentParsing

/// A command that does something once parsed: every leaf of the `checklists` command tree.
protocol RunnableCommand: ParsableCommand {
  /// Does the command's work.
  /// - Throws: `UsageError` for a malformed argument found late (a date, an icon),
  ///   `ChecklistsError` for anything else a person or a file can cause.
  func run(_ context: CommandContext) throws
}

/// A command that only groups subcommands, such as `list`: invoked alone, it shows its help.
protocol CommandGroup: ParsableCommand {
  init()
}

extension CommandGroup {
  init(_ values: ParsedValues) throws { self.init() }
}

extension ParsableCommand {
  /// The `--json` flag every reading command takes.
  static var jsonFlag: ArgumentDefinition {
    .flag("json", help: "Print JSON for scripts instead of text (see docs/CLI-JSON.md).")
  }
}
