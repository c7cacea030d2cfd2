import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists import items <file>`: the Shopping List app's `items` file into the catalogue.
struct ItemsImport {
  var file: String
  var list: String?
  var json: Bool

  /// Reads the file, checks every price, and imports in one transaction.
  /// - Throws: `unreadableFile` for a file that is not the app's items file, `invalidInput`
  ///   naming the first item whose price can't be a price; nothing is written then.
  func run(_ data: Data, context: CommandContext) throws {
    let decoded: [ShoppingListItemsFile.Item]
    do {
      decoded = try ShoppingListItemsFile.decode(data)
    } catch let error as ChecklistsError {
      let holdsChecklists = (try? ChecklistsFile.read(data)) != nil
      let message = words.text(
        holdsChecklists ? "cli.import.failedChecklistsFile" : "cli.import.failed",
        [
          "file": FileArgument.name(file), "problem": error.message,
          "quoted": ChecklistService.quoted(file),
        ])
      throw ChecklistsError(error.code, message)
    }
    let shopping = try context.shopping()
    let items = try portable(decoded, currency: shopping.currency)
    let target = try ShoppingArguments.list(list, in: shopping)
    let report = try shopping.importItems(items, onList: target.id)
    if json {
      let output = JSONOutput.ItemsImported(
        added: report.added, updated: report.updated, putOnList: report.putOnList,
        skippedWithoutName: report.skippedWithoutName,
        list: ShoppingListJSON(try shopping.list(id: target.id)))
      context.print(try JSONOutput.encode(output))
    } else {
      context.print(summary(report, count: decoded.count, list: target.name))
    }
  }

  /// The file's items with exact prices in `currency`.
  ///
  /// The app kept prices as `Float`; each is rounded to the currency's minor unit. Items
  /// without a name are passed on for the service to count and leave out, whatever their price.
  /// - Throws: `invalidInput` naming the item whose price is negative or absurdly large.
  func portable(_ items: [ShoppingListItemsFile.Item], currency: Currency) throws
    -> [PortableShoppingItem]
  {
    try items.enumerated().map { offset, item in
      let isNameless = item.name.allSatisfy(\.isWhitespace)
      let price = Price(rounding: item.price, currency: currency)
      if price == nil && !isNameless {
        let problem =
          item.price.isNaN
          ? "cli.import.price.notANumber"
          : item.price < 0 ? "cli.import.price.negative" : "cli.import.price.tooLarge"
        throw ChecklistsError.invalid(
          words.text(
            problem,
            [
              "file": FileArgument.name(file), "number": String(offset + 1), "name": item.name,
              "price": "\(item.price)",
            ]))
      }
      return PortableShoppingItem(
        id: item.id, name: item.name, price: price, isOnShoppingList: item.isOnShoppingList)
    }
  }

  /// "Imported 5 items: 1 added, 1 updated, 3 unchanged; 2 put on Shopping List."
  func summary(_ report: ShoppingImportReport, count: Int, list: String) -> String {
    let unchanged = max(0, count - report.added - report.updated - report.skippedWithoutName)
    var parts = [
      words.text("cli.import.items.added", count: report.added),
      words.text("cli.import.items.updated", count: report.updated),
      words.text("cli.import.items.unchanged", count: unchanged),
    ]
    if report.skippedWithoutName > 0 {
      parts.append(words.text("cli.import.items.skipped", count: report.skippedWithoutName))
    }
    return words.text(
      "cli.import.items.done",
      [
        "items": words.text("cli.count.items", count: count),
        "parts": parts.joined(separator: ", "), "putOnList": String(report.putOnList),
        "list": list,
      ])
  }
}
