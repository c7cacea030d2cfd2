import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

/// Alice, Bob and Carol in one real database: Alice shares one list with Bob; Carol is a
/// stranger to both.
private struct Household {
  let store: SQLChecklistStore
  let alice: User
  let bob: User
  let carol: User

  init(_ kind: StoreKind) throws {
    store = try kind.makeSQLStore()
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    bob = try accounts.addUser(named: "bob", password: "builder-1234").user
    carol = try accounts.addUser(named: "carol", password: "christmas-99").user
  }

  func lists(_ user: User) -> ChecklistService { ChecklistService(store: store, owner: user) }
  func search(_ user: User) -> SmartListService { SmartListService(store: store, user: user) }
  func shopping(_ user: User) throws -> ShoppingService {
    try ShoppingService.open(store: store, owner: user, currency: .euro)
  }

  /// The texts a search finds, by list name; the catalogue's under "catalogue".
  func found(_ user: User, _ query: String) throws -> [String: [String]] {
    let results = try search(user).search(query)
    var found: [String: [String]] = [:]
    for (list, items) in results.lists { found[list.name] = items.map(\.text) }
    if !results.catalogue.isEmpty { found["catalogue"] = results.catalogue.map(\.name) }
    return found
  }

  /// How many search words the database keeps for `id`.
  func wordCount(_ id: UUID) throws -> Int {
    try store.queue.read { db in
      try db.queryFirst("SELECT COUNT(*) FROM search_words WHERE item_id = ?", id) { $0.int(0) }
    } ?? 0
  }
}

@Suite("Search across lists and the catalogue, through the index")
struct SearchTests {
  @Test("Words fold case, accents and width, and split on anything but letters and digits")
  func folding() {
    #expect(SearchWords.words("Crème BRÛLÉE, 2×eggs") == ["creme", "brulee", "2", "eggs"])
    #expect(SearchWords.words("Ｃｒèｍｅ") == ["creme"])
    #expect(SearchWords.words("milk milk MILK", "Milk-shake") == ["milk", "shake"])
    let (lower, upper) = SearchWords.prefixRange("bru")
    #expect(lower == "bru" && upper == "brv")
    #expect(NameKey.precedes("brulee", upper) && !NameKey.precedes("brv", upper))
  }

