/// The static description of one command: its name, help texts, arguments and subcommands.
///
/// Every `ParsableCommand` returns one of these from `configuration`. The parser dispatches to
/// subcommands by `commandName` and generates usage lines and `--help` output from the same
/// declarations, so help can never drift from what is actually accepted.
public struct CommandConfiguration: Sendable {
  /// The word that invokes the command, such as `add` (or the tool's name for the root).
  public var commandName: String

  /// A one-sentence description, shown after `OVERVIEW:` and in the parent's subcommand list.
  public var abstract: String

  /// A longer explanation shown in the command's help below the overview; empty for none.
  public var discussion: String

  /// The positionals, options and flags the command accepts, in the order shown in its usage.
  public var arguments: [ArgumentDefinition]

  /// The commands reachable below this one; a command with subcommands needs one to run.
  public var subcommands: [any ParsableCommand.Type]

  /// Options and flags accepted by this command and, before or after their names, by all of
  /// its subcommands at any depth (e.g. `--db <path>` on the root).
  ///
  /// Meant for the root command; their values are read like any other through `ParsedValues`.
  public var globalArguments: [ArgumentDefinition]

  /// The version printed for `--version`; only consulted on the root command, `nil` for none.
  public var version: String?

  /// Whether the command is left out of its parent's help, the man page, completion scripts
  /// and spelling suggestions: one that scripts run, such as what completion scripts call.
  public var isHidden: Bool

  /// Creates a command configuration.
  ///
  /// - Parameters:
  ///   - commandName: The word that invokes the command.
  ///   - abstract: A one-sentence description of the command.
  ///   - discussion: A longer explanation for the command's help; empty for none.
  ///   - arguments: The positionals, options and flags the command accepts.
  ///   - subcommands: The commands reachable below this one.
  ///   - globalArguments: Options and flags accepted here and by every subcommand.
  ///   - version: The version printed for `--version` on the root command.
  ///   - isHidden: Whether help, the man page and completion scripts leave it out.
  public init(
    commandName: String,
    abstract: String,
    discussion: String = "",
    arguments: [any ArgumentDeclaration] = [],
    subcommands: [any ParsableCommand.Type] = [],
    globalArguments: [any ArgumentDeclaration] = [],
    version: String? = nil,
    isHidden: Bool = false
  ) {
    self.commandName = commandName
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments.map { $0.definition }
    self.subcommands = subcommands
    self.globalArguments = globalArguments.map { $0.definition }
    self.version = version
    self.isHidden = isHidden
  }

  /// Whether the command only groups subcommands and cannot run by itself.
  var hasSubcommands: Bool { !subcommands.isEmpty }

  /// The positional arguments, in declaration order.
  var positionals: [ArgumentDefinition] {
    arguments.filter(\.isPositional)
  }

  /// The subcommands shown in help, the man page and completion scripts.
  var visibleSubcommands: [any ParsableCommand.Type] {
    subcommands.filter { !$0.configuration.isHidden }
  }

  /// The subcommand invoked by `name`, if any; names are matched exactly.
  func subcommand(named name: String) -> (any ParsableCommand.Type)? {
    subcommands.first { $0.configuration.commandName == name }
  }

  /// Traps when the declarations are contradictory, which is always a programmer error.
  ///
  /// - Parameter inherited: The global arguments declared by the command's ancestors.
  func checkDeclarations(inherited: [ArgumentDefinition]) {
    var names = Set<String>()
    for definition in arguments + globalArguments + inherited {
      for name in definition.declaredNames {
        precondition(
          names.insert(name).inserted, "Duplicate argument '\(name)' in '\(commandName)'")
      }
    }
    let positionals = self.positionals
    for definition in positionals.dropLast() {
      precondition(
        !definition.isRepeating, "Only the last positional of '\(commandName)' may repeat")
    }
    precondition(
      !hasSubcommands || positionals.isEmpty,
      "'\(commandName)' has subcommands, so it can't take positional arguments")
    for definition in globalArguments {
      precondition(!definition.isPositional, "Global arguments must be options or flags")
    }
  }
}
