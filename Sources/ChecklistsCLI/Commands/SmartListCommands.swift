import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// `checklists today|scheduled|overdue|flagged|all`: one smart list, across every list the
/// user owns or is shared.
protocol SmartListCommand: RunnableCommand {
  static var kind: SmartListKind { get }
  var json: Bool { get }
}

extension SmartListCommand {
  static func smartListConfiguration(_ abstract: String) -> CommandConfiguration {
    CommandConfiguration(commandName: kind.rawValue, abstract: abstract, arguments: [jsonFlag])
  }

  func run(_ context: CommandContext) throws {
    let items = try context.smartLists().items(Self.kind, in: context.timeZone)
    if json {
      let now = context.now()
      context.print(
        try JSONOutput.encode(
          SmartListItemsJSON(
            kind: Self.kind.rawValue, name: Self.kind.name,
            items: items.map { SmartListItemJSON($0.1, on: $0.0, now: now) })))
      return
    }
    guard !items.isEmpty else {
      context.print(words.text("cli.smart.empty", ["list": Self.kind.name]))
      return
    }
    let rows = items.map { list, item in
      [item.dueDate.map(context.dateDisplay.string(from:)) ?? "", list.name, item.text]
    }
    let header = ["cli.smart.heading.due", "cli.smart.heading.list", "cli.smart.heading.item"]
      .map { words.text($0) }
    context.print(ChecklistText.table(header: header, rows: rows))
  }
}

/// `checklists today`.
struct TodayCommand: SmartListCommand {
  static let kind = SmartListKind.today
  static let configuration = smartListConfiguration(
    "Show unchecked items due today or earlier, from every list.")
  var json: Bool
  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }
}

/// `checklists scheduled`.
struct ScheduledCommand: SmartListCommand {
  static let kind = SmartListKind.scheduled
  static let configuration = smartListConfiguration(
    "Show unchecked items with a due date, soonest first, from every list.")
  var json: Bool
  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }
}

/// `checklists overdue`.
struct OverdueCommand: SmartListCommand {
  static let kind = SmartListKind.overdue
  static let configuration = smartListConfiguration(
    "Show unchecked items whose due date has passed, from every list.")
  var json: Bool
  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }
}

/// `checklists flagged`.
struct FlaggedCommand: SmartListCommand {
  static let kind = SmartListKind.flagged
  static let configuration = smartListConfiguration(
    "Show unchecked flagged items, from every list.")
  var json: Bool
  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }
}

/// `checklists all`.
struct AllCommand: SmartListCommand {
  static let kind = SmartListKind.all
  static let configuration = smartListConfiguration("Show every unchecked item, list by list.")
  var json: Bool
  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }
}
