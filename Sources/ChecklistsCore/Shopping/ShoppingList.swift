import ChecklistsMessages
import Foundation

/// A named shopping list ("Weekly", "Party") of entries that point at catalogue items.
public struct ShoppingList: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the list.
  public var id: UUID
  /// The user who owns it.
  public var ownerID: UUID
  /// The list's name, unique ignoring case among the user's shopping lists.
  public var name: String
  /// Increases with every change to the list or its entries.
  public var revision: Int64
  /// When the list was created.
  public var createdAt: Date
  /// When the list or one of its entries last changed.
  public var updatedAt: Date
  /// How many entries the list has (kept by the store).
  public var entryCount: Int
  /// How many of them are in the cart (kept by the store).
  public var inCartCount: Int
  /// For a list someone else shared with the user reading it: the owner's name and the
  /// user's role. Nil for the user's own lists.
  public var sharing: SharedFrom?

  /// Creates a list value.
  public init(
    id: UUID = UUID(), ownerID: UUID, name: String, revision: Int64 = 1, createdAt: Date,
    updatedAt: Date? = nil, entryCount: Int = 0, inCartCount: Int = 0
  ) {
    self.id = id
    self.ownerID = ownerID
    self.name = name
    self.revision = revision
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.entryCount = entryCount
    self.inCartCount = inCartCount
  }

  /// A list name made valid: trimmed, not empty, at most 200 characters, one line.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedName(_ raw: String) throws -> String {
    try TextRules.validated(
      raw, field: MessageCatalogue.english.text("errors.field.shoppingListName"),
      maximumLength: TextRules.maximumListNameLength)
  }

  /// The list the first use creates, as the original app had one shopping list.
  public static let firstListName = "Shopping List"
}

/// One line of a shopping list: a catalogue item, how many, and whether it is in the cart.
///
/// A list holds an item at most once, so the item identifies the entry within its list.
public struct ShoppingEntry: Identifiable, Hashable, Sendable, Codable {
  /// The entry's identity within its list: its catalogue item.
  public var id: UUID { itemID }
  /// The list it is on.
  public var listID: UUID
  /// The catalogue item it is for.
  public var itemID: UUID
  /// How many to buy: 1 to ``maximumQuantity``.
  public var quantity: Int
  /// Whether it is in the cart (checked off while shopping).
  public var isInCart: Bool
  /// The list's revision when the entry last changed.
  public var revision: Int64
  /// While it is in the cart: when it went in, on a counter of its list (the list's revision
  /// then), so a trip's walk through the shop can be read back in order. Nil out of the cart.
  public var cartOrder: Int64?

  /// Creates an entry value.
  public init(
    listID: UUID, itemID: UUID, quantity: Int = 1, isInCart: Bool = false, revision: Int64 = 1,
    cartOrder: Int64? = nil
  ) {
    self.listID = listID
    self.itemID = itemID
    self.quantity = quantity
    self.isInCart = isInCart
    self.revision = revision
    self.cartOrder = cartOrder
  }

  /// The most of one item a list may ask for.
  public static let maximumQuantity = 999

  /// A quantity made valid.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` for 0, negative or huge counts.
  public static func validatedQuantity(_ quantity: Int) throws -> Int {
    guard (1...maximumQuantity).contains(quantity) else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.shopping.quantityMustWhole",
          ["maximumQuantity": "\(maximumQuantity)", "quantity": "\(quantity)"]))
    }
    return quantity
  }
}
