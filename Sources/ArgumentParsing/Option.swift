/// An option that takes a value, `--name <valueName>` or `-s <value>`; read as `Value?`.
///
/// Given more than once, the last value counts; see `RepeatingOption` to keep them all.
public struct Option<Value>: ArgumentDeclaration {
  public let definition: ArgumentDefinition
  let transform: ArgumentTransform<Value>

  /// Declares an option whose value is converted when the command reads it.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: A single-letter alias, if any.
  ///   - valueName: What the value is, shown as `<valueName>` in usage and help.
  ///   - help: A one-sentence description.
  ///   - completion: What shells offer for the value, if not inferred from `valueName`.
  ///   - transform: Reads the text typed; throws `UsageError` for text it can't read.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    completion: ArgumentCompletion? = nil, transform: @escaping ArgumentTransform<Value>
  ) {
    definition = .option(
      name, short: short, valueName: valueName, help: help, completion: completion)
    self.transform = transform
  }

  /// The same option given any number of times, read as every value in the order given.
  public var repeating: RepeatingOption<Value> {
    RepeatingOption(self)
  }
}

extension Option where Value == String {
  /// Declares an option read as the text typed.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: A single-letter alias, if any.
  ///   - valueName: What the value is, shown as `<valueName>` in usage and help.
  ///   - help: A one-sentence description.
  ///   - completion: What shells offer for the value, if not inferred from `valueName`.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    completion: ArgumentCompletion? = nil
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, completion: completion,
      transform: { $0 })
  }
}

/// An option that may be given several times, such as `--alarm 9:00 --alarm 18:00`; read as
/// `[Value]` in the order given, empty when it was not given.
public struct RepeatingOption<Value>: ArgumentDeclaration {
  public let definition: ArgumentDefinition
  let transform: ArgumentTransform<Value>

  init(_ option: Option<Value>) {
    let single = option.definition
    guard case .option(let valueName, _) = single.kind else {
      preconditionFailure("An option is declared as an option")
    }
    definition = .option(
      single.name, short: single.short, valueName: valueName, help: single.help,
      isRepeating: true, completion: single.completion)
    transform = option.transform
  }
}
