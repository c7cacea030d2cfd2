import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

@Suite("The starter set: common groceries a new catalogue adds with one tap")
struct StarterSetTests {
  static func shopping(_ kind: StoreKind) throws -> ShoppingService {
    let store = try kind.makeSQLStore()
    let owner = try ChecklistService.openLocal(store: store, now: TestClock().now).owner
    return try ShoppingService.open(store: store, owner: owner, currency: .euro)
  }

  @Test(
    "It is offered in the person's language, each marked when the catalogue has it",
    arguments: StoreKind.allCases)
  func offered(kind: StoreKind) throws {
    let english = try Self.shopping(kind)
    let set = try english.starterSet()
    #expect(set.count == GroceryCatalogue.starterSet.count)
    #expect(set.first.map { [$0.name, $0.category] } == ["Apples", "Fruit"])
    #expect(set.allSatisfy { !$0.isInCatalogue })
    try english.addItem(named: "MILK", price: Price(minorUnits: 99, currency: .euro))
    #expect(try english.starterSet().first { $0.name == "Milk" }?.isInCatalogue == true)
    let german = try english.speaking("de").starterSet()
    #expect(german.first.map { [$0.name, $0.category] } == ["Äpfel", "Obst"])
    #expect(german.contains { $0.name == "Milch" && $0.category == "Milchprodukte" })
  }

  @Test(
    "Adding some, then all, adds each once, without prices; the catalogue's own stay",
    arguments: StoreKind.allCases)
  func adding(kind: StoreKind) throws {
    let shopping = try Self.shopping(kind)
    let milk = try shopping.addItem(
      named: "milk", price: Price(minorUnits: 99, currency: .euro), category: "Fridge")
    let some = try shopping.addStarterItems(named: ["Bread", "milk", " bread ", "Eggs"])
    #expect(some.added.map(\.name) == ["Bread", "Eggs"])
    #expect(some.added.map(\.category) == ["Bakery", "Dairy"])
    #expect(some.added.allSatisfy { $0.price == nil })
    #expect(some.alreadyInCatalogue == 1)
    let again = try shopping.addStarterItems(named: ["Bread"])
    #expect(again.added.isEmpty && again.alreadyInCatalogue == 1)
    let all = try shopping.addStarterItems(named: nil)
    #expect(all.added.count == GroceryCatalogue.starterSet.count - 3)
    #expect(all.alreadyInCatalogue == 3)
    #expect(try shopping.item(id: milk.id) == milk)
    #expect(try shopping.catalogue().count == GroceryCatalogue.starterSet.count)
    #expect(try shopping.addStarterItems(named: nil).added.isEmpty)
    #expect(try shopping.starterSet().allSatisfy(\.isInCatalogue))
  }

  @Test(
    "A name that is not in the starter set is refused and nothing is added",
    arguments: StoreKind.allCases)
  func unknownName(kind: StoreKind) throws {
    let shopping = try Self.shopping(kind)
    let error = #expect(throws: ChecklistsError.self) {
      try shopping.addStarterItems(named: ["Bread", "Caviar"])
    }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.hasPrefix("'Caviar' is not in the starter set") == true)
    #expect(try shopping.catalogue().isEmpty)
  }
}
