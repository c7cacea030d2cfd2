import ArgumentParsing
import ChecklistsInterop

/// `checklists lists`: All Lists.
struct ListsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists",
    abstract: "Show all lists with their numbers and what remains to do.",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let lists = try context.service().checklists()
    if json {
      let entries = lists.enumerated().map { offset, list in
        ChecklistJSON(list, number: offset + 1)
      }
      context.print(try JSONOutput.encode(JSONOutput.Lists(checklists: entries)))
    } else {
      context.print(ChecklistText(display: context.dateDisplay).allLists(lists))
    }
  }
}
