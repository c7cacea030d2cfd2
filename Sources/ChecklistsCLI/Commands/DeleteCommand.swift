import ArgumentParsing

/// `checklists delete <list> <item>`.
struct DeleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete an item from a list (to delete a list: 'checklists list delete').",
    arguments: [CommonArguments.list, CommonArguments.item])

  var list: String
  var item: String

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    item = try values[CommonArguments.item]
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let deleted = try service.deleteItem(id: service.findItem(item, in: target).id)
    let subtitle = try service.checklist(id: target.id).subtitle
    context.print(
      words.text(
        "cli.delete.done", ["item": deleted.text, "list": target.name, "subtitle": subtitle]))
  }
}
