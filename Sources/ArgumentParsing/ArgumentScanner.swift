/// One pass over a command line: walks down the subcommands, collects option, flag and
/// positional values, then creates and validates the command that was invoked.
struct ArgumentScanner {
  /// What the scan found, before the command is created.
  enum Outcome {
    case command(any ParsableCommand.Type)
    case help
    case version(String)
  }

  private let arguments: [String]
  private var index = 0
  private var optionsEnded = false

  /// The command being parsed and the names that led to it.
  private(set) var command: any ParsableCommand.Type
  private(set) var path: [String]
  /// Options and flags declared by the command's ancestors as global.
  private var inheritedGlobals: [ArgumentDefinition] = []

  private var values: [String: [String]] = [:]
  private var flags: [String: Bool] = [:]
  private var positionalValues: [String] = []

  init(root: any ParsableCommand.Type, arguments: [String]) {
    self.arguments = arguments
    self.command = root
    self.path = [root.configuration.commandName]
    root.configuration.checkDeclarations(inherited: [])
  }

  private var configuration: CommandConfiguration { command.configuration }
  private var isRoot: Bool { path.count == 1 }

  /// The options and flags accepted at the current position.
  private var namedDefinitions: [ArgumentDefinition] {
    (configuration.arguments + configuration.globalArguments + inheritedGlobals)
      .filter { !$0.isPositional }
  }

  // MARK: - Scanning

  /// Reads all arguments; on a usage error, help requested later on the line wins.
  mutating func scan() throws -> Outcome {
    do {
      return try scanArguments()
    } catch let error as UsageError {
      if helpIsRequested(in: arguments[index...]) { return .help }
      throw error.attributed(to: path)
    }
  }

  private mutating func scanArguments() throws -> Outcome {
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || isPositional(argument) {
        if let outcome = try handlePositional(argument) { return outcome }
      } else if argument == "--" {
        optionsEnded = true
      } else if argument == "-h" || argument == "--help" {
        return .help
      } else if argument == "--version", isRoot, let version = configuration.version {
        return .version(version)
      } else if argument.hasPrefix("--") {
        try handleLongOption(argument)
      } else if try handleShortOptions(argument) {
        return .help
      }
    }
    if configuration.hasSubcommands { return .help }
    try assignPositionals()
    return .command(command)
  }

  /// Dispatches to a subcommand or records a positional value; returns an outcome for `help`.
  private mutating func handlePositional(_ argument: String) throws -> Outcome? {
    guard configuration.hasSubcommands else {
      positionalValues.append(argument)
      return nil
    }
    if optionsEnded { throw UsageError("Unexpected argument '\(argument)'.") }
    if argument == "help" {
      try descendForHelp()
      return .help
    }
    try descend(into: argument)
    return nil
  }

  /// Walks down the subcommands named after `help`, ignoring anything else.
  private mutating func descendForHelp() throws {
    while index < arguments.count, configuration.hasSubcommands {
      let name = arguments[index]
      index += 1
      if isPositional(name) { try descend(into: name) }
    }
  }

  private mutating func descend(into name: String) throws {
    guard let subcommand = configuration.subcommand(named: name) else {
      let names = configuration.visibleSubcommands.map { $0.configuration.commandName }
      throw UsageError(
        "Unknown command '\(name)'." + SpellingSuggestion.hint(for: name, among: names))
    }
    inheritedGlobals += configuration.globalArguments
    command = subcommand
    path.append(name)
    subcommand.configuration.checkDeclarations(inherited: inheritedGlobals)
  }

  private mutating func handleLongOption(_ argument: String) throws {
    let body = argument.dropFirst(2)
    let name = String(body.prefix { $0 != "=" })
    let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
    for definition in namedDefinitions {
      switch definition.kind {
      case .option where definition.name == name:
        values[definition.name, default: []].append(try inlineValue ?? nextValue(for: definition))
        return
      case .flag(let inversion) where definition.name == name || inversion == name:
        if inlineValue != nil {
          throw UsageError("The flag '--\(name)' does not take a value.")
        }
        flags[definition.name] = definition.name == name
        return
      default:
        continue
      }
    }
    var spellings = namedDefinitions.flatMap(\.longSpellings) + ["--help"]
    if isRoot, configuration.version != nil { spellings.append("--version") }
    throw UsageError(
      "Unknown option '--\(name)'." + SpellingSuggestion.hint(for: "--\(name)", among: spellings))
  }

  /// Handles `-s`, `-s value`, `-abc` and `-svalue`; returns whether help was asked for.
  private mutating func handleShortOptions(_ argument: String) throws -> Bool {
    var letters = argument.dropFirst()
    while let letter = letters.popFirst() {
      guard let definition = namedDefinitions.first(where: { $0.short == letter }) else {
        if letter == "h" { return true }
        throw UsageError("Unknown option '-\(letter)'.")
      }
      switch definition.kind {
      case .flag:
        flags[definition.name] = true
      case .option:
        let value = letters.isEmpty ? try nextValue(for: definition) : String(letters)
        values[definition.name, default: []].append(value)
        return false
      case .positional:
        preconditionFailure("Positionals have no short names")
      }
    }
    return false
  }

  /// Takes the argument after an option as its value, unless it is another option.
  private mutating func nextValue(for definition: ArgumentDefinition) throws -> String {
    guard index < arguments.count, isValue(arguments[index]) else {
      throw UsageError("Missing value for '\(definition.label)'.")
    }
    index += 1
    return arguments[index - 1]
  }

  // MARK: - Positionals

  private mutating func assignPositionals() throws {
    var remaining = positionalValues[...]
    let definitions = configuration.positionals
    for (offset, definition) in definitions.enumerated() {
      let neededLater = definitions[(offset + 1)...].count { !$0.isOptional }
      if definition.isRepeating {
        let taken = remaining.dropLast(neededLater)
        values[definition.name] = Array(taken)
        remaining.removeFirst(taken.count)
      } else if !remaining.isEmpty, !definition.isOptional || remaining.count > neededLater {
        // An optional positional leaves its value to required ones after it.
        values[definition.name] = [remaining.removeFirst()]
      }
      if !definition.isOptional, values[definition.name, default: []].isEmpty {
        throw UsageError("Missing expected argument '\(definition.label)'.")
      }
    }
    if let extra = remaining.first {
      throw UsageError("Unexpected argument '\(extra)'.")
    }
  }

  /// The values read, for the command's initializer.
  var parsedValues: ParsedValues {
    ParsedValues(
      commandPath: path, values: values, flags: flags,
      definitions: configuration.arguments + configuration.globalArguments + inheritedGlobals)
  }

  // MARK: - Classifying arguments

  /// Whether an argument is a value rather than an option: `x`, `-`, or a number like `-5`
  /// when no short option uses that digit.
  private func isPositional(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument != "-" else { return true }
    let second = argument.dropFirst().first
    return second?.isNumber == true && !namedDefinitions.contains { $0.short == second }
  }

  /// Whether an argument can be an option's value: anything but an option, so `-5` is.
  private func isValue(_ argument: String) -> Bool {
    !argument.hasPrefix("-") || argument == "-" || argument.dropFirst().first?.isNumber == true
  }

  private func helpIsRequested(in rest: ArraySlice<String>) -> Bool {
    rest.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
  }
}
