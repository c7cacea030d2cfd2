import ArgumentParsing
import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// `checklists __complete -- <words>`: what completion scripts run for the names of lists and
/// items; hidden from help, the man page and the scripts' own command lists.
///
/// It prints one name a line that starts (ignoring case) as the last word does, from the
/// local database file only: never from a server or PostgreSQL, never asking anything, and
/// printing nothing on any error.
struct CompleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: CompletionScript.callbackCommand,
    abstract: "Print the names that complete the last word (for completion scripts).",
    arguments: [words], isHidden: true)

  static let words = Positional(
    "words", help: "The words typed after 'checklists', the last one being completed."
  ).repeating(isOptional: true)

  static var placement: CommandPlacement { .here }

  var words: [String]

  init(_ values: ParsedValues) throws {
    words = try values[Self.words]
  }

  func run(_ context: CommandContext) throws {
    guard let request = CompletionRequest(root: ChecklistsCommand.self, words: words),
      let names = try? NameCompletion.names(for: request, environment: context.environment)
    else { return }
    let prefix = request.prefix.lowercased()
    for name in names where name.lowercased().hasPrefix(prefix) && !name.contains("\n") {
      context.print(name)
    }
  }
}
