import ArgumentParsing

/// `checklists move <list> <item> <position>` or `checklists move <list> <item> --after <item>`.
struct MoveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move an item to another position in its list.",
    arguments: [CommonArguments.list, CommonArguments.item, position, after])

  static let position = Positional(
    "position", help: "Where it goes: a number from 1 (top), or 'top' or 'bottom'."
  ).optional
  static let after = Option(
    "after", valueName: "item",
    help: "Put it right after this item (by number or text) instead of at a position.",
    completion: .custom(NameCompletion.items))

  var list: String
  var item: String
  /// Where it goes: a position from 1, or right after another item.
  var destination: Destination

  enum Destination {
    case position(Int)
    case after(String)
  }

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    item = try values[CommonArguments.item]
    switch try (values[Self.position], values[Self.after]) {
    case (nil, nil):
      throw UsageError(words.text("cli.move.noPosition"))
    case (_?, _?):
      throw UsageError(words.text("cli.move.both"))
    case (nil, let other?):
      destination = .after(other)
    case (let position?, nil):
      switch position.lowercased() {
      case "top", "first": destination = .position(1)
      case "bottom", "last", "end": destination = .position(Int.max)
      default:
        guard let number = Int(position), number >= 1 else {
          throw UsageError(words.text("cli.move.badPosition", ["value": position]))
        }
        destination = .position(number)
      }
    }
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let moving = try service.findItem(item, in: target)
    switch destination {
    case .position(let position):
      let index = min(position, target.itemCount) - 1
      try service.moveItem(id: moving.id, to: index)
      context.print(
        words.text(
          "cli.move.toPosition",
          [
            "item": moving.text, "position": String(index + 1), "list": target.name,
          ], count: target.itemCount))
    case .after(let name):
      // Found before the move: a number names the item there now.
      let other = try service.findItem(name, in: target)
      try service.moveItem(id: moving.id, after: other.id)
      context.print(
        words.text(
          "cli.move.after", ["item": moving.text, "other": other.text, "list": target.name]))
    }
  }
}
