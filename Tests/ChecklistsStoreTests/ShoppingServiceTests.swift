import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

/// A fresh database with the local user's shopping opened in euros, with the original app's
/// five tutorial items unless `tutorial` is false.
private func makeShopping(_ kind: StoreKind, currency: Currency = .euro, tutorial: Bool = true)
  throws -> (ShoppingService, SQLChecklistStore)
{
  let store = try kind.makeSQLStore()
  let checklists = try ChecklistService.openLocal(store: store, now: TestClock().now)
  let shopping = try ShoppingService.open(
    store: store, owner: checklists.owner, currency: currency, now: checklists.now)
  if tutorial { try shopping.addTutorialItems() }
  return (shopping, store)
}

private func euros(_ text: String) throws -> Price {
  try PriceParser(locale: Locale(identifier: "en_IE"), defaultCurrency: .euro).parse(text)
}

@Suite("Shopping: catalogue, lists and entries in a real database")
struct ShoppingServiceTests {
  @Test(
    "First use makes an empty catalogue and one empty list, once, in the currency given",
    arguments: StoreKind.allCases)
  func firstUseIsEmpty(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind, tutorial: false)
    #expect(try shopping.catalogue().isEmpty)
    #expect(try shopping.lists().map(\.name) == ["Shopping List"])
    #expect(shopping.currency == .euro)

