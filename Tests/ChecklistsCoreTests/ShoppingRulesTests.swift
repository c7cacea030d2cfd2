import ChecklistsCore
import Foundation
import Testing

@Suite("The shopping domain's rules")
struct ShoppingRulesTests {
  static let owner = UUID()
  static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

  static func item(_ name: String, _ minorUnits: Int64?, _ currency: Currency = .euro)
    -> ShoppingItem
  {
    ShoppingItem(
      ownerID: owner, name: name,
      price: minorUnits.map { Price(minorUnits: $0, currency: currency) }, createdAt: date)
  }

  @Test("Totals multiply by quantity and split what is in the cart")
  func totals() {
    let milk = Self.item("Milk", 129)
    let bread = Self.item("Bread", 312)
    let list = UUID()
    let entries = [
      ShoppingEntry(listID: list, itemID: milk.id, quantity: 3, isInCart: true),
      ShoppingEntry(listID: list, itemID: bread.id, quantity: 1),
    ]
    let totals = ShoppingTotals(entries: entries, items: [milk.id: milk, bread.id: bread])
    #expect(totals.total == [Price(minorUnits: 699, currency: .euro)])
    #expect(totals.inCart == [Price(minorUnits: 387, currency: .euro)])
    #expect(totals.unpricedCount == 0)
  }

  @Test("Currencies are never added together, and unpriced items are counted")
  func currencies() {
    let tea = Self.item("Tea", 250, .poundSterling)
    let coffee = Self.item("Coffee", 899)
    let salt = Self.item("Salt", nil)
    let list = UUID()
    let entries = [tea, coffee, salt].map { ShoppingEntry(listID: list, itemID: $0.id) }
    let totals = ShoppingTotals(
      entries: entries, items: [tea.id: tea, coffee.id: coffee, salt.id: salt])
    #expect(totals.total.map(\.currency) == [.euro, .poundSterling])
    #expect(totals.inCart == [.zero(.euro), .zero(.poundSterling)])
    #expect(totals.unpricedCount == 1)
  }

  @Test("An empty list costs nothing")
  func empty() {
    let totals = ShoppingTotals(entries: [], items: [:])
    #expect(totals.total.isEmpty)
    #expect(totals.inCart.isEmpty)
  }

  @Test(
    "Catalogue sections: the first letter without accents, '#' otherwise",
    arguments: [("apple", "A"), ("Éclair", "E"), ("ölkanne", "O"), ("7up", "#"), ("🍋 Lemon", "#")])
  func sections(name: String, section: String) {
    #expect(Self.item(name, nil).sectionTitle == section)
  }

  @Test("The catalogue sorts as Finder does")
  func sorting() {
    let names = ["pear", "Apple", "Item 10", "Item 2", "banana"]
    #expect(
      names.map { Self.item($0, nil) }.sorted(by: ShoppingItem.sortsBefore).map(\.name) == [
        "Apple", "banana", "Item 2", "Item 10", "pear",
      ])
  }

  @Test("Quantities are 1 to 999")
  func quantities() throws {
    #expect(try ShoppingEntry.validatedQuantity(1) == 1)
    #expect(try ShoppingEntry.validatedQuantity(999) == 999)
    for bad in [0, -1, 1_000] {
      let error = #expect(throws: ChecklistsError.self) { try ShoppingEntry.validatedQuantity(bad) }
      #expect(error?.message == "A quantity must be a whole number from 1 to 999, not \(bad).")
    }
  }

  @Test("Names, units and categories follow the text rules")
  func names() throws {
    #expect(try ShoppingItem.validatedName("  Milk ") == "Milk")
    let empty = #expect(throws: ChecklistsError.self) { try ShoppingItem.validatedName("  ") }
    #expect(empty?.message == "An item's name cannot be empty or only white space.")
    #expect(try ShoppingItem.validatedDetail("  ", field: "A unit") == nil)
    #expect(try ShoppingItem.validatedDetail(" 500 g ", field: "A unit") == "500 g")
    #expect(throws: ChecklistsError.self) {
      try ShoppingItem.validatedDetail(String(repeating: "x", count: 61), field: "A category")
    }
  }
}
