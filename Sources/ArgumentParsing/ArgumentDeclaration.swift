/// A typed key for one argument: declared once (usually as a `static let` on the command),
/// listed in `CommandConfiguration.arguments`, and used to read the argument's value from
/// `ParsedValues`, as swift-argument-parser's `@Option` is both declaration and value.
///
/// ```swift
/// static let due = Option("due", valueName: "date", help: "When it is due.")
/// static let configuration = CommandConfiguration(
///   commandName: "add", abstract: "Add an item.", arguments: [list, due])
///
/// init(_ values: ParsedValues) throws {
///   due = try values[Self.due]  // String?
/// }
/// ```
///
/// Reading a key the command did not declare is a programmer error and traps.
public protocol ArgumentDeclaration: Sendable {
  /// What the parser, help, completions and the man page know of the argument.
  var definition: ArgumentDefinition { get }
}

extension ArgumentDeclaration {
  /// The argument's name: the long name of an option or flag, without dashes.
  public var name: String { definition.name }
}

/// Turns the text of an argument into the value a command works with, throwing `UsageError`
/// for text it can't read.
public typealias ArgumentTransform<Value> = @Sendable (String) throws -> Value

extension ArgumentDefinition: ArgumentDeclaration {
  /// The definition itself, so that a command can list another command's arguments.
  public var definition: ArgumentDefinition { self }
}
