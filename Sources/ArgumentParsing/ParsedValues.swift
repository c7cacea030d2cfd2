/// The values given on the command line for a command's declared arguments, keyed by name.
///
/// Positionals and options are read as strings, flags as booleans; global arguments declared
/// by ancestors are included. Values are stored as typed, so converting them (to numbers, dates,
/// list references) and reporting bad ones with a `UsageError` is up to the command.
public struct ParsedValues: Sendable, Equatable {
  /// The command names that led to the command, such as `["checklists", "list", "add"]`.
  public let commandPath: [String]

  private var values: [String: [String]]
  private var flags: [String: Bool]
  private var labels: [String: String]

  /// Creates parsed values directly, for tests of commands.
  ///
  /// - Parameters:
  ///   - commandPath: The command names that led to the command.
  ///   - values: The values of positionals and options, in the order given.
  ///   - flags: The flags given: `true` for `--name`, `false` for its inversion.
  public init(
    commandPath: [String], values: [String: [String]] = [:], flags: [String: Bool] = [:]
  ) {
    self.commandPath = commandPath
    self.values = values
    self.flags = flags
    self.labels = [:]
  }

  /// The value of a positional or option; for an option given more than once, the last one.
  ///
  /// - Parameter name: The argument's declared name.
  /// - Returns: The value, or `nil` when none was given.
  public func string(_ name: String) -> String? {
    values[name]?.last
  }

  /// All values of a repeating positional, or of an option given more than once.
  ///
  /// - Parameter name: The argument's declared name.
  /// - Returns: The values in the order given; empty when none were given.
  public func strings(_ name: String) -> [String] {
    values[name] ?? []
  }

  /// Whether a flag is on: `true` only if `--name` was given after any inversion.
  ///
  /// - Parameter name: The flag's declared name.
  /// - Returns: `false` when the flag is absent or its inversion was given last.
  public func flag(_ name: String) -> Bool {
    flags[name] ?? false
  }

  /// A flag's explicit setting, for flags whose absence means "leave unchanged".
  ///
  /// - Parameter name: The flag's declared name.
  /// - Returns: `true` for `--name`, `false` for its inversion (the last one given wins), or
  ///   `nil` when neither was given.
  public func flagValue(_ name: String) -> Bool? {
    flags[name]
  }

  /// The value of a positional or option that the command can't do without.
  ///
  /// - Parameter name: The argument's declared name.
  /// - Returns: The value; for an option given more than once, the last one.
  /// - Throws: `UsageError` "Missing expected argument '<name>'." when none was given.
  public func require(_ name: String) throws -> String {
    guard let value = string(name) else {
      let label = labels[name] ?? "<\(name)>"
      throw UsageError("Missing expected argument '\(label)'.", commandPath: commandPath)
    }
    return value
  }

  /// Creates the parser's result, remembering how each argument is spelled for messages.
  init(
    commandPath: [String], values: [String: [String]], flags: [String: Bool],
    definitions: [ArgumentDefinition]
  ) {
    self.init(commandPath: commandPath, values: values, flags: flags)
    for definition in definitions {
      labels[definition.name] = definition.label
    }
  }
}
