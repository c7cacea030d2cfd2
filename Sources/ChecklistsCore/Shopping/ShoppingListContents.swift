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
  /// The lines: what is still to get first, then what is in the cart; each part by category
  /// (the way through the shop, items without one last), then by name.
  public var lines: [ShoppingLine]
  /// The whole list's cost and what is in the cart.
  public var totals: ShoppingTotals

  /// Puts a list's entries in shopping order and adds them up.
  /// - Parameters:
  ///   - list: The list.
  ///   - entries: Its entries, in any order.
  ///   - items: The catalogue items they point at, by id; entries whose item is missing are
  ///     left out.
  public init(list: ShoppingList, entries: [ShoppingEntry], items: [UUID: ShoppingItem]) {
    self.list = list
    self.lines = entries.compactMap { entry in
      items[entry.itemID].map { ShoppingLine(entry: entry, item: $0) }
    }.sorted(by: Self.shoppingOrder)
    self.totals = ShoppingTotals(entries: lines.map(\.entry), items: items)
  }

  /// Whether `a` comes before `b` on the Shopping List screen.
  public static func shoppingOrder(_ a: ShoppingLine, _ b: ShoppingLine) -> Bool {
    if a.entry.isInCart != b.entry.isInCart { return !a.entry.isInCart }
    switch (a.item.category, b.item.category) {
    case (let x?, let y?) where x.localizedStandardCompare(y) != .orderedSame:
      return x.localizedStandardCompare(y) == .orderedAscending
    case (.some, nil): return true
    case (nil, .some): return false
    default: return ShoppingItem.sortsBefore(a.item, b.item)
    }
  }
}
