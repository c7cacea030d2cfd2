import ChecklistsCore
import Foundation
import Testing

/// The learned order: trips through a shop teach it the way the person walks.
@Suite("Aisles: a shop's order, learned from trips")
struct AisleOrderTests {
  static let owner = UUID()
  static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
  static let list = UUID()

  /// The person's fixed walk through the shop: sections in this order (not alphabetical), and
  /// inside each the items in this order (not alphabetical either).
  static let walk: [(category: String, items: [String])] = [
    ("Vegetables", ["Tomatoes", "Carrots", "Onions", "Leeks", "Garlic"]),
    ("Bakery", ["Rolls", "Bread", "Croissants"]),
    ("Dairy", ["Yoghurt", "Milk", "Butter"]),
    ("Frozen", ["Peas", "Ice cream", "Fish fingers"]),
    ("Drinks", ["Water", "Juice", "Beer"]),
  ]

  /// Every line of the walk, in the walk's order.
  static let lines: [ShoppingLine] = walk.flatMap { section in
    section.items.map { name in
      let item = ShoppingItem(
        ownerID: owner, name: name, category: section.category, createdAt: date)
      return ShoppingLine(entry: ShoppingEntry(listID: list, itemID: item.id), item: item)
    }
  }

  static func newShop() -> Shop {
    Shop(ownerID: owner, name: "Aldi", createdAt: date)
  }

  /// The list's lines (none in the cart) as the Shopping List screen orders them in `shop`.
  static func listOrder(_ shop: Shop?) -> [String] {
    let items = Dictionary(uniqueKeysWithValues: lines.map { ($0.item.id, $0.item) })
    let contents = ShoppingListContents(
      list: ShoppingList(ownerID: owner, name: "Weekly", createdAt: date),
      entries: lines.map(\.entry).shuffled(), items: items, shop: shop)
    return contents.lines.map(\.item.name)
  }

  static let walkOrder = lines.map(\.item.name)

  @Test("Three trips through a fixed walk give that walk's order, of sections and of items")
  func threeTripsTeachTheWalk() throws {
    var shop = Self.newShop()
    // Before any trip the list reads by category name, then by name: not the walk.
    #expect(Self.listOrder(shop) != Self.walkOrder)
    #expect(Array(Self.listOrder(shop).prefix(3)) == ["Bread", "Croissants", "Rolls"])
    for _ in 1...3 { shop = AisleOrder.learning(shop, from: Self.lines) }
    #expect(Self.listOrder(shop) == Self.walkOrder)
    #expect(shop.sections.map(\.category) == Self.walk.map(\.category))
    #expect(shop.sections.map(\.trips) == [3, 3, 3, 3, 3])

    // The headings read in the walk's order too.
    let sections = ShoppingSections(Self.lines.shuffled(), shop: shop)
    #expect(sections.sections.map(\.heading) == Self.walk.map(\.category))
    #expect(sections.sections.map { $0.lines.map(\.item.name) } == Self.walk.map(\.items))
  }

  @Test("Three trips undo a section order dragged the wrong way round; one does not")
  func tripsOvercomeADrag() throws {
    var shop = try AisleOrder.dragged(
      Self.newShop(), to: Self.walk.map(\.category).reversed())
    #expect(shop.sections.map(\.category) == Self.walk.map(\.category).reversed())
    #expect(shop.sections.map(\.trips) == [2, 2, 2, 2, 2])
    var orders: [[String]] = []
    for _ in 1...3 {
      shop = AisleOrder.learning(shop, from: Self.lines)
      orders.append(shop.sections.map(\.category))
    }
    // One trip moves a dragged order only part of the way: it still reads backwards.
    #expect(orders[0] == Self.walk.map(\.category).reversed())
    #expect(orders[2] == Self.walk.map(\.category))
    #expect(Self.listOrder(shop) == Self.walkOrder)
  }

