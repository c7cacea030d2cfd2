/// A switch, `--name`, optionally with an inversion such as `--no-name`; read as `Bool`, or
/// with `ParsedValues[ifGiven:]` as `Bool?` when leaving it out means "unchanged".
public struct Flag: ArgumentDeclaration {
  public let definition: ArgumentDefinition

  /// Declares a flag.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: A single-letter alias that turns the flag on, if any.
  ///   - inversion: The long name, without dashes, that turns the flag off, if any.
  ///   - help: A one-sentence description.
  public init(_ name: String, short: Character? = nil, inversion: String? = nil, help: String) {
    definition = .flag(name, short: short, inversion: inversion, help: help)
  }
}
