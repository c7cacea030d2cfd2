import Foundation

/// A catalogue item as another app or a file holds it, ready to import.
public struct PortableShoppingItem: Hashable, Sendable {
  /// The identity it had, kept when no other item has it.
  public var id: UUID?
  /// Its name, not yet validated.
  public var name: String
  /// Its price, if it has one.
  public var price: Price?
  /// Whether it was on the shopping list.
  public var isOnShoppingList: Bool

  /// Creates an item to import.
  public init(id: UUID? = nil, name: String, price: Price?, isOnShoppingList: Bool) {
    self.id = id
    self.name = name
    self.price = price
    self.isOnShoppingList = isOnShoppingList
  }
}

/// What an import of catalogue items did.
public struct ShoppingImportReport: Hashable, Sendable, Codable {
  /// Items new to the catalogue.
  public var added = 0
  /// Items that were already there (same name ignoring case) and took the file's price.
  public var updated = 0
  /// Entries put on the shopping list.
  public var putOnList = 0
  /// Items left out because they had no name.
  public var skippedWithoutName = 0

  /// An empty report.
  public init() {}
}
