/// The values given on the command line for a command's declared arguments, read with the
/// same typed keys the command declared them with.
///
/// ```swift
/// due = try values[Self.due]          // Option<String>: String?
/// remind = values[Self.remind]        // Flag: Bool
/// flag = values[ifGiven: Self.flag]   // Flag with an inversion: Bool?
/// list = try values[Self.list]        // Positional<String>: String
/// ```
///
/// Global arguments declared by ancestors can be read too. A key's transform runs when it is
/// read, so a bad value is reported with the `UsageError` the transform throws. Reading a key
/// the command did not declare traps: it is a programmer error, never a user's.
public struct ParsedValues: Sendable, Equatable {
  /// The command names that led to the command, such as `["checklists", "list", "add"]`.
  public let commandPath: [String]

  private var values: [String: [String]]
  private var flags: [String: Bool]
  /// What the command (and its ancestors, for global arguments) declared, by name.
  private var declared: [String: ArgumentDefinition]

  /// Creates parsed values directly, for tests of commands.
  ///
  /// - Parameters:
  ///   - commandPath: The command names that led to the command.
  ///   - arguments: The arguments the command declares (global ones included).
  ///   - values: The values of positionals and options by name, in the order given.
  ///   - flags: The flags given: `true` for `--name`, `false` for its inversion.
  public init(
    commandPath: [String], arguments: [any ArgumentDeclaration],
    values: [String: [String]] = [:], flags: [String: Bool] = [:]
  ) {
    self.init(
      commandPath: commandPath, values: values, flags: flags,
      definitions: arguments.map { $0.definition })
  }

  /// Creates the parser's result.
  init(
    commandPath: [String], values: [String: [String]], flags: [String: Bool],
    definitions: [ArgumentDefinition]
  ) {
    self.commandPath = commandPath
    self.values = values
    self.flags = flags
    self.declared = Dictionary(definitions.map { ($0.name, $0) }) { first, _ in first }
  }

  // MARK: - Reading

  /// The value of an option; given more than once, the last one.
  ///
  /// - Parameter option: The option, as the command declared it.
  /// - Returns: The converted value, or `nil` when the option was not given.
  /// - Throws: What the option's transform throws for a value it can't read.
  public subscript<Value>(option: Option<Value>) -> Value? {
    get throws { try texts(option).last.map(option.transform) }
  }

  /// Every value of an option that may be given several times.
  ///
  /// - Parameter option: The option, as the command declared it.
  /// - Returns: The converted values in the order given; empty when none was given.
  /// - Throws: What the option's transform throws for a value it can't read.
  public subscript<Value>(option: RepeatingOption<Value>) -> [Value] {
    get throws { try texts(option).map(option.transform) }
  }

  /// Whether a flag is on: `true` only if `--name` was given after any inversion.
  ///
  /// - Parameter flag: The flag, as the command declared it.
  /// - Returns: `false` when the flag is absent or its inversion was given last.
  public subscript(flag: Flag) -> Bool {
    self[ifGiven: flag] ?? false
  }

  /// A flag's explicit setting, for flags whose absence means "leave unchanged".
  ///
  /// - Parameter flag: The flag, as the command declared it.
  /// - Returns: `true` for `--name`, `false` for its inversion (the last one given wins), or
  ///   `nil` when neither was given.
  public subscript(ifGiven flag: Flag) -> Bool? {
    checkDeclared(flag)
    return flags[flag.name]
  }

  /// The value of a positional argument the command can't do without.
  ///
  /// - Parameter positional: The argument, as the command declared it.
  /// - Returns: The converted value.
  /// - Throws: `UsageError` "Missing expected argument '<name>'." when none was given (the
  ///   parser reports that before the command is created), or what the transform throws.
  public subscript<Value>(positional: Positional<Value>) -> Value {
    get throws {
      guard let text = texts(positional).last else {
        throw UsageError(
          "Missing expected argument '\(positional.definition.label)'.",
          commandPath: commandPath)
      }
      return try positional.transform(text)
    }
  }

  /// The value of a positional argument the command runs without.
  ///
  /// - Parameter positional: The argument, as the command declared it.
  /// - Returns: The converted value, or `nil` when none was given.
  /// - Throws: What the argument's transform throws for a value it can't read.
  public subscript<Value>(positional: OptionalPositional<Value>) -> Value? {
    get throws { try texts(positional).last.map(positional.transform) }
  }

  /// The values of a positional argument that takes all remaining ones.
  ///
  /// - Parameter positional: The argument, as the command declared it.
  /// - Returns: The converted values in the order given; empty when none was given.
  /// - Throws: What the argument's transform throws for a value it can't read.
  public subscript<Value>(positional: RepeatingPositional<Value>) -> [Value] {
    get throws { try texts(positional).map(positional.transform) }
  }

  // MARK: - Declarations

  /// Whether the command declares exactly this argument, so that it can be read; for code
  /// that serves several commands, such as completion.
  ///
  /// - Parameter key: The argument.
  /// - Returns: `true` when reading `key` is allowed.
  public func declares(_ key: any ArgumentDeclaration) -> Bool {
    declared[key.name] == key.definition
  }

  /// The texts typed for a declared argument.
  private func texts(_ key: any ArgumentDeclaration) -> [String] {
    checkDeclared(key)
    return values[key.name] ?? []
  }

  /// Traps unless the command declared exactly this argument: reading an undeclared one would
  /// silently find nothing.
  private func checkDeclared(_ key: any ArgumentDeclaration) {
    let definition = key.definition
    precondition(
      declared[definition.name] == definition,
      "'\(commandPath.joined(separator: " "))' reads '\(definition.label)', which it does "
        + "not declare")
  }
}
