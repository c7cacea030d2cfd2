import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// `checklists edit <list> <item> [--text …] [--due …|--no-due] [--remind|--no-remind]
/// [--notes …] [--flag|--no-flag] [--priority …] [--repeat …] [--under …]`, and
/// `checklists edit <list> --hide-checked true|false` for the list's own setting.
struct EditCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract:
      "Change an item's text, due date, reminder, notes, flag, priority, repeat or parent, or "
      + "whether a list hides checked ones.",
    arguments: [
      CommonArguments.list, item, text, due, noDue, remind, notes, flag,
      ItemOptions.priorityOption, recurrence, under, hideChecked,
    ])

  static let item = Positional(
    "item", help: "The item, by number or text (none with --hide-checked).",
    completion: .custom(NameCompletion.items)
  ).optional
  static let text = Option("text", valueName: "text", help: "Its new text.")
  static let due = Option("due", valueName: "date", help: "Its new due date (\"none\" removes it).")
  static let noDue = Flag("no-due", help: "Remove the due date (and the reminder).")
  static let remind = Flag("remind", inversion: "no-remind", help: "Turn Remind Me on or off.")
  static let notes = Option("notes", valueName: "text", help: "Its new notes (\"\" removes them).")
  static let flag = Flag("flag", inversion: "no-flag", help: "Flag it or take the flag off.")
  static let recurrence = Option(
    "repeat", valueName: "rule",
    help: "How it repeats (\"every week on mon,thu\", an RRULE); \"never\" stops it.",
    transform: ItemOptions.recurrence)
  static let under = Option(
    "under", valueName: "item",
    help: "Make it a subtask of this item; \"none\" moves it to the top level.",
    completion: .custom(NameCompletion.items))
  static let hideChecked = Option(
    "hide-checked", valueName: "true|false",
    help: "Whether the list hides its checked items (give no item).")

  var list: String
  var item: String?
  var text: String?
  var due: String?
  var removeDue: Bool
  var remind: Bool?
  var hidesChecked: Bool?
  var notes: String?
  var flag: Bool?
  var priority: ItemPriority?
  /// `.some(nil)`: `--repeat never`.
  var recurrence: RecurrenceRule??
  var under: String?

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    item = try values[Self.item]
    if let setting = try values[Self.hideChecked] {
      switch setting.lowercased() {
      case "true", "yes", "on": hidesChecked = true
      case "false", "no", "off": hidesChecked = false
      default:
        throw UsageError(words.text("cli.edit.badHideChecked", ["value": setting]))
      }
    }
    text = try values[Self.text]
    due = try values[Self.due]
    removeDue = values[Self.noDue] || due?.lowercased() == "none"
    if removeDue { due = nil }
    remind = values[ifGiven: Self.remind]
    notes = try values[Self.notes]
    flag = values[ifGiven: Self.flag]
    priority = try values[ItemOptions.priorityOption]
    recurrence = try values[Self.recurrence]
    under = try values[Self.under]
  }

  /// Whether any of the fields added in issue 14 changes.
  private var editsDetails: Bool {
    notes != nil || flag != nil || priority != nil || recurrence != nil || under != nil
  }

  func validate() throws {
    let editsItem = text != nil || due != nil || removeDue || remind != nil || editsDetails
    if hidesChecked != nil {
      if item != nil || editsItem {
        throw UsageError(words.text("cli.edit.hideCheckedIsListSetting", ["list": list]))
      }
      return
    }
    if item == nil {
      throw UsageError(words.text("cli.usage.missingArgument", ["name": "<item>"]))
    }
    if !editsItem {
      throw UsageError(words.text("cli.edit.nothingToChange"))
    }
    if removeDue && remind == true {
      throw UsageError(words.text("cli.edit.remindWithoutDue"))
    }
  }

  func run(_ context: CommandContext) throws {
    if let hidesChecked {
      let service = try context.service()
      let updated = try service.updateList(
        id: service.findList(list).id, hidesChecked: hidesChecked)
      context.print(
        words.text(
          updated.hidesChecked ? "cli.edit.hidesChecked" : "cli.edit.showsChecked",
          ["list": updated.name]))
      return
    }
    guard let item else {
      throw UsageError(words.text("cli.usage.missingArgument", ["name": "<item>"]))
    }
    var changes = ItemChanges(
      text: text, shouldRemind: remind, notes: notes, isFlagged: flag, priority: priority,
      recurrence: recurrence)
    if let due { changes.dueDate = .some(try DateArgument.parse(due, context: context)) }
    if removeDue {
      changes.dueDate = .some(nil)
      changes.shouldRemind = false
    }
    let service = try context.service()
    let target = try service.findList(list)
    if let under {
      changes.parentID =
        ["none", "top"].contains(under.lowercased())
        ? .some(nil) : .some(try service.findItem(under, in: target).id)
    }
    let edited = try service.updateItem(id: service.findItem(item, in: target).id, changes)
    let row = ChecklistText(display: context.dateDisplay).row(edited)
    context.print(
      words.text("cli.edit.updated", ["item": row.trimmingCharacters(in: .whitespaces)]))
  }
}