    // A second opening keeps the currency and makes no second list.
    try shopping.addItem(named: "Milk")
    let again = try ShoppingService.open(
      store: store, owner: shopping.owner, currency: .usDollar, now: shopping.now)
    #expect(try again.catalogue().map(\.name) == ["Milk"])
    #expect(again.currency == .euro)
    #expect(try again.lists().count == 1)
  }

  @Test(
    "A new item without a category takes the grocery table's, in the service's language",
    arguments: StoreKind.allCases)
  func categoryFromTable(kind: StoreKind) throws {
    let (english, _) = try makeShopping(kind, tutorial: false)
    let list = try english.findList("Shopping List")
    #expect(try english.addItem(named: "Whole milk").category == "Dairy")
    #expect(try english.addItem(named: "Apples", category: "Orchard").category == "Orchard")
    #expect(try english.addItem(named: "Flux capacitor").category == nil)
    let german = english.speaking("de-DE")
    #expect(try german.addItem(named: "Vollkornbrot").category == "Backwaren")
    #expect(try german.put(named: "Käse", onList: list.id).item.category == "Milchprodukte")
    let replay = UUID()
    let first = try german.addItem(id: replay, named: "Butter")
    let again = try german.addItem(id: replay, named: "Butter")
    #expect(first.item.category == "Milchprodukte")
    #expect(first.isNew && !again.isNew)
    // The person can change it, or clear it.
    let cleared = try german.updateItem(id: first.item.id, category: .some(nil))
    #expect(cleared.category == nil)
    #expect(english.speaking(nil).groceryLanguage == "en")
    #expect(english.speaking("ja-JP").groceryLanguage == "en")
  }

  @Test(
    "Item names are unique ignoring case, and a bad name or detail is refused",
    arguments: StoreKind.allCases)
  func uniqueNames(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let milk = try shopping.addItem(named: "  Milk ", price: try euros("1.09"), unit: "1 l")
    #expect(milk.name == "Milk")
    #expect(milk.unit == "1 l")
    let duplicate = #expect(throws: ChecklistsError.self) { try shopping.addItem(named: "MILK") }
    #expect(duplicate?.code == .conflict)
    #expect(duplicate?.message == "The catalogue already has an item called 'Milk'.")
    let bread = try shopping.findItem("bread")
    let rename = #expect(throws: ChecklistsError.self) {
      try shopping.updateItem(id: bread.id, name: "milk")
    }
    #expect(rename?.code == .conflict)
    // Changing only the case of its own name is fine.
    #expect(try shopping.updateItem(id: milk.id, name: "MILK").name == "MILK")
    #expect(
      (#expect(throws: ChecklistsError.self) { try shopping.addItem(named: "   ") })?.code
        == .invalidInput)
    let longUnit = String(repeating: "g", count: ShoppingItem.maximumDetailLength + 1)
    #expect(
      (#expect(throws: ChecklistsError.self) { try shopping.addItem(named: "Salt", unit: longUnit) })?
        .code == .invalidInput)
    #expect(try shopping.catalogue().count == 6)
  }

  @Test(
    "Adding by name finds the catalogue item, so 'milk' twice is one Milk on the list",
    arguments: StoreKind.allCases)
  func addByName(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let first = try shopping.put(named: "milk", onList: list.id)
    let second = try shopping.put(named: " MILK ", onList: list.id, quantity: 2)
    #expect(first.isNewItem)
    #expect(!second.isNewItem)
    #expect(first.item.id == second.item.id)
    let contents = try shopping.contents(ofList: list.id)
    #expect(contents.lines.map(\.item.name) == ["milk"])
    #expect(contents.lines.map(\.entry.quantity) == [2])
    #expect(try shopping.catalogue().filter { $0.name.lowercased() == "milk" }.count == 1)
    // Putting it on again without a quantity changes nothing.
    let again = try shopping.put(itemID: first.item.id, onList: list.id)
    #expect(!again.isNew)
    #expect(again.entry.quantity == 2)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try shopping.put(itemID: first.item.id, onList: list.id, quantity: 1000)
      })?.code == .invalidInput)
  }

  @Test(
    "In-cart lines move down; the rest go by category, then name; totals are exact",
    arguments: StoreKind.allCases)
  func shoppingOrderAndTotals(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let apples = try shopping.addItem(named: "Apples", price: try euros("0.99"), category: "Fruit")
    let soap = try shopping.addItem(named: "Soap", price: try euros("2.10"), category: "Drugstore")
    let candles = try shopping.addItem(named: "Candles")
    let pear = try shopping.findItem("Pear")
    for item in [apples, soap, candles, pear] { try shopping.put(itemID: item.id, onList: list.id) }
    try shopping.updateEntry(itemID: apples.id, onList: list.id, quantity: 3)
    try shopping.updateEntry(itemID: soap.id, onList: list.id, isInCart: true)

    let contents = try shopping.contents(ofList: list.id)
    #expect(contents.lines.map(\.item.name) == ["Apples", "Candles", "Pear", "Soap"])
    #expect(contents.lines.map(\.entry.isInCart) == [false, false, false, true])
    // 3 × 0.99 + 62.50 + 2.10 = 67.57, of which 2.10 is in the cart; Candles has no price.
    #expect(contents.totals.total.map(\.decimalString) == ["67.57"])
    #expect(contents.totals.inCart.map(\.decimalString) == ["2.10"])
    #expect(contents.totals.unpricedCount == 1)
    let counted = try shopping.list(id: list.id)
    #expect(counted.entryCount == 4)
    #expect(counted.inCartCount == 1)
  }

  @Test("A new price or name shows on every list that has the item", arguments: StoreKind.allCases)
  func sharedItems(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let weekly = try shopping.findList("Shopping List")
    let party = try shopping.createList(named: "Party")
    let bread = try shopping.findItem("Bread")
    try shopping.put(itemID: bread.id, onList: weekly.id)
    try shopping.put(itemID: bread.id, onList: party.id, quantity: 4)
    let (_, before) = try shopping.contentsWithVersion(ofList: party.id)

    try shopping.updateItem(id: bread.id, name: "Sourdough", price: .some(try euros("4.50")))
    let (partyContents, after) = try shopping.contentsWithVersion(ofList: party.id)
    #expect(after > before)
    #expect(partyContents.lines.map(\.item.name) == ["Sourdough"])
    #expect(partyContents.totals.total.map(\.decimalString) == ["18.00"])
    #expect(try shopping.contents(ofList: weekly.id).lines.map(\.item.name) == ["Sourdough"])

    // Clearing the price leaves the line unpriced.
    try shopping.updateItem(id: bread.id, price: .some(nil))
    #expect(try shopping.contents(ofList: party.id).totals.unpricedCount == 1)
  }

  @Test(
    "Deleting a catalogue item takes it off every list; a stale revision is refused",
    arguments: StoreKind.allCases)
  func deleteItem(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let weekly = try shopping.findList("Shopping List")
    let party = try shopping.createList(named: "Party")
    let mango = try shopping.findItem("mango")
    try shopping.put(itemID: mango.id, onList: weekly.id)
    try shopping.put(itemID: mango.id, onList: party.id)
    let edited = try shopping.updateItem(id: mango.id, unit: .some("each"))
    let stale = #expect(throws: ChecklistsError.self) {
      try shopping.deleteItem(id: mango.id, expectedRevision: mango.revision)
    }
    #expect(stale?.code == .stale)
    let result = try shopping.deleteItem(id: mango.id, expectedRevision: edited.revision)
    #expect(result.removedFromLists == 2)
    #expect(try shopping.contents(ofList: weekly.id).lines.isEmpty)
    #expect(try shopping.list(id: party.id).entryCount == 0)
    #expect(try !shopping.catalogue().contains { $0.id == mango.id })
    #expect(
      (#expect(throws: ChecklistsError.self) { try shopping.item(id: mango.id) })?.code
        == .notFound)
  }

  @Test(
    "Finish shopping clears what is in the cart; the items stay in the catalogue",
    arguments: StoreKind.allCases)
  func finishShopping(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let names = ["Pear", "Bread", "Mango"]
    for name in names { try shopping.put(named: name, onList: list.id) }
    for name in ["Pear", "Mango"] {
      try shopping.updateEntry(
        itemID: try shopping.findItem(name).id, onList: list.id, isInCart: true)
    }
    // Checking what is already in the cart (a second phone) changes nothing.
    let pear = try shopping.findItem("Pear")
    let before = try shopping.contentsWithVersion(ofList: list.id)
    try shopping.updateEntry(itemID: pear.id, onList: list.id, isInCart: true)
    let after = try shopping.contentsWithVersion(ofList: list.id)
    #expect(after.1 == before.1)
    #expect(after.0.list.revision == before.0.list.revision)
    #expect(try shopping.finishShopping(listID: list.id) == 2)
    #expect(try shopping.contents(ofList: list.id).lines.map(\.item.name) == ["Bread"])
    #expect(try shopping.catalogue().count == 5)
    // Nothing in the cart: nothing to clear, and no change is logged.
    let sequence = try shopping.contentsWithVersion(ofList: list.id).1
    #expect(try shopping.finishShopping(listID: list.id) == 0)
    #expect(try shopping.contentsWithVersion(ofList: list.id).1 == sequence)
  }

  @Test(
    "Entries that are not on the list, and other users' things, are not found",
    arguments: StoreKind.allCases)
  func notFound(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let pear = try shopping.findItem("Pear")
    let missing = #expect(throws: ChecklistsError.self) {
      try shopping.updateEntry(itemID: pear.id, onList: list.id, isInCart: true)
    }
    #expect(missing?.message == "'Pear' is not on the shopping list 'Shopping List'.")

    // Another user of the same file sees none of it, and cannot touch it.
    let other = User(name: "someone-else", createdAt: Date())
    try store.write { tx in try tx.insertUser(other) }
    let theirs = try ShoppingService.open(store: store, owner: other, currency: .poundSterling)
    #expect(try theirs.catalogue().allSatisfy { $0.price?.currency == .poundSterling })
    for attempt in [
      { _ = try theirs.item(id: pear.id) },
      { _ = try theirs.contents(ofList: list.id) },
      { _ = try theirs.put(itemID: pear.id, onList: list.id) },
      { _ = try theirs.deleteList(id: list.id) },
      { _ = try theirs.updateItem(id: pear.id, name: "Mine") },
    ] as [() throws -> Void] {
      #expect((#expect(throws: ChecklistsError.self) { try attempt() })?.code == .notFound)
    }
    #expect(try shopping.item(id: pear.id).name == "Pear")
  }

  @Test(
    "Search ignores case and accents: name starts first, then word starts, then the rest",
    arguments: StoreKind.allCases)
  func search(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    for name in ["Oat milk", "Milk", "Buttermilk", "Crème fraîche", "Millet", "Chili"] {
      try shopping.addItem(named: name)
    }
    #expect(try shopping.search("mil").map(\.name) == ["Milk", "Millet", "Oat milk", "Buttermilk"])
    #expect(try shopping.search("CREME").map(\.name) == ["Crème fraîche"])
    #expect(try shopping.search("mil", limit: 2).map(\.name) == ["Milk", "Millet"])
    // A shorter name that starts with the query comes before a longer one.
    try shopping.addItem(named: "Mango 500 ml")
    #expect(try shopping.search("m").map(\.name).prefix(3) == ["Mango", "Mango 500 ml", "Milk"])
    #expect(try shopping.search("500").map(\.name) == ["Mango 500 ml"])
    // Characters that mean something elsewhere are just characters here.
    try shopping.addItem(named: "100% juice")
    #expect(try shopping.search("%").map(\.name) == ["100% juice"])
    #expect(try shopping.search("  ").isEmpty)
    #expect(try shopping.search("xyz").isEmpty)
  }

  @Test(
    "Shopping lists: unique names, rename, delete keeps the catalogue",
    arguments: StoreKind.allCases)
  func lists(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let party = try shopping.createList(named: "Party")
    #expect(
      (#expect(throws: ChecklistsError.self) { try shopping.createList(named: "party") })?.code
        == .conflict)
    try shopping.put(named: "Candles", onList: party.id)
    let renamed = try shopping.renameList(id: party.id, to: "Birthday")
    #expect(
      (#expect(throws: FieldConflictError.self) {
        try shopping.renameList(id: party.id, to: "Again", expectedRevision: party.revision)
      })?.conflicts.map(\.field) == ["name"])
    #expect(try shopping.lists().map(\.name) == ["Birthday", "Shopping List"])
    try shopping.deleteList(id: renamed.id, expectedRevision: renamed.revision)
    #expect(try shopping.lists().map(\.name) == ["Shopping List"])
    #expect(try shopping.findItem("candles").name == "Candles")
  }

  @Test(
    "Every change is logged with its scope and collection, in order", arguments: StoreKind.allCases)
  func changeLog(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let start = try store.readShopping { tx in try tx.lastChangeSequence(ownerID: shopping.owner.id)
    }
    let milk = try shopping.addItem(named: "Milk")
    try shopping.put(itemID: milk.id, onList: list.id)
    try shopping.updateEntry(itemID: milk.id, onList: list.id, isInCart: true)
    try shopping.deleteItem(id: milk.id)
    let changes = try store.readShopping { tx in
      try tx.changes(ownerID: shopping.owner.id, after: start, limit: 100)
    }
    #expect(
      changes.map(\.kind) == [
        .catalogueItemAdded, .entryAdded, .entryUpdated, .entryDeleted, .catalogueItemDeleted,
      ])
    #expect(
      changes.map(\.scope) == [.catalogue, .shoppingList, .shoppingList, .shoppingList, .catalogue])
    #expect(
      changes.map(\.collectionID) == [
        shopping.owner.id, list.id, list.id, list.id, shopping.owner.id,
      ])
    #expect(changes.allSatisfy { $0.itemID == milk.id })
    #expect(changes.map(\.sequence) == changes.map(\.sequence).sorted())
  }

  @Test("A failed change writes nothing", arguments: StoreKind.allCases)
  func atomic(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind)
    let before = try store.readShopping { tx in
      try tx.lastChangeSequence(ownerID: shopping.owner.id)
    }
    // The new item would be created, then the list is missing: neither happens.
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try shopping.put(named: "Ghost", onList: UUID())
      })?.code == .notFound)
    #expect(try !shopping.catalogue().contains { $0.name == "Ghost" })
    #expect(
      try store.readShopping { tx in try tx.lastChangeSequence(ownerID: shopping.owner.id) }
        == before)
  }

  @Test(
    "Importing items merges by name, keeps prices and on-list state, and skips blank names",
    arguments: StoreKind.allCases)
  func importItems(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let keptID = UUID()
    let items = [
      PortableShoppingItem(
        id: keptID, name: "Milk", price: try euros("1.09"), isOnShoppingList: true),
      PortableShoppingItem(name: "pear", price: try euros("0.80"), isOnShoppingList: false),
      PortableShoppingItem(name: "  ", price: nil, isOnShoppingList: true),
      PortableShoppingItem(name: "MILK", price: try euros("1.09"), isOnShoppingList: true),
    ]
    let report = try shopping.importItems(items, onList: list.id)
    #expect(report.added == 1)
    #expect(report.updated == 1)
    #expect(report.putOnList == 1)
    #expect(report.skippedWithoutName == 1)
    #expect(try shopping.item(id: keptID).name == "Milk")
    #expect(try shopping.findItem("Pear").price?.decimalString == "0.80")
    #expect(try shopping.contents(ofList: list.id).lines.map(\.item.name) == ["Milk"])

    // Importing the same again adds nothing, and logs nothing.
    let sequence = try shopping.contentsWithVersion(ofList: list.id).1
    let again = try shopping.importItems(items, onList: list.id)
    #expect(try shopping.contentsWithVersion(ofList: list.id).1 == sequence)
    #expect(again.added == 0 && again.updated == 0 && again.putOnList == 0)

    // A bad name refuses the whole file.
    let bad = [
      PortableShoppingItem(name: "Tea", price: nil, isOnShoppingList: true),
      PortableShoppingItem(name: "Bad\u{7}name", price: nil, isOnShoppingList: false),
    ]
    let error = #expect(throws: ChecklistsError.self) {
      try shopping.importItems(bad, onList: list.id)
    }
    #expect(error?.message.hasPrefix("Item 2 of the file:") == true)
    #expect(try !shopping.catalogue().contains { $0.name == "Tea" })
  }

  @Test(
    "A catalogue of 5,000 items keeps names unique through the index", arguments: StoreKind.allCases
  )
  func largeCatalogue(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind)
    let list = try shopping.findList("Shopping List")
    let items = (0..<5_000).map {
      PortableShoppingItem(name: "Item \($0)", price: nil, isOnShoppingList: $0 % 100 == 0)
    }
    try shopping.importItems(items, onList: list.id)
    #expect(try shopping.catalogue().count == 5_005)
    #expect(try shopping.list(id: list.id).entryCount == 50)
    // Looking up by name uses the unique index, not a scan.
    let plan = try store.queue.read { db in
      switch kind {
      case .sqlite:
        try db.query(
          "EXPLAIN QUERY PLAN SELECT id FROM shopping_items WHERE owner_id = ? AND name_key = ?",
          shopping.owner.id, "item 42"
        ) { $0.string(3) }
      case .postgres:
        try db.query(
          "EXPLAIN SELECT id FROM shopping_items WHERE owner_id = ? AND name_key = ?",
          shopping.owner.id, "item 42"
        ) { $0.string(0) }
      }
    }
    // PostgreSQL names the unique constraint's index after its columns.
    let index = kind == .sqlite ? "USING INDEX" : "using shopping_items_owner_id_name_key_key"
    #expect(plan.contains { $0.contains(index) }, "\(plan)")
  }
}

