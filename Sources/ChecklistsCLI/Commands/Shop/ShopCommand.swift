import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// `checklists shop …`: the catalogue of things to buy, shopping lists, and the shopping trip.
struct ShopCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "shop",
    abstract: "Shopping lists: plan from a catalogue with prices, check off in the shop.",
    discussion: """
      'checklists shop' alone shows the shopping list, as 'checklists shop show' does. The \
      catalogue ('shop items') holds everything you buy, with prices; shopping lists point at \
      its items, so a new price shows on every list. The first use fills the catalogue with \
      five items and makes the list "Shopping List", which commands use unless given --list.

      Prices are read and shown as your locale writes them (LC_ALL, LC_MONETARY or LANG): \
      "1.99", "1,99", "€1.99", "$2". A new catalogue is in $CHECKLISTS_CURRENCY (such as EUR \
      or USD), else your locale's currency, else euros.
      """,
    subcommands: [
      ShopShowCommand.self, ShopListsCommand.self, ShopListCommand.self, ShopItemsCommand.self,
      ShopItemCommand.self, ShopAddCommand.self, ShopRemoveCommand.self, ShopCheckCommand.self,
      ShopUncheckCommand.self, ShopQuantityCommand.self, ShopFinishCommand.self,
      ShopShopsCommand.self,
      ShopTripsCommand.self, ShopHistoryCommand.self,
    ])

  /// The subcommand `checklists shop` runs when given none.
  static let defaultSubcommand = ShopShowCommand.configuration.commandName
}

/// `checklists shop show [<list>]`: what to get, what is in the cart, and the totals.
struct ShopShowCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a shopping list: what to get, what is in the cart, and the totals.",
    discussion: """
      Lines still to get come first, then those in the cart, each part in the order of the \
      shop (by category, then name). The numbers are what other 'shop' commands take as \
      <item>.
      """,
    arguments: [list, jsonFlag])

  static let list = Positional(
    "list", help: "The shopping list, by name or number (default: 'Shopping List').",
    completion: .custom(NameCompletion.shoppingLists)
  ).optional

  var list: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[Self.list]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target = try ShoppingArguments.list(list, in: shopping)
    let contents = try shopping.contents(ofList: target.id)
    if json {
      context.print(
        try JSONOutput.encode(ShoppingListContentsJSON(cli: contents, locale: context.locale)))
    } else {
      context.print(context.shoppingText.contents(contents))
    }
  }
}

/// `checklists shop lists`.
struct ShopListsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists",
    abstract: "Show the shopping lists with their numbers and what is left to get.",
    arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws {
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let lists = try context.shopping().lists()
    if json {
      let output = JSONOutput.ShoppingLists(
        lists: lists.enumerated().map { ShoppingListJSON($1, number: $0 + 1) })
      context.print(try JSONOutput.encode(output))
    } else {
      context.print(context.shoppingText.lists(lists))
    }
  }
}

extension CommandContext {
  /// The human output of `shop` commands, in this locale; struck through on a terminal.
  var shoppingText: ShoppingText {
    ShoppingText(locale: locale, strikesThrough: outputIsTerminal)
  }
}
