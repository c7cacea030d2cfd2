import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop

/// `checklists items <list>`: one list's items, numbered, with √ for checked ones.
struct ItemsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "items",
    abstract: "Show a list's items, numbered, with √ for checked ones.",
    arguments: [CommonArguments.list, jsonFlag])

  var list: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let (list, items) = try service.checklistWithItems(id: service.findList(list).id)
    let now = context.now()
    if json {
      let output = JSONOutput.ListWithItems(
        checklist: ChecklistJSON(list),
        items: items.enumerated().map { offset, item in
          ChecklistItemJSON(item, number: offset + 1, now: now)
        })
      context.print(try JSONOutput.encode(output))
    } else {
      context.print(ChecklistText(display: context.dateDisplay).checklist(list, items: items))
    }
  }
}
