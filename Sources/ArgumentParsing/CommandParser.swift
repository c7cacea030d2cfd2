/// Parses a command line against a tree of `ParsableCommand`s and renders their help, usage
/// lines and error messages, in the manner of swift-argument-parser.
///
/// ```swift
/// let parser = CommandParser(root: Checklists.self)
/// do {
///   switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
///   case .command(let command, _, _): try run(command)
///   case .helpRequested(let text), .versionRequested(let text): print(text)
///   }
/// } catch let error as UsageError {
///   printToStandardError(parser.errorText(for: error))
///   exit(64)
/// }
/// ```
public struct CommandParser: Sendable {
  /// The command the tool itself is: the root of the command tree.
  public let root: any ParsableCommand.Type

  /// Creates a parser for the command tree below `root`.
  ///
  /// - Parameter root: The tool's top-level command.
  public init(root: any ParsableCommand.Type) {
    self.root = root
  }

  /// Finds the invoked command, reads its arguments, creates it and validates it.
  ///
  /// `-h` or `--help` anywhere (before `--`), a leading `help` word, or naming a command that
  /// only groups subcommands asks for help instead; `--version` on the root asks for the
  /// version.
  ///
  /// - Parameter arguments: The command line without the program name (`argv[0]`).
  /// - Returns: The command to run, or the help or version text to print.
  /// - Throws: `UsageError`, with `commandPath` set, for an unknown subcommand or option, a
  ///   missing option value, a missing or extra positional, and for errors thrown by the
  ///   command's `init(_:)` or `validate()`; other errors from those are rethrown unchanged.
  public func parse(_ arguments: [String]) throws -> ParseResult {
    var scanner = ArgumentScanner(root: root, arguments: arguments)
    switch try scanner.scan() {
    case .help:
      return .helpRequested(helpText(for: scanner.path))
    case .version(let version):
      return .versionRequested(version)
    case .command(let type):
      do {
        let command = try type.init(scanner.parsedValues)
        try command.validate()
        return .command(command, path: scanner.path, values: scanner.parsedValues)
      } catch let error as UsageError {
        throw error.attributed(to: scanner.path)
      }
    }
  }

  /// The complete help text of a command, without a trailing newline.
  ///
  /// - Parameter path: The command's names from the root down, such as `["tool", "list"]`;
  ///   names past the last one that exists are ignored.
  /// - Returns: The overview, usage and sections for arguments, options and subcommands.
  public func helpText(for path: [String]) -> String {
    formatter(for: path).helpText
  }

  /// A command's usage line, such as `checklists add <list> <text> [--due <date>]`.
  ///
  /// Options appear in brackets and in declaration order; a command that groups subcommands
  /// shows `<subcommand>`; global options declared by ancestors are left out.
  ///
  /// - Parameter path: The command's names from the root down.
  /// - Returns: The usage line without `Usage: `.
  public func usageLine(for path: [String]) -> String {
    formatter(for: path).usageLine
  }

  /// The message to print to standard error for a usage error, without a trailing newline:
  ///
  /// ```
  /// Error: Unknown option '--jsn'. Did you mean '--json'?
  /// Usage: checklists add <list> <text> [--json]
  ///   See 'checklists add --help' for more information.
  /// ```
  ///
  /// - Parameter error: The error; an empty `commandPath` means the root command.
  /// - Returns: The three-line message.
  public func errorText(for error: UsageError) -> String {
    let formatter = formatter(for: error.commandPath)
    return """
      Error: \(error.message)
      Usage: \(formatter.usageLine)
        See '\(formatter.path.joined(separator: " ")) --help' for more information.
      """
  }

  /// Resolves as much of `path` as names real commands and describes that command.
  private func formatter(for path: [String]) -> HelpFormatter {
    var command = root
    var resolved = [root.configuration.commandName]
    var inheritedGlobals: [ArgumentDefinition] = []
    for name in path.dropFirst() {
      guard let subcommand = command.configuration.subcommand(named: name) else { break }
      inheritedGlobals += command.configuration.globalArguments
      command = subcommand
      resolved.append(name)
    }
    return HelpFormatter(
      path: resolved, configuration: command.configuration, inheritedGlobals: inheritedGlobals)
  }
}
