/// An error in how a command was invoked, reported with the command's usage.
///
/// `CommandParser.errorText(for:)` renders it the way swift-argument-parser does:
///
/// ```
/// Error: Unknown list 'Grocereis'. Did you mean 'Groceries'?
/// Usage: checklists items <list>
///   See 'checklists items --help' for more information.
/// ```
///
/// Command-line tools conventionally exit with status 64 (`EX_USAGE`) after printing it.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence to show after `Error: `, ending with a full stop.
  public var message: String

  /// The command whose usage should be printed, such as `["checklists", "items"]`.
  ///
  /// `CommandParser.parse(_:)` fills it in with the command being parsed when it is empty.
  public var commandPath: [String]

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - message: The sentence to show after `Error: `.
  ///   - commandPath: The command whose usage should be printed; empty to let the parser decide.
  public init(_ message: String, commandPath: [String] = []) {
    self.message = message
    self.commandPath = commandPath
  }

  /// The message alone.
  public var description: String { message }

  /// This error attributed to `path`, unless it already names a command.
  func attributed(to path: [String]) -> UsageError {
    var error = self
    if error.commandPath.isEmpty {
      error.commandPath = path
    }
    return error
  }
}
