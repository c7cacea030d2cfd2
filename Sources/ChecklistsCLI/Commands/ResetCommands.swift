import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// What `uncheck-all` and `clear-checked` share: a list, `--json`, and how the result reads.
struct ListReset {
  var list: String
  var json: Bool

  static let arguments: [any ArgumentDeclaration] = [CommonArguments.list, CommonArguments.json]

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    json = values[CommonArguments.json]
  }

  /// Resets the list in one transaction and prints what it did, or the list as `items --json`
  /// shows it.
  func apply(_ reset: ChecklistReset, context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let result = try service.reset(reset, listID: target.id)
    if json {
      let now = context.now()
      let output = JSONOutput.ListWithItems(
        checklist: ChecklistJSON(result.list),
        items: result.items.enumerated().map { offset, item in
          ChecklistItemJSON(item, number: offset + 1, now: now)
        })
      context.print(try JSONOutput.encode(output))
      return
    }
    let n = result.changedCount
    switch reset {
    case .uncheckAll:
      context.print(
        n == 0
          ? words.text("cli.reset.nothingToUncheck") : words.text("cli.reset.unchecked", count: n))
    case .clearChecked:
      context.print(
        n == 0
          ? words.text("cli.reset.nothingToDelete") : words.text("cli.reset.deleted", count: n))
    }
    context.print("\(result.list.name): \(result.list.subtitle)")
  }
}

/// `checklists uncheck-all <list> [--json]`: take every checkmark off, to use the list again.
struct UncheckAllCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck-all",
    abstract: "Take the checkmark off every item of a list, to use it again.",
    arguments: ListReset.arguments)

  var reset: ListReset
  init(_ values: ParsedValues) throws { reset = try ListReset(values) }
  func run(_ context: CommandContext) throws { try reset.apply(.uncheckAll, context: context) }
}

/// `checklists clear-checked <list> [--json]`: delete the checked items of a list.
struct ClearCheckedCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clear-checked",
    abstract: "Delete the checked items of a list.",
    arguments: ListReset.arguments)

  var reset: ListReset
  init(_ values: ParsedValues) throws { reset = try ListReset(values) }
  func run(_ context: CommandContext) throws { try reset.apply(.clearChecked, context: context) }
}
