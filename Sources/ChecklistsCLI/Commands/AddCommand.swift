import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists add <list> <text> [--due <date>] [--remind] [--notes <text>] [--flag]
/// [--priority <p>] [--repeat <rule>] [--under <item>]`.
struct AddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an item at the end of a list.",
    arguments: [
      CommonArguments.list, text, due, remind, notes, flag, ItemOptions.priorityOption,
      recurrence, under, jsonFlag,
    ])

  static let text = Positional("text", help: "The item's text (1 to 1,000 characters).")
  static let due = Option(
    "due", valueName: "date",
    help: "When it is due: \"tomorrow 9:00\", \"2026-12-24 18:00\", ISO 8601, \"in 2 hours\".")
  static let remind = Flag("remind", help: "Remind me at the due date.")
  static let notes = Option(
    "notes", valueName: "text", help: "Notes under the text (up to 10,000 characters).")
  static let flag = Flag("flag", help: "Flag it.")
  static let recurrence = Option(
    "repeat", valueName: "rule",
    help: "How it repeats: \"every day\", \"every week on mon,thu\", \"monthly on the 15th\", "
      + "or an RRULE.",
    transform: ItemOptions.recurrence)
  static let under = Option(
    "under", valueName: "item", help: "Make it a subtask of this item (number or text).",
    completion: .custom(NameCompletion.items))

  var list: String
  var text: String
  var due: String?
  var remind: Bool
  var notes: String?
  var flag: Bool
  var priority: ItemPriority?
  var recurrence: RecurrenceRule?
  var under: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    text = try values[Self.text]
    due = try values[Self.due]
    remind = values[Self.remind]
    notes = try values[Self.notes]
    flag = values[Self.flag]
    priority = try values[ItemOptions.priorityOption]
    recurrence = try values[Self.recurrence] ?? nil
    under = try values[Self.under]
    json = values[Self.jsonFlag]
  }

  func validate() throws {
    if remind && due == nil {
      throw UsageError(words.text("cli.add.remindWithoutDue"))
    }
  }

  func run(_ context: CommandContext) throws {
    let dueDate = try due.map { try DateArgument.parse($0, context: context) }
    let service = try context.service()
    let target = try service.findList(list)
    let parentID = try under.map { try service.findItem($0, in: target).id }
    let item = try service.addItem(
      text, to: target.id, dueDate: dueDate, shouldRemind: remind,
      details: ItemDetails(
        notes: notes ?? "", isFlagged: flag, priority: priority ?? .none, parentID: parentID,
        recurrence: recurrence))
    // A subtask stands after its parent's other subtasks, not at the end.
    let number =
      parentID == nil
      ? target.itemCount + 1
      : try service.checklistWithItems(id: target.id).1.firstIndex { $0.id == item.id }
        .map { $0 + 1 } ?? target.itemCount + 1
    if json {
      let output = ChecklistItemJSON(
        item, number: number, checklist: target.name, now: context.now())
      context.print(try JSONOutput.encode(output))
      return
    }
    var line = words.text(
      "cli.add.added", ["item": item.text, "list": target.name, "number": "\(number)"])
    if let details = ChecklistText(display: context.dateDisplay).dueDetails(item) {
      line += words.text("cli.add.details", ["details": details])
    }
    if let recurrence = item.recurrence {
      line += words.text("cli.add.repeats", ["rule": recurrence.description(in: words)])
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
