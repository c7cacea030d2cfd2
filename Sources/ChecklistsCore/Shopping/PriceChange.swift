import Foundation

/// One step of a catalogue item's price history: the price it took (or that it lost its
/// price) and when.
public struct PriceChange: Hashable, Sendable {
  /// The catalogue item.
  public var itemID: UUID
  /// The item's revision that set the price: orders changes made in the same instant.
  public var revision: Int64
  /// The new price; nil when the price was cleared.
  public var price: Price?
  /// When the item took this price.
  public var since: Date

  /// Creates a price change.
  public init(itemID: UUID, revision: Int64, price: Price?, since: Date) {
    self.itemID = itemID
    self.revision = revision
    self.price = price
    self.since = since
  }

  /// The change an item's current price stands for.
  /// - Parameter item: The item as it is now.
  public init(_ item: ShoppingItem) {
    self.init(itemID: item.id, revision: item.revision, price: item.price, since: item.updatedAt)
  }
}
