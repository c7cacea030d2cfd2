import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop

/// `checklists shop list …`: add, rename or delete a shopping list.
struct ShopListCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Add, rename or delete a shopping list.",
    subcommands: [ShopListAddCommand.self, ShopListRenameCommand.self, ShopListDeleteCommand.self])
}

/// `checklists shop list add <name>`.
struct ShopListAddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a shopping list, such as \"Weekly\" or \"Party\".",
    arguments: [
      name, jsonFlag,
    ])

  static let name = Positional(
    "name", help: "The list's name (1 to 200 characters, unique ignoring case).")

  var name: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let list = try context.shopping().createList(named: name)
    if json {
      context.print(try JSONOutput.encode(ShoppingListJSON(list)))
    } else {
      context.print(words.text("cli.shop.lists.added", ["list": list.name]))
    }
  }
}

/// `checklists shop list rename <list> <new-name>`.
struct ShopListRenameCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename",
    abstract: "Rename a shopping list.",
    arguments: [
      ShoppingArguments.list, ListRenameCommand.newName, jsonFlag,
    ])

  var list: String
  var newName: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShoppingArguments.list]
    newName = try values[ListRenameCommand.newName]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let old = try shopping.findList(list)
    let renamed = try shopping.renameList(id: old.id, to: newName)
    if json {
      context.print(try JSONOutput.encode(ShoppingListJSON(renamed)))
    } else {
      context.print(words.text("cli.shop.lists.renamed", ["old": old.name, "new": renamed.name]))
    }
  }
}

/// `checklists shop list delete <list> [--yes]`.
struct ShopListDeleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a shopping list; its items stay in the catalogue.",
    discussion: "Asks for confirmation unless --yes is given.",
    arguments: [
      ShoppingArguments.list, CommonArguments.yes,
      jsonFlag,
    ])

  var list: String
  var yes: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShoppingArguments.list]
    yes = values[CommonArguments.yes]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try shopping.findList(list)
    let entries = words.text("cli.count.lines", count: target.entryCount)
    try context.confirm(
      words.text("cli.shop.lists.deleteQuestion", ["list": target.name, "lines": entries]),
      unless: yes, json: json)
    let deleted = try shopping.deleteList(id: target.id)
    if json {
      context.print(try JSONOutput.encode(JSONOutput.DeletedList(list: ShoppingListJSON(deleted))))
    } else {
      context.print(
        words.text("cli.shop.lists.deleted", ["list": deleted.name, "lines": entries]))
    }
  }
}

extension CommandContext {
  /// Asks before a deletion unless `yes`; with `--json` it cannot ask on standard output, so
  /// it wants `--yes`.
  /// - Throws: `ChecklistsCLIError` when the answer is no, or `--json` came without `--yes`.
  func confirm(_ question: String, unless yes: Bool, json: Bool) throws {
    if yes { return }
    if json {
      throw ChecklistsCLIError(
        description: words.text("cli.confirm.jsonNeedsYes", ["question": question]))
    }
    guard try confirm(question) else {
      throw ChecklistsCLIError.cancelled(words.text("cli.confirm.nothingWasDeleted"))
    }
  }
}
