import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// `checklists shop shops …`: the shops you buy in, each with its own order of aisles.
struct ShopShopsCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "shops",
    abstract: "Shops, each with its own order of aisles, learned from your trips.",
    discussion: """
      'checklists shop shops' alone lists them, as 'shop shops list' does. Pick the shop a \
      list is shopped in with 'shop shops use'; 'shop show' then groups the list under its \
      categories in that shop's order. Every finished trip moves the order towards the order \
      you put things in the cart; 'shop shops order' sets it by hand.
      """,
    subcommands: [
      ShopShopsListCommand.self, ShopShopsAddCommand.self, ShopShopsOrderCommand.self,
      ShopShopsUseCommand.self,
    ])

  /// The subcommand `checklists shop shops` runs when given none.
  static let defaultSubcommand = ShopShopsListCommand.configuration.commandName
}

/// `checklists shop shops list [--json]`.
struct ShopShopsListCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the shops by name, each with its order of aisles.",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shops = try context.shopping().shops()
    if json {
      context.print(try JSONOutput.encode(JSONOutput.Shops(shops: shops.map(ShopJSON.init))))
      return
    }
    guard !shops.isEmpty else {
      context.print(words.text("cli.shops.empty"))
      return
    }
    for shop in shops {
      let order = shop.sections.map(\.category).joined(separator: ", ")
      context.print(
        order.isEmpty
          ? words.text("cli.shops.rowUnordered", ["shop": shop.name])
          : words.text("cli.shops.row", ["shop": shop.name, "order": order]))
    }
  }
}

/// `checklists shop shops add <name> [--json]`.
struct ShopShopsAddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a shop, such as \"Aldi\" or \"Farmers' market\".",
    arguments: [
      name, jsonFlag,
    ])

  static let name = Positional(
    "name", help: "The shop's name (1 to 200 characters, unique ignoring case).")

  var name: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    name = try values[Self.name]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shop = try context.shopping().createShop(named: name).shop
    if json {
      context.print(try JSONOutput.encode(ShopJSON(shop)))
    } else {
      context.print(words.text("cli.shops.added", ["shop": shop.name]))
    }
  }
}

/// `checklists shop shops order <shop> <category,category,…> [--json]`.
struct ShopShopsOrderCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "order",
    abstract: "Set the order of a shop's aisles by hand.",
    discussion: """
      Name every category in the order you walk through the shop, separated by commas: \
      "Vegetables,Bakery,Dairy". Categories left out sort after these, by name, until a \
      trip places them; trips go on refining the order.
      """,
    arguments: [
      shop, categories, jsonFlag,
    ])

  static let shop = Positional("shop", help: "The shop, by name or id.")
  static let categories = Positional(
    "categories", help: "The categories in order, separated by commas.")

  var shop: String
  var categories: [String]
  var json: Bool

  init(_ values: ParsedValues) throws {
    shop = try values[Self.shop]
    categories = try values[Self.categories].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try shopping.findShop(shop)
    let ordered = try shopping.updateShop(id: target.id, sections: categories)
    if json {
      context.print(try JSONOutput.encode(ShopJSON(ordered)))
    } else {
      let order = ordered.sections.map(\.category).joined(separator: ", ")
      context.print(words.text("cli.shops.ordered", ["shop": ordered.name, "order": order]))
    }
  }
}

/// `checklists shop shops use (<shop> | --none) [--list <list>] [--json]`.
struct ShopShopsUseCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "use",
    abstract: "Pick the shop a list is shopped in (remembered for the list).",
    arguments: [
      shop, none, ShoppingArguments.listOption, jsonFlag,
    ])

  static let shop = ShopShopsOrderCommand.shop.optional
  static let none = Flag("none", help: "Shop the list in no shop: categories by name.")

  var shop: String?
  var none: Bool
  var list: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    shop = try values[Self.shop]
    none = values[Self.none]
    list = try values[ShoppingArguments.listOption]
    json = values[Self.jsonFlag]
    if shop == nil && !none { throw UsageError(words.text("cli.shops.use.noShop")) }
    if shop != nil && none { throw UsageError(words.text("cli.shops.use.both")) }
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(list, in: shopping)
    let picked = try shop.map { try shopping.findShop($0) }
    let contents = try shopping.pickShop(picked?.id, forList: target.id)
    if json {
      context.print(
        try JSONOutput.encode(ShoppingListContentsJSON(cli: contents, locale: context.locale)))
    } else if let picked {
      context.print(words.text("cli.shops.use.picked", ["list": target.name, "shop": picked.name]))
    } else {
      context.print(words.text("cli.shops.use.none", ["list": target.name]))
    }
  }
}
