import ArgumentParsing
import ChecklistsInterop

/// `checklists list …`: add, rename, change the icon of, delete or show a list.
struct ListCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Add, rename, re-icon, delete or show a list.",
    subcommands: [
      ListAddCommand.self, ListRenameCommand.self, ListIconCommand.self, ListDeleteCommand.self,
      ListShowCommand.self,
    ])
}

/// `checklists list add <name> [--icon <icon>]`.
struct ListAddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a list.",
    arguments: [name, icon, jsonFlag])

  static let name = Positional("name", help: "The list's name (1 to 200 characters).")
  static let icon = Option(
    "icon", valueName: "icon", help: "Its icon (default: Folder); see 'checklists icons'.")

  var name: String
  var icon: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
    icon = try values[Self.icon]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let icon = try icon.map(IconsCommand.icon(named:)) ?? .userDefault
    let list = try context.service().createList(named: name, icon: icon)
    if json {
      context.print(try JSONOutput.encode(ChecklistJSON(list)))
    } else {
      context.print(words.text("cli.list.added", ["list": list.name, "icon": list.icon.rawValue]))
    }
  }
}

/// `checklists list rename <list> <new-name>`.
struct ListRenameCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a list.",
    arguments: [CommonArguments.list, newName])

  static let newName = Positional("new-name", help: "Its new name.")

  var list: String
  var newName: String

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    newName = try values[Self.newName]
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let old = try service.findList(list)
    let renamed = try service.updateList(id: old.id, name: newName)
    context.print(words.text("cli.list.renamed", ["old": old.name, "new": renamed.name]))
  }
}

/// `checklists list icon <list> <icon>`.
struct ListIconCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icon",
    abstract: "Change a list's icon.",
    arguments: [CommonArguments.list, icon])

  static let icon = Positional("icon", help: "The icon; see 'checklists icons'.")

  var list: String
  var icon: String

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    icon = try values[Self.icon]
  }

  func run(_ context: CommandContext) throws {
    let icon = try IconsCommand.icon(named: icon)
    let service = try context.service()
    let updated = try service.updateList(id: service.findList(list).id, icon: icon)
    context.print(
      words.text("cli.list.iconChanged", ["list": updated.name, "icon": updated.icon.rawValue]))
  }
}

/// `checklists list delete <list> [--yes]`.
struct ListDeleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a list and all its items.",
    discussion: "Asks for confirmation unless --yes is given.",
    arguments: [CommonArguments.list, CommonArguments.yes])

  var list: String
  var yes: Bool

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    yes = values[CommonArguments.yes]
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let target = try service.findList(list)
    let named = [
      "list": target.name, "items": words.text("cli.count.items", count: target.itemCount),
    ]
    guard try yes || context.confirm(words.text("cli.list.deleteQuestion", named)) else {
      throw ChecklistsCLIError.cancelled(words.text("cli.confirm.nothingWasDeleted"))
    }
    try service.deleteList(id: target.id)
    context.print(words.text("cli.list.deleted", named))
  }
}

/// `checklists list show <list>`: the same as `items`, under `list`.
struct ListShowCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a list and its items (the same as 'checklists items').",
    arguments: ItemsCommand.configuration.arguments)

  var items: ItemsCommand

  init(_ values: ParsedValues) throws {
    items = try ItemsCommand(values)
  }

  func run(_ context: CommandContext) throws {
    try items.run(context)
  }
}
