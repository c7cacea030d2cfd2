import ArgumentParsing

/// A command that does something once parsed: every leaf of the `checklists` command tree.
protocol RunnableCommand: ParsableCommand {
  /// Does the command's work.
  /// - Throws: `UsageError` for a malformed argument found late (a date, an icon),
  ///   `ChecklistsError` for anything else a person or a file can cause.
  func run(_ context: CommandContext) throws

  /// The files named on its command line: what a client sends to a server with the command,
  /// and the only files it writes with what the server sends back.
  var files: CommandFiles { get }

  /// Where it runs once `checklists login` points the command line at a server.
  static var placement: CommandPlacement { get }
}

extension RunnableCommand {
  var files: CommandFiles { CommandFiles() }
  static var placement: CommandPlacement { .anywhere }
}

/// The files a command reads and writes, by the paths typed; `-` reads standard input.
struct CommandFiles: Equatable {
  var reads: [String] = []
  var writes: [String] = []
}

/// Where a command runs when the command line is signed in to a server.
enum CommandPlacement: Equatable {
  /// On the server, as the signed-in user, like most commands; or on a local database.
  case anywhere
  /// Always here: `serve`, `login`, `logout`.
  case here
  /// Only against a database file, never sent to a server (managing its accounts); the
  /// reason says where to run it instead.
  case databaseOnly(reason: String)
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
  static var jsonFlag: Flag { CommonArguments.json }
}
