/// The declaration of one argument a command accepts: a positional, an option or a flag.
///
/// Commands never create definitions themselves: they declare typed keys (`Positional`,
/// `Option`, `Flag` and their optional and repeating kinds), list them in
/// `CommandConfiguration.arguments` and read their values with the same keys, so parsing,
/// help, completions, the man page and the command's code share one declaration.
public struct ArgumentDefinition: Sendable, Equatable {
  /// What sort of argument a definition declares.
  public enum Kind: Sendable, Equatable {
    /// A value identified by its position, such as `<list>`.
    case positional(isOptional: Bool, isRepeating: Bool)
    /// A named value, `--name <valueName>`; a repeating one keeps every value given.
    case option(valueName: String, isRepeating: Bool)
    /// A named switch, `--name`, optionally with an inversion such as `--no-name`.
    case flag(inversion: String?)
  }

  /// The key for reading the value; also the long name (without dashes) of options and flags.
  public let name: String

  /// The single-letter alias of an option or flag, used as `-s`.
  public let short: Character?

  /// A one-sentence description shown in the command's help.
  public let help: String

  /// Whether this is a positional, an option or a flag, with the details of each.
  public let kind: Kind

  /// What shells offer for its value; `nil` infers files from a value name such as `file`.
  public let completion: ArgumentCompletion?

  private init(
    name: String, short: Character?, help: String, kind: Kind,
    completion: ArgumentCompletion? = nil
  ) {
    precondition(!name.isEmpty && !name.hasPrefix("-"), "Argument names have no leading dashes")
    precondition(short != "-" && short?.isWhitespace != true, "Invalid short name")
    self.name = name
    self.short = short
    self.help = help
    self.kind = kind
    self.completion = completion
  }

  /// Declares a positional argument, shown as `<name>`, `[<name>]` or `<name> ...`.
  ///
  /// - Parameters:
  ///   - name: The key for reading the value, also shown in usage.
  ///   - help: A one-sentence description.
  ///   - isOptional: Whether the command runs without it.
  ///   - isRepeating: Whether it takes all remaining positional values; only for the last one.
  ///   - completion: What shells offer for it, if not inferred from its name.
  /// - Returns: The definition.
  static func positional(
    _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    completion: ArgumentCompletion? = nil
  ) -> ArgumentDefinition {
    ArgumentDefinition(
      name: name, short: nil, help: help,
      kind: .positional(isOptional: isOptional, isRepeating: isRepeating),
      completion: completion)
  }

  /// Declares an option given as `--name <valueName>`, `--name=value` or `-s value`.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes, also the key for reading the value.
  ///   - short: A single-letter alias, if any.
  ///   - valueName: What the value is, shown as `<valueName>` in usage and help.
  ///   - help: A one-sentence description.
  ///   - isRepeating: Whether it may be given several times, keeping every value.
  ///   - completion: What shells offer for its value, if not inferred from `valueName`.
  /// - Returns: The definition.
  static func option(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    isRepeating: Bool = false, completion: ArgumentCompletion? = nil
  ) -> ArgumentDefinition {
    ArgumentDefinition(
      name: name, short: short, help: help,
      kind: .option(valueName: valueName, isRepeating: isRepeating), completion: completion)
  }

  /// Declares a flag given as `--name` and, with an inversion such as `no-name`, `--no-name`.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes, also the key for reading the value.
  ///   - short: A single-letter alias that turns the flag on, if any.
  ///   - inversion: The long name, without dashes, that turns the flag off, if any.
  ///   - help: A one-sentence description.
  /// - Returns: The definition.
  static func flag(
    _ name: String, short: Character? = nil, inversion: String? = nil, help: String
  ) -> ArgumentDefinition {
    precondition(inversion?.hasPrefix("-") != true, "Flag inversions have no leading dashes")
    return ArgumentDefinition(
      name: name, short: short, help: help, kind: .flag(inversion: inversion))
  }

  // MARK: - Rendering and matching

  /// Whether this is a positional argument.
  var isPositional: Bool {
    if case .positional = kind { return true }
    return false
  }

  /// Whether this positional may be left out.
  var isOptional: Bool {
    if case .positional(let isOptional, _) = kind { return isOptional }
    return true
  }

  /// Whether this positional takes all remaining values, or this option keeps every value.
  var isRepeating: Bool {
    switch kind {
    case .positional(_, let isRepeating), .option(_, let isRepeating): isRepeating
    case .flag: false
    }
  }

  /// The names a user can type for it (and that must be unique within a command).
  var declaredNames: [String] {
    var names = [name]
    if case .flag(let inversion?) = kind { names.append(inversion) }
    if let short { names.append("-\(short)") }
    return names
  }

  /// The long spellings, such as `--remind` and `--no-remind`; none for positionals.
  var longSpellings: [String] {
    switch kind {
    case .positional: []
    case .option: ["--\(name)"]
    case .flag(let inversion): ["--\(name)"] + (inversion.map { ["--\($0)"] } ?? [])
    }
  }

  /// How it appears in messages and usage without brackets: `<list>`, `--due <date>`, `--json`.
  var label: String {
    switch kind {
    case .positional(_, let isRepeating): isRepeating ? "<\(name)> ..." : "<\(name)>"
    case .option(let valueName, _): "--\(name) <\(valueName)>"
    case .flag: "--\(name)"
    }
  }

  /// How it appears in a usage line: `<list>`, `[<list>]`, `[--due <date>]`,
  /// `[--alarm <time> ...]`.
  var usageLabel: String {
    if case .option(_, isRepeating: true) = kind { return "[\(label) ...]" }
    return isOptional ? "[\(label)]" : label
  }

  /// How it appears in the left column of help: `<list>`, `-d, --due <date>`, `--a/--no-a`.
  var helpLabel: String {
    let shortPrefix = short.map { "-\($0), " } ?? ""
    switch kind {
    case .positional: return "<\(name)>"
    case .option(let valueName, _): return "\(shortPrefix)--\(name) <\(valueName)>"
    case .flag: return shortPrefix + longSpellings.joined(separator: "/")
    }
  }
}

/// What a shell offers when completing an argument's value.
public enum ArgumentCompletion: Sendable, Equatable {
  /// File and folder names.
  case files
  /// Words the tool itself prints when asked (see `CompletionScript.customCompletions`), such
  /// as the names of lists; the associated value says which words.
  case custom(String)
}
