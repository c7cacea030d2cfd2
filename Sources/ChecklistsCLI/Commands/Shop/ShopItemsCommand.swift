import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists shop items [<search>] [--list <list>]`: the catalogue, or what a search finds.
struct ShopItemsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "items",
    abstract: "Show the catalogue, alphabetical and numbered, with ✓ for items on the list.",
    discussion: """
      Without <search>, every item under its first letter. With it, the items whose name \
      contains it (ignoring case and accents), names that start with it first. The numbers \
      are the catalogue's, which 'shop item edit' and 'shop item delete' take as <item>.
      """,
    arguments: [
      search, ShoppingArguments.listOption, limit, jsonFlag,
    ])

  static let search = Positional(
    "search", help: "Show only items whose name contains this."
  ).optional
  static let limit = Option(
    "limit", valueName: "n", help: "At most this many search results (default: 20).")

  var search: String?
  var list: String?
  var limit: Int
  var json: Bool

  init(_ values: ParsedValues) throws {
    search = try values[Self.search]
    list = try values[ShoppingArguments.listOption]
    json = values[Self.jsonFlag]
    let limit = try values[Self.limit] ?? "20"
    guard let number = Int(limit), number >= 1 else {
      throw UsageError(words.text("cli.shop.items.badLimit", ["value": limit]))
    }
    self.limit = number
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    let target =
      try list.map { try shopping.findList($0) } ?? ShoppingArguments.defaultList(in: shopping)
    let onList = try target.map { try shopping.itemIDs(onList: $0.id) } ?? []
    let catalogue = try shopping.catalogue()
    var numbers: [UUID: Int] = [:]
    for (offset, item) in catalogue.enumerated() { numbers[item.id] = offset + 1 }
    let shown = try search.map { try shopping.search($0, limit: limit) } ?? catalogue
    let rows = shown.compactMap { item in
      numbers[item.id].map {
        ShoppingText.CatalogueRow(number: $0, item: item, isOnList: onList.contains(item.id))
      }
    }
    if json {
      let output = JSONOutput.Catalogue(
        currency: shopping.currency.code, list: target.map { ShoppingListJSON($0) },
        items: rows.map {
          JSONOutput.CatalogueItem(
            item: ShoppingItemJSON($0.item, number: $0.number, locale: context.locale),
            onList: $0.isOnList)
        })
      context.print(try JSONOutput.encode(output))
      return
    }
    context.print(heading(rows: rows, catalogueCount: catalogue.count, shopping, target))
    if !rows.isEmpty {
      context.print(context.shoppingText.catalogue(rows, sections: search == nil))
    }
    if search != nil, rows.count == limit {
      context.print(words.text("cli.shop.items.limited", count: limit))
    }
  }

  private func heading(
    rows: [ShoppingText.CatalogueRow], catalogueCount: Int, _ shopping: ShoppingService,
    _ target: ShoppingList?
  ) -> String {
    let check = target.map { words.text("cli.shop.items.onList", ["list": $0.name]) } ?? ""
    guard let search else {
      if catalogueCount == 0 {
        return words.text("cli.shop.items.empty")
      }
      let count = words.text("cli.count.items", count: catalogueCount)
      return words.text(
        "cli.shop.items.heading",
        ["items": count, "currency": shopping.currency.code, "onList": check])
    }
    if rows.isEmpty {
      return words.text("cli.shop.items.noMatch", ["search": search])
    }
    let count = words.text("cli.count.items", count: rows.count)
    return words.text(
      "cli.shop.items.matching", ["items": count, "search": search, "onList": check])
  }
}
