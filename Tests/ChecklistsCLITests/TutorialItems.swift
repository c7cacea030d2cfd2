import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

extension CLI {
  /// Puts the original app's five tutorial items with its prices (Pear at 62.50, Notepad,
  /// Pencil, Bread, Mango), without categories, in the local user's catalogue in one
  /// transaction, as the first use did before a new catalogue started empty: the tests that
  /// read them start from them. The catalogue is made in the currency the command would use.
  func addTutorialItems() throws {
    let store = try SQLChecklistStore(sqlitePath: databasePath)
    defer { store.close() }
    let owner = try ChecklistService.openLocal(store: store).owner
    let currency = try CurrencySetting.resolve(environment: environment, locale: locale)
    let shopping = try ShoppingService.open(store: store, owner: owner, currency: currency)
    let date = Date()
    let items = [
      ("Pear", 62.5), ("Notepad", 2.53), ("Pencil", 0.35), ("Bread", 3.12), ("Mango", 1.25),
    ]
    .map { name, amount in
      ShoppingItem(
        ownerID: owner.id, name: name,
        price: Price(rounding: amount, currency: shopping.currency)!, createdAt: date)
    }
    try store.writeShopping { tx in
      for item in items { try tx.insertShoppingItem(item) }
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: owner.id, kind: .catalogueUpdated, revision: 1,
          date: date))
    }
  }

  /// The locale the command reads money in, as its LocaleSetting finds it.
  private var locale: Locale {
    for key in ["LC_ALL", "LC_MONETARY", "LANG"] {
      guard let value = environment[key], !value.isEmpty else { continue }
      let name = String(value.prefix { $0 != "." && $0 != "@" })
      return Locale(identifier: name == "C" || name == "POSIX" ? "en_001" : name)
    }
    return .current
  }
}
