import ArgumentParsing
import ChecklistsCore
import Foundation

/// What `check`, `uncheck` and `toggle` share: a list and one or more of its items.
struct CheckmarkChange {
  var list: String
  var items: [String]

  static func arguments(verb: String) -> [ArgumentDefinition] {
    [
      .positional("list", help: "The list, by name or number."),
      .positional(
        "items", help: "The items to \(verb), by number or text.", isRepeating: true),
    ]
  }

  init(_ values: ParsedValues) throws {
    list = try values.require("list")
    items = values.strings("items")
    if items.isEmpty { throw UsageError("Missing expected argument '<items> ...'.") }
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
    arguments: CheckmarkChange.arguments(verb: "check"))

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values) }
  func run(_ context: CommandContext) throws { try change.apply(true, context: context) }
}

/// `checklists uncheck <list> <items>...`.
struct UncheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck", abstract: "Take the checkmark off items.",
    arguments: CheckmarkChange.arguments(verb: "uncheck"))

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values) }
  func run(_ context: CommandContext) throws { try change.apply(false, context: context) }
}

/// `checklists toggle <list> <items>...`: what tapping a row does.
struct ToggleCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "toggle", abstract: "Flip items' checkmarks, as tapping a row does.",
    arguments: CheckmarkChange.arguments(verb: "toggle"))

  var change: CheckmarkChange
  init(_ values: ParsedValues) throws { change = try CheckmarkChange(values) }
  func run(_ context: CommandContext) throws { try change.apply(nil, context: context) }
}
