import ArgumentParsing
import ChecklistsCore
import ChecklistsMessages
import Foundation

/// What `check`, `uncheck` and `toggle` share: a list and one or more of its items.
struct CheckmarkChange {
  var list: String
  var items: [String]
  /// Whether checking an item checks its unchecked subtasks too (`check --subtasks`).
  var subtasks = false

  /// `<items> ...`, with what the command does to them.
  static func items(verb: String) -> RepeatingPositional<String> {
    Positional(
      "items", help: "The items to \(verb), by number or text.",
      completion: .custom(NameCompletion.items)
    ).repeating()
  }

  init(_ values: ParsedValues, items: RepeatingPositional<String>) throws {
    list = try values[CommonArguments.list]
    self.items = try values[items]
    if self.items.isEmpty {
      throw UsageError(words.text("cli.usage.missingArgument", ["name": "<items> ..."]))
    }
  }

  /// Sets (or, with `nil`, flips) the checkmarks of the items in one transaction.
  func apply(_ isChecked: Bool?, context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let before = try items.map { try service.findItem($0, in: target) }
    let changed = try service.setChecks(
      isChecked, itemIDs: before.map(\.id), checksSubtasks: subtasks)
    let text = ChecklistText(display: context.dateDisplay)
    let wasChecked = Dictionary(before.map { ($0.id, $0.isChecked) }) { first, _ in first }
    for item in changed {
      context.print(text.row(item))
      // A repeating item checked off comes back unchecked at its next date: say so, rather
      // than show a row that looks as if the check did nothing.
      let checkedOff = wasChecked[item.id] == false && (isChecked ?? true)
      if checkedOff && !item.isChecked, item.recurrence != nil, let due = item.dueDate {
        context.print(Self.repeated(item, nextDue: context.dateDisplay.string(from: due)))
      }
    }
    context.print("\(target.name): \(try service.checklist(id: target.id).subtitle)")
  }

  /// "'Bins' is done for this time and repeats: next due 2026-12-14 19:00. Its 2 subtasks
  /// start again unchecked."
  static func repeated(_ item: ChecklistItem, nextDue: String) -> String {
    let words = MessageCatalogue.english
    let done = words.text("cli.check.repeated", ["text": item.text, "due": nextDue])
    guard item.subtaskCount > 0 else { return done }
    return done + " "
      + words.text(
        "cli.check.repeatedSubtasks", ["count": String(item.subtaskCount)],
        count: item.subtaskCount)
  }
}

/// `checklists check <list> <items>... [--subtasks]`.
struct CheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Put a checkmark on items.",
    discussion: MessageCatalogue.english.text("cli.check.discussion"),
    arguments: [CommonArguments.list, items, subtasks])

  static let items = CheckmarkChange.items(verb: "check")
  static let subtasks = Flag(
    "subtasks", help: MessageCatalogue.english.text("cli.check.subtasksHelp"))

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws {
    change = try CheckmarkChange(values, items: Self.items)
    change.subtasks = values[Self.subtasks]
  }
  func run(_ context: CommandContext) throws { try change.apply(true, context: context) }
}

/// `checklists uncheck <list> <items>...`.
struct UncheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck", abstract: "Take the checkmark off items.",
    arguments: [CommonArguments.list, items])

  static let items = CheckmarkChange.items(verb: "uncheck")

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values, items: Self.items) }
  func run(_ context: CommandContext) throws { try change.apply(false, context: context) }
}

/// `checklists toggle <list> <items>...`: what tapping a row does.
struct ToggleCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "toggle", abstract: "Flip items' checkmarks, as tapping a row does.",
    arguments: [CommonArguments.list, items])

  static let items = CheckmarkChange.items(verb: "toggle")

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values, items: Self.items) }
  func run(_ context: CommandContext) throws { try change.apply(nil, context: context) }
}
