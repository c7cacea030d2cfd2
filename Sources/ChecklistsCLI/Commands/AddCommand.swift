import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import Foundation

/// `checklists add <list> <text> [--due <date>] [--remind]`.
struct AddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an item at the end of a list.",
    arguments: [
      .positional("list", help: "The list, by name or number."),
      .positional("text", help: "The item's text (1 to 1,000 characters)."),
      .option(
        "due", valueName: "date",
        help: "When it is due: \"tomorrow 9:00\", \"2026-12-24 18:00\", ISO 8601, \"in 2 hours\"."),
      .flag("remind", help: "Remind me at the due date."),
      jsonFlag,
    ])

  var list: String
  var text: String
  var due: String?
  var remind: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values.require("list")
    text = try values.require("text")
    due = values.string("due")
    remind = values.flag("remind")
    json = values.flag("json")
  }

  func validate() throws {
    if remind && due == nil {
      throw UsageError("--remind needs a due date: add --due <date>.")
    }
  }

  func run(_ context: CommandContext) throws {
    let dueDate = try due.map { try DateArgument.parse($0, context: context) }
    let service = try context.service()
    let target = try service.findList(list)
    let item = try service.addItem(text, to: target.id, dueDate: dueDate, shouldRemind: remind)
    if json {
      let output = ChecklistItemJSON(
        item, number: target.itemCount + 1, checklist: target.name, now: context.now())
      context.print(try JSONOutput.encode(output))
      return
    }
    var line = "Added '\(item.text)' to \(target.name) as item \(target.itemCount + 1)."
    if let details = ChecklistText(display: context.dateDisplay).details(item) {
      line += " It is \(details)."
    }
    context.print(line)
  }
}

/// Reads a date argument, turning a date the parser can't read into a usage error.
enum DateArgument {
  static func parse(_ text: String, context: CommandContext) throws -> Date {
    do {
      return try context.dateParser.parse(text)
    } catch let error as ChecklistsError {
      throw UsageError(error.message)
    }
  }
}
