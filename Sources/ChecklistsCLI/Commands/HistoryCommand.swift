import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop

/// `checklists history <list> <item>`: when a repeating item was checked off.
struct HistoryCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Show when a repeating item was checked off, newest first.",
    arguments: [
      CommonArguments.list, CommonArguments.item,
      jsonFlag,
    ])

  var list: String
  var item: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    item = try values[CommonArguments.item]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findItem(item, in: service.findList(list))
    let entries = try service.history(itemID: target.id)
    if json {
      context.print(try JSONOutput.encode(ItemHistoryJSON(entries)))
      return
    }
    guard !entries.isEmpty else {
      context.print(
        target.recurrence == nil
          ? "'\(target.text)' does not repeat, so it has no history."
          : "'\(target.text)' has not been checked off yet.")
      return
    }
    let rows = entries.map { entry in
      [
        context.dateDisplay.string(from: entry.completedAt),
        entry.dueDate.map(context.dateDisplay.string) ?? "",
        entry.userName ?? "",
      ]
    }
    context.print(
      "'\(target.text)'\(target.recurrence.map { " (↻ \($0.description))" } ?? "")\n"
        + ChecklistText.table(header: ["Checked off", "Was due", "By"], rows: rows))
  }
}
