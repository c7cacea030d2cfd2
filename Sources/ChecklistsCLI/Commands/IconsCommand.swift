import ArgumentParsing
import ChecklistsCore

/// `checklists icons`: the ten icons a list can have.
struct IconsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icons",
    abstract: "Show the icons a list can have, in Choose Icon's order.",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let names = ChecklistIcon.allCases.map(\.rawValue)
    if json {
      context.print(try JSONOutput.encode(JSONOutput.Icons(icons: names)))
    } else {
      context.print(names.joined(separator: "\n"))
    }
  }

  /// Reads an icon name as a person types it ("groceries", "No Icon", "no-icon").
  /// - Throws: `UsageError` naming the icon, with a suggestion.
  static func icon(named name: String) throws -> ChecklistIcon {
    if let icon = ChecklistIcon(named: name) { return icon }
    let names = ChecklistIcon.allCases.map(\.rawValue)
    let hint = SpellingSuggestion.hint(for: name, among: names)
    throw UsageError(
      hint.isEmpty
        ? words.text(
          "cli.icons.unknownListed", ["name": name, "names": names.joined(separator: ", ")])
        : words.text("cli.icons.unknown", ["name": name]) + hint)
  }
}
