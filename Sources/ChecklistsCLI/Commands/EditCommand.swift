import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// `checklists edit <list> <item> [--text …] [--due …|--no-due] [--remind|--no-remind]`.
struct EditCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change an item's text, due date or reminder.",
    arguments: [
      .positional("list", help: "The list, by name or number."),
      .positional("item", help: "The item, by number or text."),
      .option("text", valueName: "text", help: "Its new text."),
      .option("due", valueName: "date", help: "Its new due date (\"none\" removes it)."),
      .flag("no-due", help: "Remove the due date (and the reminder)."),
      .flag("remind", inversion: "no-remind", help: "Turn Remind Me on or off."),
    ])

  var list: String
  var item: String
  var text: String?
  var due: String?
  var removeDue: Bool
  var remind: Bool?

  init(_ values: ParsedValues) throws {
    list = try values.require("list")
    item = try values.require("item")
    text = values.string("text")
    due = values.string("due")
    removeDue = values.flag("no-due") || due?.lowercased() == "none"
    if removeDue { due = nil }
    remind = values.flagValue("remind")
  }

  func validate() throws {
    if text == nil && due == nil && !removeDue && remind == nil {
      throw UsageError("Nothing to change: give --text, --due, --no-due, --remind or --no-remind.")
    }
    if removeDue && remind == true {
      throw UsageError("--remind needs a due date; it cannot go with --no-due.")
    }
  }

  func run(_ context: CommandContext) throws {
    var changes = ItemChanges(text: text, shouldRemind: remind)
    if let due { changes.dueDate = .some(try DateArgument.parse(due, context: context)) }
    if removeDue {
      changes.dueDate = .some(nil)
      changes.shouldRemind = false
    }
    let service = try context.service()
    let target = try service.findList(list)
    let edited = try service.updateItem(id: service.findItem(item, in: target).id, changes)
    context.print(
      "Updated: "
        + ChecklistText(display: context.dateDisplay).row(edited).trimmingCharacters(
          in: .whitespaces))
  }
}