  @Test("After three trips, one odd trip reorders at most one neighbour pair")
  func oneOddTripBarelyMoves() throws {
    var learned = Self.newShop()
    for _ in 1...3 { learned = AisleOrder.learning(learned, from: Self.lines) }
    let sectionOrders = permutations(Array(Self.walk.indices))
    let linesBySection = Self.walk.map { section in
      Self.lines.filter { $0.item.category == section.category }
    }
    let itemOrders = linesBySection.map { permutations(Array($0.indices)) }
    var worstSections = 0
    var worstItems = 0
    // Every order of the sections, and every order of the items inside each section (the
    // five vegetables take all 120 of theirs, one with each order of the sections).
    for (number, sectionOrder) in sectionOrders.enumerated() {
      let odd = sectionOrder.flatMap { section in
        let orders = itemOrders[section]
        return orders[number % orders.count].map { linesBySection[section][$0] }
      }
      let shop = AisleOrder.learning(learned, from: odd)
      let sections = shop.sections.map(\.category)
      let sectionSwaps = inversions(sections, against: Self.walk.map(\.category))
      worstSections = max(worstSections, sectionSwaps)
      #expect(sectionSwaps <= 1, "odd trip \(sectionOrder) reordered \(sections)")
      let order = Self.listOrder(shop)
      for section in Self.walk {
        let items = order.filter(section.items.contains)
        let itemSwaps = inversions(items, against: section.items)
        worstItems = max(worstItems, itemSwaps)
        #expect(itemSwaps <= 1, "odd trip \(odd.map(\.item.name)) reordered \(items)")
      }
    }
    // The bound is reached (an odd trip can move something), so the test measures something.
    #expect(worstSections == 1)
    #expect(worstItems == 1)
  }

  @Test("A trip through one section or one item of a section teaches nothing about its order")
  func singleSightingsTeachNothing() {
    let milk = Self.lines.first { $0.item.name == "Milk" }!
    let shop = AisleOrder.learning(Self.newShop(), from: [milk])
    #expect(shop.sections.isEmpty)
    #expect(shop.itemRanks.isEmpty)
  }

  @Test("Unranked categories sort after ranked ones by name, uncategorised lines last as Other")
  func unrankedAndOther() throws {
    let shop = try AisleOrder.dragged(Self.newShop(), to: ["Drinks", "Dairy"])
    let tea = ShoppingItem(ownerID: Self.owner, name: "Tea", createdAt: Self.date)
    let extra = ShoppingLine(entry: ShoppingEntry(listID: Self.list, itemID: tea.id), item: tea)
    let sections = ShoppingSections(Self.lines + [extra], shop: shop)
    #expect(
      sections.sections.map(\.heading) == [
        "Drinks", "Dairy", "Bakery", "Frozen", "Vegetables", "Other",
      ])
    #expect(sections.sections.last?.category == nil)
    #expect(sections.sections.last?.lines.map(\.item.name) == ["Tea"])
  }

  @Test("Dragging refuses a blank or repeated section, and matches categories ignoring case")
  func draggingRules() throws {
    let twice = #expect(throws: ChecklistsError.self) {
      try AisleOrder.dragged(Self.newShop(), to: ["Dairy", "dairy"])
    }
    #expect(twice?.message == "The section 'dairy' is named twice in the order.")
    #expect(throws: ChecklistsError.self) { try AisleOrder.dragged(Self.newShop(), to: [" "]) }
    let shop = try AisleOrder.dragged(Self.newShop(), to: ["dairy", "Bakery", "Drinks"])
    #expect(shop.sections.map(\.rank) == [0, 0.5, 1])
    // The lines' "Dairy" is the shop's "dairy".
    let order = ShoppingSections(Self.lines, shop: shop).sections.map(\.heading)
    #expect(Array(order.prefix(3)) == ["dairy", "Bakery", "Drinks"])
  }
}

/// Every ordering of `elements`.
private func permutations(_ elements: [Int]) -> [[Int]] {
  guard elements.count > 1 else { return [elements] }
  return elements.indices.flatMap { index -> [[Int]] in
    var rest = elements
    let first = rest.remove(at: index)
    return permutations(rest).map { [first] + $0 }
  }
}

/// How many pairs of `order` are the other way round from `reference` (one neighbour swap is 1).
private func inversions(_ order: [String], against reference: [String]) -> Int {
  let position = Dictionary(uniqueKeysWithValues: reference.enumerated().map { ($1, $0) })
  let ranks = order.map { position[$0]! }
  var count = 0
  for i in ranks.indices {
    for j in ranks.indices where j > i && ranks[i] > ranks[j] { count += 1 }
  }
  return count
}
