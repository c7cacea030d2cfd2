/// A command (or subcommand) of a command-line tool, in swift-argument-parser's style.
///
/// A conforming type describes itself through a static `configuration` and reads its parsed
/// arguments in `init(_:)`:
///
/// ```swift
/// struct Add: ParsableCommand {
///   static let list = Positional("list", help: "The list, by name or number.")
///   static let due = Option("due", valueName: "date", help: "When the item is due.")
///   static let configuration = CommandConfiguration(
///     commandName: "add", abstract: "Add an item to a list.", arguments: [list, due])
///
///   var list: String
///   var due: String?
///
///   init(_ values: ParsedValues) throws {
///     list = try values[Self.list]
///     due = try values[Self.due]
///   }
/// }
/// ```
///
/// `CommandParser` calls `init(_:)` and then `validate()`; whatever runs the command comes after.
/// The protocol refines `SendableMetatype` so that metatypes can be stored in the `Sendable`
/// `CommandConfiguration`; conforming types themselves need not be `Sendable`.
public protocol ParsableCommand: SendableMetatype {
  /// The command's name, help texts, arguments and subcommands.
  static var configuration: CommandConfiguration { get }

  /// Creates the command from the parsed command line.
  ///
  /// - Parameter values: The values given for the declared arguments.
  /// - Throws: `UsageError` when a value is malformed, such as an unreadable date.
  init(_ values: ParsedValues) throws

  /// Checks the arguments as a whole once they have been read.
  ///
  /// The default implementation accepts everything.
  ///
  /// - Throws: `UsageError` when the combination of arguments makes no sense.
  func validate() throws
}

extension ParsableCommand {
  /// Accepts every combination of arguments.
  public func validate() throws {}
}
