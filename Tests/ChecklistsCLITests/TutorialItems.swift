import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import ChecklistsTestSupport
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
    try shopping.addTutorialItems()
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
