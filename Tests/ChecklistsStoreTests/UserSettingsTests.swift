import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

@Suite("The user's settings: the catalogue's currency, chosen by the person")
struct UserSettingsTests {
  @Test(
    "A new currency is kept, prices keep their amounts, and relabelling gives them the new one",
    arguments: StoreKind.allCases)
  func currency(kind: StoreKind) throws {
    let location = try kind.newLocation()
    let store = try kind.makeSQLStore(path: location)
    let owner = try ChecklistService.openLocal(store: store, now: TestClock().now).owner
    let shopping = try ShoppingService.open(store: store, owner: owner, currency: .euro)
    #expect(shopping.settings().currency == .euro)
    let tea = try shopping.addItem(named: "Tea", price: Price(minorUnits: 250, currency: .euro))
    let salt = try shopping.addItem(named: "Salt")

    #expect(try shopping.changeCurrency(to: .poundSterling, relabelPrices: false) == 0)
    #expect(shopping.currency == .poundSterling)
    #expect(shopping.speaking("de").currency == .poundSterling)
    #expect(try shopping.item(id: tea.id).price == Price(minorUnits: 250, currency: .euro))
    #expect(try shopping.changeCurrency(to: .japaneseYen, relabelPrices: true) == 1)
    let relabelled = try shopping.item(id: tea.id)
    #expect(relabelled.price == Price(minorUnits: 3, currency: .japaneseYen))  // ¥2.50 → ¥3
    #expect(relabelled.revision == tea.revision + 1)
    #expect(try shopping.item(id: salt.id).revision == salt.revision)

    // Another opening (another process) reads the chosen currency, not the server's.
    store.close()
    let reopened = try ShoppingService.open(
      store: kind.makeSQLStore(path: location), owner: owner, currency: .usDollar)
    #expect(reopened.currency == .japaneseYen)
  }

  @Test("A currency is an ISO 4217 code, in any case")
  func codes() throws {
    #expect(try UserSettings.currency(" gbp ") == .poundSterling)
    let error = #expect(throws: ChecklistsError.self) { try UserSettings.currency("XYZ") }
    #expect(
      error?.message == "'XYZ' is not a currency; use an ISO 4217 code such as EUR, USD or GBP.")
    let choices = UserSettings.currencies(
      including: Currency(code: "MAD")!, locale: Locale(identifier: "en_US"))
    #expect(choices.first?.code == "EUR")
    #expect(choices.first?.name == "Euro")
    #expect(choices.last?.code == "MAD")
  }

  @Test(
    "A database from before v19 keeps each catalogue's currency as the user's setting",
    arguments: StoreKind.allCases)
  func migration(kind: StoreKind) throws {
    let location = try kind.newLocation()
    let store = try kind.makeSQLStore(path: location)
    let owner = try ChecklistService.openLocal(store: store).owner
    _ = try ShoppingService.open(store: store, owner: owner, currency: .euro)
    // Take the database back to before v19, with the catalogue in pounds.
    try store.queue.write { db in
      try db.execute(
        """
        DROP TABLE user_settings;
        ALTER TABLE shopping_catalogues ADD COLUMN currency TEXT;
        UPDATE shopping_catalogues SET currency = 'GBP';
        """)
      try db.run(
        "DELETE FROM schema_migrations WHERE identifier = ?", "v19: user settings")
    }
    store.close()
    let reopened = try ShoppingService.open(
      store: kind.makeSQLStore(path: location), owner: owner, currency: .euro)
    #expect(reopened.currency == .poundSterling)
  }
}
