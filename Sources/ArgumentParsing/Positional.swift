/// A value identified by its position, shown as `<name>`; the command runs only with it, so
/// it is read as `Value`.
public struct Positional<Value>: ArgumentDeclaration {
  public let definition: ArgumentDefinition
  let transform: ArgumentTransform<Value>

  /// Declares a positional argument whose text is converted when the command reads it.
  ///
  /// - Parameters:
  ///   - name: The name shown in usage and help.
  ///   - help: A one-sentence description.
  ///   - completion: What shells offer for it, if not inferred from its name.
  ///   - transform: Reads the text typed; throws `UsageError` for text it can't read.
  public init(
    _ name: String, help: String, completion: ArgumentCompletion? = nil,
    transform: @escaping ArgumentTransform<Value>
  ) {
    definition = .positional(name, help: help, completion: completion)
    self.transform = transform
  }

  /// The same argument, but one the command runs without: `[<name>]`, read as `Value?`.
  public var optional: OptionalPositional<Value> {
    OptionalPositional(
      definition: .positional(
        definition.name, help: definition.help, isOptional: true,
        completion: definition.completion), transform: transform)
  }

  /// The same argument taking all remaining positional values, `<name> ...`, read as
  /// `[Value]`; only the last positional may repeat.
  ///
  /// - Parameter isOptional: Whether the command runs with none; otherwise it needs one.
  public func repeating(isOptional: Bool = false) -> RepeatingPositional<Value> {
    RepeatingPositional(
      definition: .positional(
        definition.name, help: definition.help, isOptional: isOptional, isRepeating: true,
        completion: definition.completion), transform: transform)
  }
}

extension Positional where Value == String {
  /// Declares a positional argument read as the text typed.
  ///
  /// - Parameters:
  ///   - name: The name shown in usage and help.
  ///   - help: A one-sentence description.
  ///   - completion: What shells offer for it, if not inferred from its name.
  public init(_ name: String, help: String, completion: ArgumentCompletion? = nil) {
    self.init(name, help: help, completion: completion, transform: { $0 })
  }
}

/// A positional argument the command runs without, `[<name>]`; read as `Value?`.
public struct OptionalPositional<Value>: ArgumentDeclaration {
  public let definition: ArgumentDefinition
  let transform: ArgumentTransform<Value>
}

/// A positional argument taking all remaining positional values, `<name> ...`; read as
/// `[Value]`.
public struct RepeatingPositional<Value>: ArgumentDeclaration {
  public let definition: ArgumentDefinition
  let transform: ArgumentTransform<Value>
}
