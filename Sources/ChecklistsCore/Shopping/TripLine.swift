import Foundation

/// One line of a finished trip: what was bought, how many, and what one cost then.
///
/// A copy, not a reference: renaming or repricing the catalogue item later leaves the trip as
/// it was, so the record says what the money went on at the time.
public struct TripLine: Hashable, Sendable {
  /// The catalogue item it was (which may have been renamed or deleted since).
  public var itemID: UUID
  /// The item's name at the time.
  public var name: String
  /// How many were bought: 1 to ``ShoppingEntry/maximumQuantity``.
  public var quantity: Int
  /// What one cost at the time, if the item had a price.
  public var unitPrice: Price?
  /// The item's category at the time, if it had one.
  public var category: String?

  /// Creates a line.
  public init(itemID: UUID, name: String, quantity: Int, unitPrice: Price?, category: String?) {
    self.itemID = itemID
    self.name = name
    self.quantity = quantity
    self.unitPrice = unitPrice
    self.category = category
  }

  /// The line of a shopping list as it goes out of the cart.
  /// - Parameter line: A line that is in the cart.
  public init(_ line: ShoppingLine) {
    self.init(
      itemID: line.item.id, name: line.item.name, quantity: line.entry.quantity,
      unitPrice: line.item.price, category: line.item.category)
  }

  /// What the line cost (unit price × quantity), if it had a price.
  public var cost: Price? {
    unitPrice?.multiplied(by: quantity)
  }
}
