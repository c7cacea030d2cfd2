/// What a shell asks to complete when the word under the cursor is the value of an argument
/// whose completion is `.custom`: the command, the argument, and what was typed before it.
///
/// Completion scripts hand the words typed so far back to the tool
/// (`tool __complete -- <words>`, see `CompletionScript.callbackCommand`), which finds the
/// request with `CompletionRequest(root:words:)` and prints one candidate per line.
public struct CompletionRequest: Sendable {
  /// The command names from the root down, such as `["checklists", "items"]`.
  public let commandPath: [String]

  /// The argument whose value is being typed.
  public let argument: ArgumentDefinition

  /// The values typed before it (global options included), read with the command's keys.
  public let values: ParsedValues

  /// The start of the word being typed; empty after a space.
  public let prefix: String

  /// Works out what the last of `words` is the start of.
  ///
  /// Unlike parsing, nothing is refused: unknown options are skipped, and positionals are
  /// taken in order as far as they go.
  ///
  /// - Parameters:
  ///   - root: The tool's top-level command.
  ///   - words: The words after the tool's name, the last one being completed (`""` after a
  ///     space).
  /// - Returns: The request, or `nil` when the word is a subcommand, an option's name, or
  ///   something no argument takes.
  public init?(root: any ParsableCommand.Type, words: [String]) {
    guard let prefix = words.last else { return nil }
    var command = root
    var path = [root.configuration.commandName]
    var inherited: [ArgumentDefinition] = []
    var named: [ArgumentDefinition] {
      (command.configuration.arguments + command.configuration.globalArguments + inherited)
        .filter { !$0.isPositional }
    }
    var values: [String: [String]] = [:]
    var flags: [String: Bool] = [:]
    var positionals: [String] = []
    var optionsEnded = false
    var pending: ArgumentDefinition?  // an option waiting for its value
    for word in words.dropLast() {
      if let option = pending {
        values[option.name, default: []].append(word)
        pending = nil
      } else if optionsEnded || !word.hasPrefix("-") || word == "-" {
        if command.configuration.hasSubcommands {
          guard let subcommand = command.configuration.subcommand(named: word) else { return nil }
          inherited += command.configuration.globalArguments
          command = subcommand
          path.append(word)
        } else {
          positionals.append(word)
        }
      } else if word == "--" {
        optionsEnded = true
      } else if word.hasPrefix("--") {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        for definition in named {
          if case .flag(let inversion) = definition.kind,
            definition.name == name || inversion == name
          {
            flags[definition.name] = definition.name == name
          } else if definition.takesValue, definition.name == name {
            if let inline { values[name, default: []].append(inline) } else { pending = definition }
          }
        }
      } else if let letter = word.dropFirst().first,
        let definition = named.first(where: { $0.short == letter })
      {
        if definition.takesValue {
          let rest = String(word.dropFirst(2))
          if rest.isEmpty {
            pending = definition
          } else {
            values[definition.name, default: []].append(rest)
          }
        } else {
          flags[definition.name] = true
        }
      }
    }
    let configuration = command.configuration
    let target: ArgumentDefinition
    if let pending {
      target = pending
    } else {
      guard !configuration.hasSubcommands, optionsEnded || !prefix.hasPrefix("-") else {
        return nil
      }
      let declared = configuration.positionals
      guard let last = declared.last else { return nil }
      target = positionals.count < declared.count ? declared[positionals.count] : last
      guard target.isRepeating || positionals.count < declared.count else { return nil }
    }
    // Positionals in order: a repeating one takes the rest.
    var remaining = positionals[...]
    for definition in configuration.positionals where !remaining.isEmpty {
      if definition.isRepeating {
        values[definition.name] = Array(remaining)
        remaining = []
      } else {
        values[definition.name] = [remaining.removeFirst()]
      }
    }
    commandPath = path
    argument = target
    self.prefix = prefix
    self.values = ParsedValues(
      commandPath: path, values: values, flags: flags,
      definitions: configuration.arguments + configuration.globalArguments + inherited)
  }
}
