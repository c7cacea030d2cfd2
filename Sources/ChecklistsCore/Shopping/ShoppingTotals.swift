import Foundation

/// What a shopping list costs: in all, and for what is already in the cart.
///
/// Items in different currencies are never added together: there is one total per currency.
/// Entries whose item has no price are counted, so "3 items without a price" can be shown.
public struct ShoppingTotals: Hashable, Sendable {
  /// The cost of every entry (price × quantity), one per currency, by currency code.
  public private(set) var total: [Price] = []
  /// The cost of the entries in the cart, for the same currencies as ``total``.
  public private(set) var inCart: [Price] = []
  /// Entries whose item has no price.
  public private(set) var unpricedCount = 0

  /// Adds up a list's entries.
  /// - Parameters:
  ///   - entries: The list's entries.
  ///   - items: The catalogue items they point at, by id; an entry whose item is missing counts
  ///     as unpriced.
  /// - Complexity: O(*entries*).
  public init(entries: [ShoppingEntry], items: [UUID: ShoppingItem]) {
    var total: [Currency: Price] = [:]
    var inCart: [Currency: Price] = [:]
    for entry in entries {
      guard let price = items[entry.itemID]?.price else {
        unpricedCount += 1
        continue
      }
      let cost = price.multiplied(by: entry.quantity)
      let zero = Price.zero(price.currency)
      total[price.currency] = (total[price.currency] ?? zero) + cost
      // Every currency of the total has an in-cart figure, zero until something is in the cart.
      inCart[price.currency] = (inCart[price.currency] ?? zero) + (entry.isInCart ? cost : zero)
    }
    self.total = total.values.sorted { $0.currency.code < $1.currency.code }
    self.inCart = inCart.values.sorted { $0.currency.code < $1.currency.code }
  }
}
