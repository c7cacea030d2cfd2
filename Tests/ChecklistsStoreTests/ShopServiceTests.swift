import ChecklistsCore
import ChecklistsSQLStore
import Foundation
import Testing

@testable import ChecklistsStore

/// A fresh database with the local user's shopping opened in euros.
private func makeShopping(_ kind: StoreKind) throws -> (ShoppingService, SQLChecklistStore) {
  let store = try kind.makeSQLStore()
  let checklists = try ChecklistService.openLocal(store: store, now: TestClock().now)
  let shopping = try ShoppingService.open(
    store: store, owner: checklists.owner, currency: .euro, now: checklists.now)
  return (shopping, store)
}

/// The walk through the shop: sections in this order, items inside in this order (neither
/// alphabetical).
private let walk: [(category: String, items: [String])] = [
  ("Vegetables", ["Tomatoes", "Carrots"]),
  ("Bakery", ["Rolls", "Baguette"]),
  ("Dairy", ["Yoghurt", "Milk", "Butter"]),
]

@Suite("Shops: their order, picked per list and learned from trips, in a real database")
struct ShopServiceTests {
  @Test(
    "Three trips through a shop teach the list the walk's order, kept in the database",
    arguments: StoreKind.allCases)
  func threeTrips(kind: StoreKind) throws {
    let (shopping, store) = try makeShopping(kind)
    var ids: [String: UUID] = [:]
    for section in walk {
      for name in section.items {
        ids[name] = try shopping.addItem(named: name, category: section.category).id
      }
    }
    let list = try shopping.createList(named: "Weekly")
    let aldi = try shopping.createShop(named: "Aldi").shop
    let picked = try shopping.pickShop(aldi.id, forList: list.id)
    #expect(picked.shop?.id == aldi.id)
    let walkOrder = walk.flatMap(\.items)
    for trip in 1...3 {
      for name in walkOrder { try shopping.put(itemID: ids[name]!, onList: list.id) }
      if trip == 1 {
        // Before any trip: by category name, then by name.
        #expect(
          try shopping.contents(ofList: list.id).lines.map(\.item.name) == [
            "Baguette", "Rolls", "Butter", "Milk", "Yoghurt", "Carrots", "Tomatoes",
          ])
      }
      for name in walkOrder {
        try shopping.updateEntry(itemID: ids[name]!, onList: list.id, isInCart: true)
      }
      let cart = try shopping.contents(ofList: list.id).lines
      let orders = walkOrder.map { name in cart.first { $0.item.name == name }?.entry.cartOrder }
      #expect(orders.allSatisfy { $0 != nil })
      #expect(orders.compactMap { $0 } == orders.compactMap { $0 }.sorted())
      #expect(shopping.cartWalk(cart.shuffled()).map(\.item.name) == walkOrder)
      #expect(try shopping.finishShopping(listID: list.id) == walkOrder.count)
    }
    for name in walkOrder.reversed() { try shopping.put(itemID: ids[name]!, onList: list.id) }
    // Another connection reads the same order: it is in the database.
    let again = try ShoppingService.open(
      store: try kind.makeSQLStore(path: store.path), owner: shopping.owner, currency: .euro,
      now: shopping.now)
    let contents = try again.contents(ofList: list.id)
    #expect(contents.lines.map(\.item.name) == walkOrder)
    #expect(contents.sectionsToGet.sections.map(\.heading) == walk.map(\.category))
    let learned = try again.shop(id: aldi.id)
    #expect(learned.sections.map(\.category) == walk.map(\.category))
    #expect(learned.sections.map(\.trips) == [3, 3, 3])
    #expect(learned.itemRanks.count == walkOrder.count)
    #expect(learned.revision == 4)
    // Taking an entry out of the cart forgets when it went in.
    try shopping.updateEntry(itemID: ids["Milk"]!, onList: list.id, isInCart: true)
    try shopping.updateEntry(itemID: ids["Milk"]!, onList: list.id, isInCart: false)
    #expect(try shopping.line(itemID: ids["Milk"]!, onList: list.id).entry.cartOrder == nil)
  }

  @Test(
    "Shop names are unique ignoring case; a replayed create answers the shop; a deleted id stays spent",
    arguments: StoreKind.allCases)
  func names(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let id = UUID()
    let (aldi, isNew) = try shopping.createShop(id: id, named: " Aldi ")
    #expect(isNew)
    #expect(aldi.name == "Aldi")
    let replay = try shopping.createShop(id: id, named: "Aldi")
    #expect(!replay.isNew)
    #expect(replay.shop.id == id)
    let taken = #expect(throws: ChecklistsError.self) { try shopping.createShop(named: "ALDI") }
    #expect(taken?.code == .conflict)
    #expect(taken?.message == "A shop named 'Aldi' already exists.")
    try shopping.createShop(named: "Farmers' market")
    #expect(try shopping.shops().map(\.name) == ["Aldi", "Farmers' market"])
    #expect(try shopping.findShop("farmers' MARKET").name == "Farmers' market")
    let unknown = #expect(throws: ChecklistsError.self) { try shopping.findShop("Lidl") }
    #expect(
      unknown?.message
        == "There is no shop called 'Lidl'. The shops are: 'Aldi', 'Farmers' market'.")
    let renamed = try shopping.updateShop(id: id, name: "Aldi Süd", expectedRevision: 1)
    #expect(renamed.revision == 2)
    let stale = #expect(throws: ChecklistsError.self) {
      try shopping.updateShop(id: id, name: "Aldi Nord", expectedRevision: 1)
    }
    #expect(stale?.code == .stale)
    try shopping.deleteShop(id: id)
    let again = #expect(throws: ChecklistsError.self) {
      try shopping.createShop(id: id, named: "Aldi")
    }
    #expect(again?.code == .conflict)
  }

  @Test(
    "A dragged order sorts the list; deleting the shop leaves the list with none",
    arguments: StoreKind.allCases)
  func dragAndDelete(kind: StoreKind) throws {
    let (shopping, _) = try makeShopping(kind)
    let list = try shopping.createList(named: "Weekly")
    for (name, category) in [("Milk", "Dairy"), ("Baguette", "Bakery"), ("Salt", nil)] {
      let item = try shopping.addItem(named: name, category: category)
      try shopping.put(itemID: item.id, onList: list.id)
    }
    let shop = try shopping.createShop(named: "Corner shop").shop
    try shopping.updateShop(id: shop.id, sections: ["Dairy", "Bakery"])
    let before = try shopping.list(id: list.id).revision
    let contents = try shopping.pickShop(shop.id, forList: list.id)
    #expect(contents.lines.map(\.item.name) == ["Milk", "Baguette", "Salt"])
    #expect(try shopping.list(id: list.id).revision == before + 1)
    // Picking the same shop again changes nothing.
    try shopping.pickShop(shop.id, forList: list.id)
    #expect(try shopping.list(id: list.id).revision == before + 1)
    try shopping.deleteShop(id: shop.id)
    let after = try shopping.contents(ofList: list.id)
    #expect(after.shop == nil)
    #expect(after.lines.map(\.item.name) == ["Baguette", "Milk", "Salt"])
    let missing = #expect(throws: ChecklistsError.self) {
      try shopping.pickShop(shop.id, forList: list.id)
    }
    #expect(missing?.code == .notFound)
  }
}
