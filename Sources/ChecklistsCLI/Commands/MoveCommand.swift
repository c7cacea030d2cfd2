import ArgumentParsing

/// `checklists move <list> <item> <position>`.
struct MoveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move an item to another position in its list.",
    arguments: [
      .positional("list", help: "The list, by name or number."),
      .positional("item", help: "The item, by number or text."),
      .positional(
        "position", help: "Where it goes: a number from 1 (top), or 'top' or 'bottom'."),
    ])

  var list: String
  var item: String
  var position: Int

  init(_ values: ParsedValues) throws {
    list = try values.require("list")
    item = try values.require("item")
    let position = try values.require("position")
    switch position.lowercased() {
    case "top", "first": self.position = 1
    case "bottom", "last", "end": self.position = Int.max
    default:
      guard let number = Int(position), number >= 1 else {
        throw UsageError(
          "The position must be a number from 1, or 'top' or 'bottom'; got '\(position)'.")
      }
      self.position = number
    }
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let moving = try service.findItem(item, in: target)
    let index = min(position, target.itemCount) - 1
    try service.moveItem(id: moving.id, to: index)
    context.print(
      "Moved '\(moving.text)' to position \(index + 1) of \(target.itemCount) in \(target.name).")
  }
}
