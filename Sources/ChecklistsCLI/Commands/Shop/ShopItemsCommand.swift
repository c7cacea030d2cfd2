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
      throw UsageError("The limit must be a whole number from 1; got '\(limit)'.")
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
      context.print("(The first \(limit) matches; --limit shows more.)")
    }
  }

  private func heading(
    rows: [ShoppingText.CatalogueRow], catalogueCount: Int, _ shopping: ShoppingService,
    _ target: ShoppingList?
  ) -> String {
    let check = target.map { "; ✓ on \($0.name)" } ?? ""
    guard let search else {
      let count = catalogueCount == 1 ? "1 item" : "\(catalogueCount) items"
      if catalogueCount == 0 {
        return "The catalogue is empty. Add an item with: checklists shop item add <name>"
      }
      return "Catalogue — \(count) in \(shopping.currency.code)\(check)"
    }
    if rows.isEmpty {
      return "No item matches '\(search)'. Add one with: checklists shop item add <name>"
    }
    let count = rows.count == 1 ? "1 item" : "\(rows.count) items"
    return "\(count) matching '\(search)'\(check)"
  }
}
