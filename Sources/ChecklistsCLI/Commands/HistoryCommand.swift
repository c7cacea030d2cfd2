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
        words.text(
          target.recurrence == nil ? "cli.history.noRepeat" : "cli.history.empty",
          ["item": target.text]))
      return
    }
    let rows = entries.map { entry in
      [
        context.dateDisplay.string(from: entry.completedAt),
        entry.dueDate.map(context.dateDisplay.string) ?? "",
        entry.userName ?? "",
      ]
    }
    let title =
      target.recurrence.map {
        words.text(
          "cli.history.titleRepeating", ["item": target.text, "rule": $0.description(in: words)])
      } ?? words.text("cli.history.title", ["item": target.text])
    let header = [
      "cli.history.heading.checked", "cli.history.heading.due", "cli.history.heading.by",
    ]
    .map { words.text($0) }
    context.print(title + "\n" + ChecklistText.table(header: header, rows: rows))
  }
}
