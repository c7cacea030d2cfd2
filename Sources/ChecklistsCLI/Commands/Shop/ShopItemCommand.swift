import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists shop item …`: add, edit or delete a catalogue item.
struct ShopItemCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "item",
    abstract: "Add, edit or delete an item of the catalogue.",
    subcommands: [ShopItemAddCommand.self, ShopItemEditCommand.self, ShopItemDeleteCommand.self])

  static let priceHelp =
    "What one costs, as you write it: 1.99, 1,99, €1.99, $2 (default currency: the catalogue's)."
}

/// `checklists shop item add <name> [--price <price>] [--unit <unit>] [--category <category>]`.
struct ShopItemAddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an item to the catalogue (to put it on a list: 'checklists shop add').",
    arguments: [
      name, price, unit, category, jsonFlag,
    ])

  static let name = Positional(
    "name", help: "The item's name (1 to 200 characters, unique ignoring case).")
  static let price = Option(
    "price", short: "p", valueName: "price", help: ShopItemCommand.priceHelp)
  static let unit = Option(
    "unit", valueName: "unit", help: "How it is sold, such as \"500 g\" or \"6 pack\".")
  static let category = Option(
    "category", valueName: "category",
    help: "Where it is in the shop, such as \"Fruit\"; lists are sorted by it.")

  var name: String
  var price: String?
  var unit: String?
  var category: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
    price = try values[Self.price]
    unit = try values[Self.unit]
    category = try values[Self.category]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let parser = context.priceParser(for: shopping)
    let price = try price.map { try ShoppingArguments.price($0, parser: parser) }
    let item = try shopping.addItem(named: name, price: price, unit: unit, category: category)
    let number = try ShopItemCommand.number(of: item, in: shopping)
    if json {
      context.print(
        try JSONOutput.encode(ShoppingItemJSON(item, number: number, locale: context.locale)))
    } else {
      let text = context.shoppingText
      context.print(
        words.text("cli.shop.item.added", ["item": text.describe(item), "number": "\(number)"]))
    }
  }
}

/// `checklists shop item edit <item> [--name …] [--price …|--no-price] [--unit …] [--category …]`.
struct ShopItemEditCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a catalogue item's name, price, unit or category; every list shows it.",
    discussion: "An empty --unit or --category removes it.",
    arguments: [
      ShopHistoryCommand.item, name, price, noPrice, unit, category, jsonFlag,
    ])

  static let name = Option("name", valueName: "name", help: "Its new name.")
  static let price = Option(
    "price", short: "p", valueName: "price",
    help: "Its new price (\"none\" removes it); as for 'shop item add'.")
  static let noPrice = Flag("no-price", help: "Remove the price.")
  static let unit = Option("unit", valueName: "unit", help: "How it is sold, such as \"500 g\".")
  static let category = Option(
    "category", valueName: "category", help: "Where it is in the shop.")

  var item: String
  var name: String?
  var price: String?
  var removePrice: Bool
  var unit: String?
  var category: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    item = try values[ShopHistoryCommand.item]
    name = try values[Self.name]
    price = try values[Self.price]
    removePrice = values[Self.noPrice]
    if price?.trimmingCharacters(in: .whitespaces).lowercased() == "none" {
      if removePrice { throw UsageError(words.text("cli.shop.item.noPriceTwice")) }
      price = nil
      removePrice = true
    }
    unit = try values[Self.unit]
    category = try values[Self.category]
    json = values[Self.jsonFlag]
  }

  func validate() throws {
    if name == nil && price == nil && !removePrice && unit == nil && category == nil {
      throw UsageError(words.text("cli.shop.item.nothingToChange"))
    }
    if price != nil && removePrice {
      throw UsageError(words.text("cli.shop.item.priceContradiction"))
    }
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let parser = context.priceParser(for: shopping)
    var newPrice: Price?? = removePrice ? .some(nil) : nil
    if let price { newPrice = .some(try ShoppingArguments.price(price, parser: parser)) }
    let target = try shopping.findItem(item)
    let edited = try shopping.updateItem(
      id: target.id, name: name, price: newPrice, unit: unit.map { .some($0) },
      category: category.map { .some($0) })
    if json {
      let number = try ShopItemCommand.number(of: edited, in: shopping)
      context.print(
        try JSONOutput.encode(ShoppingItemJSON(edited, number: number, locale: context.locale)))
    } else {
      context.print(
        words.text("cli.shop.item.updated", ["item": context.shoppingText.describe(edited)]))
    }
  }
}

/// `checklists shop item delete <item> [--yes]`.
struct ShopItemDeleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete an item from the catalogue, and from every list that has it.",
    discussion: "Asks for confirmation when the item is on a list, unless --yes is given.",
    arguments: [
      ShopHistoryCommand.item, CommonArguments.yes,
      jsonFlag,
    ])

  var item: String
  var yes: Bool
  var json: Bool

  init(_ values: ParsedValues) throws {
    item = try values[ShopHistoryCommand.item]
    yes = values[CommonArguments.yes]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try shopping.findItem(item)
    let holding = try shopping.lists().filter {
      try shopping.itemIDs(onList: $0.id).contains(target.id)
    }
    if !holding.isEmpty {
      let names = holding.map { "'\($0.name)'" }.joined(separator: ", ")
      try context.confirm(
        words.text(
          "cli.shop.item.deleteQuestion",
          ["item": target.name, "lists": Self.lists(holding.count), "names": names]),
        unless: yes, json: json)
    }
    let (deleted, removedFromLists) = try shopping.deleteItem(id: target.id)
    if json {
      let output = JSONOutput.DeletedItem(
        item: ShoppingItemJSON(deleted, locale: context.locale),
        removedFromLists: removedFromLists)
      context.print(try JSONOutput.encode(output))
    } else if removedFromLists == 0 {
      context.print(words.text("cli.shop.item.deletedOnNoList", ["item": deleted.name]))
    } else {
      context.print(
        words.text(
          "cli.shop.item.deleted", ["item": deleted.name, "lists": Self.lists(removedFromLists)]))
    }
  }

  private static func lists(_ count: Int) -> String {
    words.text("cli.shop.item.lists", count: count)
  }
}

extension ShopItemCommand {
  /// The item's number in `checklists shop items`: what to type back as <item>.
  static func number(of item: ShoppingItem, in shopping: ShoppingService) throws -> Int {
    (try shopping.catalogue().firstIndex { $0.id == item.id } ?? 0) + 1
  }
}