@Suite("Upgrading a database made before shopping")
struct ShoppingMigrationTests {
  @Test(
    "A version-1 database gains the shopping tables and keeps its lists and change log",
    arguments: StoreKind.allCases)
  func upgradeFromVersion1(kind: StoreKind) throws {
    let path = try kind.newLocation()
    do {
      let store = try kind.makeSQLStore(path: path)
      let service = try ChecklistService.openLocal(store: store)
      let list = try service.createList(named: "Groceries")
      try service.addItem("Milk", to: list.id)
      // Take the database back to what version 1 left: no shopping tables, the old column
      // name (PostgreSQL names a trigger with its table).
      let onItems = kind == .sqlite ? "" : " ON items"
      try store.queue.write { db in
        try db.execute(
          """
          DROP TABLE price_changes; DROP TABLE trip_lines; DROP TABLE trips;
          DELETE FROM schema_migrations WHERE identifier LIKE 'v17:%';
          DROP TABLE shop_item_ranks; DROP TABLE shop_sections;
          DROP TABLE shopping_entries; DROP TABLE shopping_lists; DROP TABLE shopping_items;
          DROP TABLE shopping_catalogues; DROP TABLE user_settings; DROP TABLE shops;
          DELETE FROM schema_migrations WHERE identifier LIKE 'v16:%';
          ALTER TABLE changes RENAME COLUMN collection_id TO checklist_id;
          DELETE FROM schema_migrations WHERE identifier LIKE 'v2:%';
          DELETE FROM schema_migrations WHERE identifier LIKE 'v19:%';
          DROP INDEX checklists_by_name_key; DROP INDEX checklists_in_display_order;
          DROP INDEX items_by_text_key; DROP TRIGGER items_blocked_on_insert\(onItems);
          DROP TRIGGER items_blocked_on_delete\(onItems); DROP TRIGGER items_blocked_on_move\(onItems);
          DROP TABLE item_blocks;
          ALTER TABLE checklists DROP COLUMN name_key; ALTER TABLE checklists DROP COLUMN sort_key;
          ALTER TABLE items DROP COLUMN text_key;
          CREATE INDEX checklists_by_owner ON checklists(owner_id);
          DELETE FROM schema_migrations WHERE identifier LIKE 'v5:%';
          """)
      }
      store.close()
    }
    let store = try kind.makeSQLStore(path: path)
    let service = try ChecklistService.openLocal(store: store)
    let groceries = try service.findList("Groceries")
    #expect(try service.checklistWithItems(id: groceries.id).1.map(\.text) == ["Milk"])
    // The lookup keys were filled in for the rows already there.
    #expect(try service.findItem("MILK", in: groceries).text == "Milk")
    #expect(try service.findList("groc").id == groceries.id)
    #expect(try service.findItem("1", in: groceries).text == "Milk")
    #expect(try service.changes(after: 0).contains { $0.collectionID == groceries.id })
    let shopping = try ShoppingService.open(store: store, owner: service.owner, currency: .euro)
    #expect(try shopping.lists().map(\.name) == ["Shopping List"])
  }
}
