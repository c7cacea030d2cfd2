import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// What `shop remove`, `check` and `uncheck` share: lines of one list, named by name or number.
struct ShoppingLinesChange {
  var list: String?
  var items: [String]
  var json: Bool

  /// `<items> ...`, with what the command does to them.
  static func items(verb: String) -> RepeatingPositional<String> {
    Positional(
      "items", help: "The items to \(verb), by name or by number in 'checklists shop'."
    ).repeating()
  }

  /// The command's arguments around its `<items> ...`.
  static func arguments(_ items: RepeatingPositional<String>) -> [any ArgumentDeclaration] {
    [items, ShoppingArguments.listOption, CommonArguments.json]
  }

  init(_ values: ParsedValues, items: RepeatingPositional<String>) throws {
    self.items = try values[items]
    if self.items.isEmpty {
      throw UsageError(words.text("cli.usage.missingArgument", ["name": "<items> ..."]))
    }
    list = try values[ShoppingArguments.listOption]
    json = values[CommonArguments.json]
  }

  /// Puts the lines in the cart or takes them out, then shows them and the list's state.
  func setInCart(_ isInCart: Bool, context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(list, in: shopping)
    let lines = try LineReference.resolveAll(
      items, in: shopping.contents(ofList: target.id), shopping: shopping)
    for line in lines {
      try shopping.updateEntry(itemID: line.item.id, onList: target.id, isInCart: isInCart)
    }
    try ShoppingLinesChange.report(
      lines.map(\.item.id), in: target, json: json, context: context, shopping: shopping)
  }

  /// Prints the changed lines as they are now, then the list's state; or the JSON of both.
  static func report(
    _ itemIDs: [UUID], in list: ShoppingList, json: Bool, context: CommandContext,
    shopping: ShoppingService
  ) throws {
    let contents = try shopping.contents(ofList: list.id)
    if json {
      let all = ShoppingListContentsJSON(cli: contents, locale: context.locale)
      let output = JSONOutput.ChangedLines(
        changed: itemIDs.compactMap { all.line(for: $0) }, contents: all)
      context.print(try JSONOutput.encode(output))
      return
    }
    let text = context.shoppingText
    for id in itemIDs {
      guard let line = contents.lines.first(where: { $0.item.id == id }) else { continue }
      let amount = text.amount(line)
      context.print(
        (line.entry.isInCart ? "√ " : "  ") + line.item.name
          + (amount.isEmpty ? "" : "  \(amount)") + "  \(text.cost(line))")
    }
    context.print(text.summary(contents))
  }
}

/// `checklists shop check <items>... [--list <list>]`.
struct ShopCheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Put items in the cart: check them off while shopping.",
    arguments: ShoppingLinesChange.arguments(items))

  static let items = ShoppingLinesChange.items(verb: "put in the cart")

  var change: ShoppingLinesChange
  init(_ values: ParsedValues) throws {
    change = try ShoppingLinesChange(values, items: Self.items)
  }
  func run(_ context: CommandContext) throws { try change.setInCart(true, context: context) }
}

/// `checklists shop uncheck <items>... [--list <list>]`.
struct ShopUncheckCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "uncheck", abstract: "Take items out of the cart: still to get.",
    arguments: ShoppingLinesChange.arguments(items))

  static let items = ShoppingLinesChange.items(verb: "take out of the cart")

  var change: ShoppingLinesChange
  init(_ values: ParsedValues) throws {
    change = try ShoppingLinesChange(values, items: Self.items)
  }
  func run(_ context: CommandContext) throws { try change.setInCart(false, context: context) }
}

/// `checklists shop remove <items>... [--list <list>]`.
struct ShopRemoveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Take items off a shopping list; they stay in the catalogue.",
    arguments: ShoppingLinesChange.arguments(items))

  static let items = ShoppingLinesChange.items(verb: "take off the list")

  var change: ShoppingLinesChange
  init(_ values: ParsedValues) throws {
    change = try ShoppingLinesChange(values, items: Self.items)
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(change.list, in: shopping)
    let lines = try LineReference.resolveAll(
      change.items, in: shopping.contents(ofList: target.id), shopping: shopping)
    for line in lines {
      try shopping.removeEntry(itemID: line.item.id, fromList: target.id)
    }
    let contents = try shopping.contents(ofList: target.id)
    if change.json {
      let output = JSONOutput.RemovedLines(
        removed: lines.map { ShoppingItemJSON($0.item, locale: context.locale) },
        contents: ShoppingListContentsJSON(cli: contents, locale: context.locale))
      context.print(try JSONOutput.encode(output))
      return
    }
    for line in lines {
      context.print(
        words.text("cli.shop.remove.done", ["item": line.item.name, "list": target.name]))
    }
    context.print(context.shoppingText.summary(contents))
  }
}

/// `checklists shop quantity <item> <n> [--list <list>]`.
struct ShopQuantityCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quantity",
    abstract: "Change how many of an item to buy.",
    arguments: [
      item, quantity, ShoppingArguments.listOption, jsonFlag,
    ])

  static let item = Positional(
    "item", help: "The item, by name or by number in 'checklists shop'.")
  static let quantity = Positional(
    "n", help: "How many, 1 to \(ShoppingEntry.maximumQuantity).",
    transform: ShoppingArguments.quantity)

  var item: String
  var quantity: Int
  var list: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    item = try values[Self.item]
    quantity = try values[Self.quantity]
    list = try values[ShoppingArguments.listOption]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(list, in: shopping)
    let line = try LineReference.resolve(
      item, in: shopping.contents(ofList: target.id), shopping: shopping)
    try shopping.updateEntry(itemID: line.item.id, onList: target.id, quantity: quantity)
    try ShoppingLinesChange.report(
      [line.item.id], in: target, json: json, context: context, shopping: shopping)
  }
}

/// `checklists shop finish [--list <list>]`: "Finish shopping".
struct ShopFinishCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "finish",
    abstract: "Finish shopping: clear what is in the cart; the items stay in the catalogue.",
    arguments: [ShoppingArguments.listOption, jsonFlag])

  var list: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[ShoppingArguments.listOption]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(list, in: shopping)
    let cleared = try shopping.finishShopping(listID: target.id)
    let contents = try shopping.contents(ofList: target.id)
    if json {
      let output = JSONOutput.Finished(
        cleared: cleared, contents: ShoppingListContentsJSON(cli: contents, locale: context.locale))
      context.print(try JSONOutput.encode(output))
      return
    }
    if cleared == 0 {
      context.print(words.text("cli.shop.finish.nothing", ["list": target.name]))
    } else {
      context.print(words.text("cli.shop.finish.done", ["list": target.name], count: cleared))
    }
    context.print(context.shoppingText.summary(contents))
  }
}
