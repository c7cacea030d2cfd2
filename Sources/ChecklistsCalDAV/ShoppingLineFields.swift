/// What Checklists reads from and writes into a VTODO that is a shopping-list line.
public struct ShoppingLineFields: Equatable, Sendable {
  /// `UID`: stable for the life of the line.
  public var uid: String
  /// The product's name, such as "Milk".
  public var name: String
  /// How much, as the app shows it ("2 l"); nil for none.
  public var quantity: String?
  /// The price as shown ("1.99 EUR"); nil for none.
  public var price: String?
  /// The aisle (grocery category), such as "Dairy"; the first `CATEGORIES` value.
  public var category: String?
  /// Whether the line is in the cart: the VTODO's completion.
  public var inCart: Bool
  /// Notes of the line's own; "" for none.
  public var notes: String

  /// Creates fields; everything but the UID and name has a blank default.
  public init(
    uid: String, name: String, quantity: String? = nil, price: String? = nil,
    category: String? = nil, inCart: Bool = false, notes: String = ""
  ) {
    self.uid = uid
    self.name = name
    self.quantity = quantity
    self.price = price
    self.category = category
    self.inCart = inCart
    self.notes = notes
  }
}
