import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("Price history: every price an item had, with its date, in a real database")
struct PriceHistoryTests {
  @Test(
    "Adding with a price, changing it, clearing it and importing a new one each keep a step",
    arguments: StoreKind.allCases)
  func history(kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    let clock = TripClock()
    let checklists = try ChecklistService.openLocal(store: store, now: clock.now)
    let shopping = try ShoppingService.open(
      store: store, owner: checklists.owner, currency: .euro, now: clock.now)
    let milk = try shopping.addItem(named: "Milk", price: euros(109))
    let added = milk.createdAt
    try shopping.updateItem(id: milk.id, unit: .some("1 l"))  // not a price change
    let raised = try shopping.updateItem(id: milk.id, price: .some(euros(129))).updatedAt
    try shopping.updateItem(id: milk.id, price: .some(euros(129)))  // the same price again
    let cleared = try shopping.updateItem(id: milk.id, price: .some(nil)).updatedAt
    let list = try shopping.createList(named: "Weekly")
    try shopping.importItems(
      [
        PortableShoppingItem(name: "milk", price: euros(99), isOnShoppingList: false),
        PortableShoppingItem(name: "Eggs", price: euros(300), isOnShoppingList: false),
      ], onList: list.id)

    let (item, prices) = try shopping.priceHistory(itemID: milk.id)
    #expect(item.price == euros(99))
    #expect(prices.map(\.price) == [euros(109), euros(129), nil, euros(99)])
    #expect(prices[0].since == added)
    #expect(prices[1].since == raised)
    #expect(prices[2].since == cleared)
    #expect(prices[3].since == item.updatedAt)
    #expect(prices.map(\.since) == prices.map(\.since).sorted())

    let eggs = try shopping.findItem("Eggs")
    #expect(try shopping.priceHistory(itemID: eggs.id).prices.map(\.price) == [euros(300)])
    let salt = try shopping.addItem(named: "Salt")
    #expect(try shopping.priceHistory(itemID: salt.id).prices.isEmpty)

    // The seed's prices were set where no history is kept: the current price still shows.
    if let bread = try? shopping.findItem("Bread"), let price = bread.price {
      #expect(try shopping.priceHistory(itemID: bread.id).prices.map(\.price) == [price])
    }
  }
}