  @Test(
    "Every query word must start a word of the text or notes, ignoring case and accents",
    arguments: StoreKind.allCases)
  func prefixMatching(kind: StoreKind) throws {
    let home = try Household(kind)
    let alice = home.lists(home.alice)
    let dessert = try alice.createList(named: "Dessert")
    try alice.addItem("Crème brûlée", to: dessert.id)
    try alice.addItem("Brussels sprouts", to: dessert.id)
    try alice.addItem("Apple crumble", to: dessert.id, isChecked: true)

    #expect(try home.found(home.alice, "CREME") == ["Dessert": ["Crème brûlée"]])
    #expect(try home.found(home.alice, "bru") == ["Dessert": ["Crème brûlée", "Brussels sprouts"]])
    #expect(try home.found(home.alice, "bru cr") == ["Dessert": ["Crème brûlée"]])
    #expect(try home.found(home.alice, "Ｃｒｕｍ") == ["Dessert": ["Apple crumble"]])
    // The start of a word, not its middle or end.
    #expect(try home.found(home.alice, "lee").isEmpty)
    #expect(try home.found(home.alice, "bru zebra").isEmpty)
    for query in ["", "   ", "?!"] {
      let error = #expect(throws: ChecklistsError.self) {
        try home.search(home.alice).search(query)
      }
      #expect(error?.code == .invalidInput)
    }
  }

  @Test(
    "A search finds the user's lists and those shared with them, never a stranger's",
    arguments: StoreKind.allCases)
  func visibility(kind: StoreKind) throws {
    let home = try Household(kind)
    let alice = home.lists(home.alice)
    let shared = try alice.createList(named: "Family")
    let secret = try alice.createList(named: "Secret")
    try alice.addItem("Birthday cake", to: shared.id)
    try alice.addItem("Birthday present for Bob", to: secret.id)
    try SharingService(store: home.store, user: home.alice)
      .share(listID: shared.id, with: "bob", role: .viewer)
    let carols = try home.lists(home.carol).createList(named: "Carol's")
    try home.lists(home.carol).addItem("Birthday of Alice", to: carols.id)

    #expect(
      try home.found(home.alice, "birth")
        == ["Family": ["Birthday cake"], "Secret": ["Birthday present for Bob"]])
    #expect(try home.found(home.bob, "birth") == ["Family": ["Birthday cake"]])
    #expect(try home.found(home.carol, "birth") == ["Carol's": ["Birthday of Alice"]])
    // Groups come in All Lists order.
    #expect(
      try home.search(home.alice).search("birth").lists.map(\.checklist.name) == [
        "Family", "Secret",
      ])
  }

  @Test(
    "The catalogue is searched by name, the user's own only", arguments: StoreKind.allCases)
  func catalogue(kind: StoreKind) throws {
    let home = try Household(kind)
    let aliceShopping = try home.shopping(home.alice)
    try aliceShopping.addTutorialItems()
    try aliceShopping.addItem(named: "Pâte brisée")
    _ = try home.shopping(home.bob)
    #expect(try home.found(home.alice, "pate") == ["catalogue": ["Pâte brisée"]])
    #expect(try home.found(home.alice, "pen") == ["catalogue": ["Pencil"]])
    #expect(try home.found(home.bob, "pate").isEmpty)
    let pencil = try #require(try aliceShopping.catalogue().first { $0.name == "Pencil" })
    try aliceShopping.updateItem(id: pencil.id, name: "Crayon")
    #expect(try home.found(home.alice, "pen").isEmpty)
    #expect(try home.found(home.alice, "cray") == ["catalogue": ["Crayon"]])
    try aliceShopping.deleteItem(id: pencil.id)
    #expect(try home.wordCount(pencil.id) == 0)
  }

  @Test(
    "Editing, deleting an item, a list or a user leaves no stale words",
    arguments: StoreKind.allCases)
  func noStaleWords(kind: StoreKind) throws {
    let home = try Household(kind)
    let alice = home.lists(home.alice)
    let list = try alice.createList(named: "Groceries")
    let milk = try alice.addItem("Oat milk", to: list.id)
    try alice.updateItem(id: milk.id, ItemChanges(text: "Rye bread"))
    #expect(try home.found(home.alice, "milk").isEmpty)
    #expect(try home.found(home.alice, "oat").isEmpty)
    #expect(try home.found(home.alice, "rye") == ["Groceries": ["Rye bread"]])
    #expect(try home.wordCount(milk.id) == 2)

    try alice.deleteItem(id: milk.id)
    #expect(try home.wordCount(milk.id) == 0)

    let eggs = try alice.addItem("Eggs", to: list.id)
    try alice.deleteList(id: list.id)
    #expect(try home.wordCount(eggs.id) == 0)

    let carolsList = try home.lists(home.carol).createList(named: "Carol's")
    let tea = try home.lists(home.carol).addItem("Green tea", to: carolsList.id)
    try AccountService(store: home.store, hasher: PasswordHasher(strength: .minimum))
      .deleteUser(named: "carol")
    #expect(try home.wordCount(tea.id) == 0)
  }

  @Test(
    "Opening a database from before the index fills it with the words already there",
    arguments: StoreKind.allCases)
  func backfill(kind: StoreKind) throws {
    let location = try kind.newLocation()
    let store = try kind.makeSQLStore(path: location)
    let service = try ChecklistService.openLocal(store: store)
    let list = try service.createList(named: "Trip")
    try service.addItem("Passport", to: list.id)
    let shopping = try ShoppingService.open(store: store, owner: service.owner, currency: .euro)
    try shopping.addTutorialItems()
    // Take the database back to before v13, as a database of the previous version is.
    try store.queue.write { db in
      try db.execute(
        store.engine == .sqlite
          ? """
          DROP TRIGGER items_unindexed_on_delete; DROP TRIGGER shopping_items_unindexed_on_delete;
          DROP INDEX items_unchecked_by_due_date; DROP TABLE search_words; DROP TABLE templates;
          """
          : """
          DROP TRIGGER items_unindexed_on_delete ON items;
          DROP TRIGGER shopping_items_unindexed_on_delete ON shopping_items;
          DROP FUNCTION things_unindexed_on_delete();
          DROP INDEX items_unchecked_by_due_date; DROP TABLE search_words; DROP TABLE templates;
          """)
      try db.run(
        "DELETE FROM schema_migrations WHERE identifier IN (?, ?)", "v13: search words",
        "v14: templates")
    }
    store.close()
    let reopened = try kind.makeSQLStore(path: location)
    let search = SmartListService(store: reopened, user: service.owner)
    #expect(try search.search("pass").lists.map { $0.items.map(\.text) } == [["Passport"]])
    #expect(try search.search("mang").catalogue.map(\.name) == ["Mango"])
    _ = shopping
  }
}
