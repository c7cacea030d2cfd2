import Foundation

/// One line of a shopping list as the Shopping List screen shows it: the entry with its
/// catalogue item, so a renamed item or a new price shows at once.
public struct ShoppingLine: Hashable, Sendable {
  /// How many, and whether it is in the cart.
  public var entry: ShoppingEntry
  /// The catalogue item the entry points at.
  public var item: ShoppingItem

  /// Creates a line.
  public init(entry: ShoppingEntry, item: ShoppingItem) {
    self.entry = entry
    self.item = item
  }

  /// What the line costs (price × quantity), if the item has a price.
  public var cost: Price? {
    item.price?.multiplied(by: entry.quantity)
  }
}

/// A shopping list with its lines in shopping order and its totals.
public struct ShoppingListContents: Hashable, Sendable {
  /// The list.
  public var list: ShoppingList
  /// The shop picked for the list, whose order the lines follow, if any.
  public var shop: Shop?
  /// The lines: what is still to get first, then what is in the cart; each part in the shop's
  /// order (``AisleOrder``): by section (categories the shop has no place for yet by name,
  /// items without one last), then by the item's place in its section, then by name.
  public var lines: [ShoppingLine]
  /// The whole list's cost and what is in the cart.
  public var totals: ShoppingTotals

  /// Puts a list's entries in shopping order and adds them up.
  /// - Parameters:
  ///   - list: The list.
  ///   - entries: Its entries, in any order.
  ///   - items: The catalogue items they point at, by id; entries whose item is missing are
  ///     left out.
  ///   - shop: The shop picked for the list, if any.
  public init(
    list: ShoppingList, entries: [ShoppingEntry], items: [UUID: ShoppingItem], shop: Shop? = nil
  ) {
    self.list = list
    self.shop = shop
    let order = AisleOrder(shop: shop)
    self.lines = entries.compactMap { entry in
      items[entry.itemID].map { ShoppingLine(entry: entry, item: $0) }
    }.sorted { a, b in
      if a.entry.isInCart != b.entry.isInCart { return !a.entry.isInCart }
      return order.sortsBefore(a, b)
    }
    self.totals = ShoppingTotals(entries: lines.map(\.entry), items: items)
  }

  /// Whether `a` comes before `b` on the Shopping List screen with no shop picked.
  public static func shoppingOrder(_ a: ShoppingLine, _ b: ShoppingLine) -> Bool {
    if a.entry.isInCart != b.entry.isInCart { return !a.entry.isInCart }
    return AisleOrder(shop: nil).sortsBefore(a, b)
  }

  /// The lines still to get, under section headings in the shop's order.
  public var sectionsToGet: ShoppingSections {
    ShoppingSections(lines.filter { !$0.entry.isInCart }, shop: shop)
  }
}
