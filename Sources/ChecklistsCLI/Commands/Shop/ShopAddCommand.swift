import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists shop add <names>... [--list <list>] [--quantity <n>]`: what tapping an item on
/// the Items screen does, by name.
struct ShopAddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Put items on a shopping list by name, adding new ones to the catalogue.",
    discussion: """
      A name that the catalogue has, ignoring case, is that item: adding "milk" twice never \
      makes two Milks. Any other name becomes a new catalogue item without a price; give it \
      one with 'checklists shop item edit <item> --price <price>'. An item already on the \
      list stays there once, with its quantity changed only by --quantity.
      """,
    arguments: [
      names, ShoppingArguments.listOption, ShoppingArguments.quantityOption, jsonFlag,
    ])

  static let names = Positional("names", help: "The items' names.").repeating()

  var names: [String]
  var list: String?
  var quantity: Int?
  var json: Bool

  init(_ values: ParsedValues) throws {
    names = try values[Self.names]
    if names.isEmpty {
      throw UsageError(words.text("cli.usage.missingArgument", ["name": "<names> ..."]))
    }
    list = try values[ShoppingArguments.listOption]
    quantity = try values[ShoppingArguments.quantityOption]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let shopping = try context.shopping()
    // Check every name (and the quantity) first, so that a bad one changes nothing.
    for name in names { _ = try ShoppingItem.validatedName(name) }
    if let quantity { _ = try ShoppingEntry.validatedQuantity(quantity) }
    let target = try ShoppingArguments.list(list, in: shopping)
    var onList = try shopping.itemIDs(onList: target.id)
    var results: [(item: ShoppingItem, entry: ShoppingEntry, isNewItem: Bool, wasOnList: Bool)] =
      []
    for name in names {
      let (item, entry, isNewItem) = try shopping.put(
        named: name, onList: target.id, quantity: quantity)
      results.append((item, entry, isNewItem, onList.contains(item.id)))
      onList.insert(item.id)
    }
    let contents = try shopping.contents(ofList: target.id)
    if json {
      let all = ShoppingListContentsJSON(cli: contents, locale: context.locale)
      let added = results.compactMap { result in
        all.line(for: result.item.id).map {
          JSONOutput.AddedLine(line: $0, createdItem: result.isNewItem, wasOnList: result.wasOnList)
        }
      }
      context.print(try JSONOutput.encode(JSONOutput.Added(added: added, contents: all)))
      return
    }
    let text = context.shoppingText
    for result in results {
      context.print(message(result, list: target.name, text: text))
    }
    context.print(text.summary(contents))
  }

  private func message(
    _ result: (item: ShoppingItem, entry: ShoppingEntry, isNewItem: Bool, wasOnList: Bool),
    list: String, text: ShoppingText
  ) -> String {
    let onList = result.entry.quantity
    let count =
      onList > 1 ? words.text("cli.shop.add.quantity", ["quantity": String(onList)]) : ""
    let named = [
      "item": result.item.name, "list": list, "quantity": count, "now": String(onList),
    ]
    if result.isNewItem {
      return words.text("cli.shop.add.new", named)
    }
    if result.wasOnList {
      return words.text(
        quantity == nil ? "cli.shop.add.already" : "cli.shop.add.alreadyQuantity", named)
    }
    return words.text(
      "cli.shop.add.added", ["item": text.describe(result.item), "list": list, "quantity": count])
  }
}
