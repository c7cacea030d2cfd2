import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// `checklists edit <list> <item> [--text …] [--due …|--no-due] [--remind|--no-remind]`, and
/// `checklists edit <list> --hide-checked true|false` for the list's own setting.
struct EditCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change an item's text, due date or reminder, or whether a list hides checked ones.",
    arguments: [
      .positional("list", help: "The list, by name or number."),
      .positional(
        "item", help: "The item, by number or text (none with --hide-checked).", isOptional: true),
      .option("text", valueName: "text", help: "Its new text."),
      .option("due", valueName: "date", help: "Its new due date (\"none\" removes it)."),
      .flag("no-due", help: "Remove the due date (and the reminder)."),
      .flag("remind", inversion: "no-remind", help: "Turn Remind Me on or off."),
      .option(
        "hide-checked", valueName: "true|false",
        help: "Whether the list hides its checked items (give no item)."),
    ])

  var list: String
  var item: String?
  var text: String?
  var due: String?
  var removeDue: Bool
  var remind: Bool?
  var hidesChecked: Bool?

  init(_ values: ParsedValues) throws {
    list = try values.require("list")
    item = values.string("item")
    if let setting = values.string("hide-checked") {
      switch setting.lowercased() {
      case "true", "yes", "on": hidesChecked = true
      case "false", "no", "off": hidesChecked = false
      default:
        throw UsageError("--hide-checked takes true or false, not '\(setting)'.")
      }
    }
    text = values.string("text")
    due = values.string("due")
    removeDue = values.flag("no-due") || due?.lowercased() == "none"
    if removeDue { due = nil }
    remind = values.flagValue("remind")
  }

  func validate() throws {
    let editsItem = text != nil || due != nil || removeDue || remind != nil
    if hidesChecked != nil {
      if item != nil || editsItem {
        throw UsageError(
          "--hide-checked is a setting of the list: give the list only, as in "
            + "'checklists edit \(list) --hide-checked true'.")
      }
      return
    }
    if item == nil { throw UsageError("Missing expected argument '<item>'.") }
    if text == nil && due == nil && !removeDue && remind == nil {
      throw UsageError("Nothing to change: give --text, --due, --no-due, --remind or --no-remind.")
    }
    if removeDue && remind == true {
      throw UsageError("--remind needs a due date; it cannot go with --no-due.")
    }
  }

  func run(_ context: CommandContext) throws {
    if let hidesChecked {
      let service = try context.service()
      let updated = try service.updateList(
        id: service.findList(list).id, hidesChecked: hidesChecked)
      context.print(
        "\(updated.name) now \(updated.hidesChecked ? "hides" : "shows") checked items.")
      return
    }
    guard let item else { throw UsageError("Missing expected argument '<item>'.") }
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
