import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop

/// `checklists due`: reminders that are due or overdue.
struct DueCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "due",
    abstract: "Show unchecked items with Remind Me whose due date has come.",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let now = context.now()
    let due = try context.service().dueItems(through: now)
    if json {
      let items = due.map { list, item in
        ChecklistItemJSON(item, checklist: list.name, now: now)
      }
      context.print(try JSONOutput.encode(JSONOutput.Items(items: items)))
      return
    }
    guard !due.isEmpty else {
      context.print(words.text("cli.due.empty"))
      return
    }
    let rows = due.map { list, item in
      [context.dateDisplay.string(from: item.dueDate!), list.name, item.text]
    }
    let header = ["cli.smart.heading.due", "cli.smart.heading.list", "cli.smart.heading.item"]
      .map { words.text($0) }
    context.print(ChecklistText.table(header: header, rows: rows))
  }
}
