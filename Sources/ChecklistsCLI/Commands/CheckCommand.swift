import ArgumentParsing
import ChecklistsCore
import Foundation

/// What `check`, `uncheck` and `toggle` share: a list and one or more of its items.
struct CheckmarkChange {
  var list: String
  var items: [String]

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
    let ids = try items.map { try service.findItem($0, in: target).id }
    let changed = try service.setChecks(isChecked, itemIDs: ids)
    let text = ChecklistText(display: context.dateDisplay)
    for item in changed { context.print(text.row(item)) }
    context.print("\(target.name): \(try service.checklist(id: target.id).subtitle)")
  }
}

/// `checklists check <list> <items>...`.
struct CheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Put a checkmark on items.",
    arguments: [CommonArguments.list, items])

  static let items = CheckmarkChange.items(verb: "check")

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values, items: Self.items) }
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
