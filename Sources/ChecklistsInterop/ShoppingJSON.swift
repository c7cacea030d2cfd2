import ChecklistsCore
import Foundation

/// A price as JSON: the exact amount as a decimal string, never a float, and its currency.
///
/// `{"amount": "1.99", "currency": "EUR", "minorUnits": 199}`; `formatted` is the server's or
/// the CLI's rendering for a locale, for clients that show it as it is.
public struct PriceJSON: Codable, Sendable, Equatable {
  public var amount: String
  public var currency: String
  public var minorUnits: Int64
  public var formatted: String?

  /// The JSON form of a price.
  /// - Parameter locale: When given, `formatted` is the price as a person there reads it.
  public init(_ price: Price, locale: Locale? = nil) {
    amount = price.decimalString
    currency = price.currency.code
    minorUnits = price.minorUnits
    formatted = locale.map(price.formatted)
  }
}

/// A catalogue item as JSON. `price`, `unit` and `category` are always written, `null` when
/// absent.
public struct ShoppingItemJSON: Codable, Sendable, Equatable {
  /// The number the CLI shows, where it shows one.
  public var number: Int?
  public var id: UUID
  public var name: String
  public var price: PriceJSON?
  public var unit: String?
  public var category: String?
  /// The catalogue's section: the first letter, or "#".
  public var section: String
  public var revision: Int64
  public var createdAt: String
  public var updatedAt: String

  /// The JSON form of a catalogue item.
  public init(_ item: ShoppingItem, number: Int? = nil, locale: Locale? = nil) {
    self.number = number
    id = item.id
    name = item.name
    price = item.price.map { PriceJSON($0, locale: locale) }
    unit = item.unit
    category = item.category
    section = item.sectionTitle
    revision = item.revision
    createdAt = ISOTimestamp.milliseconds(item.createdAt)
    updatedAt = ISOTimestamp.milliseconds(item.updatedAt)
  }

  enum CodingKeys: String, CodingKey {
    case number, id, name, price, unit, category, section, revision, createdAt, updatedAt
  }

  /// Writes every key, with `null` for a missing price, unit or category.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(price, forKey: .price)
    try container.encode(unit, forKey: .unit)
    try container.encode(category, forKey: .category)
    try container.encode(section, forKey: .section)
    try container.encode(revision, forKey: .revision)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
  }
}

/// A shopping list as JSON, with its counts.
public struct ShoppingListJSON: Codable, Sendable, Equatable {
  public var number: Int?
  public var id: UUID
  public var name: String
  public var entryCount: Int
  public var inCartCount: Int
  /// Entries not yet in the cart: what the list's row shows ("3 to get").
  public var remainingCount: Int
  public var revision: Int64
  public var createdAt: String
  public var updatedAt: String
  /// For a list someone shared with the reader: its owner's name and the reader's role.
  /// Absent for the reader's own lists.
  public var owner: String?
  public var role: String?

  /// The JSON form of a shopping list.
  public init(_ list: ShoppingList, number: Int? = nil) {
    self.number = number
    id = list.id
    name = list.name
    entryCount = list.entryCount
    inCartCount = list.inCartCount
    remainingCount = list.entryCount - list.inCartCount
    revision = list.revision
    createdAt = ISOTimestamp.milliseconds(list.createdAt)
    updatedAt = ISOTimestamp.milliseconds(list.updatedAt)
    owner = list.sharing?.ownerName
    role = list.sharing?.role.rawValue
  }
}

/// One line of a shopping list as JSON: the catalogue item, how many, whether it is in the
/// cart, and what it costs (`null` without a price).
public struct ShoppingLineJSON: Codable, Sendable, Equatable {
  public var number: Int?
  public var item: ShoppingItemJSON
  public var quantity: Int
  public var inCart: Bool
  public var cost: PriceJSON?
  /// The list's revision when the entry last changed.
  public var revision: Int64
  /// While it is in the cart, when it went in (a counter of the list): the order of the walk.
  public var cartOrder: Int64?

  /// The JSON form of a line.
  public init(_ line: ShoppingLine, number: Int? = nil, locale: Locale? = nil) {
    self.number = number
    item = ShoppingItemJSON(line.item, locale: locale)
    quantity = line.entry.quantity
    inCart = line.entry.isInCart
    cost = line.cost.map { PriceJSON($0, locale: locale) }
    revision = line.entry.revision
    cartOrder = line.entry.cartOrder
  }

  enum CodingKeys: String, CodingKey {
    case number, item, quantity, inCart, cost, revision, cartOrder
  }

  /// Writes every key, with `null` for a missing cost.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encode(item, forKey: .item)
    try container.encode(quantity, forKey: .quantity)
    try container.encode(inCart, forKey: .inCart)
    try container.encode(cost, forKey: .cost)
    try container.encode(revision, forKey: .revision)
    try container.encode(cartOrder, forKey: .cartOrder)
  }
}

/// A list's totals as JSON: one price per currency for the whole list and for the cart.
public struct ShoppingTotalsJSON: Codable, Sendable, Equatable {
  public var total: [PriceJSON]
  public var inCart: [PriceJSON]
  public var unpricedCount: Int

  /// The JSON form of totals.
  public init(_ totals: ShoppingTotals, locale: Locale? = nil) {
    total = totals.total.map { PriceJSON($0, locale: locale) }
    inCart = totals.inCart.map { PriceJSON($0, locale: locale) }
    unpricedCount = totals.unpricedCount
  }
}

/// A shopping list with its lines in shopping order and its totals.
public struct ShoppingListContentsJSON: Codable, Sendable, Equatable {
  public var list: ShoppingListJSON
  /// The shop picked for the list (one of its owner's), whose order the lines are in.
  public var shop: ShopJSON?
  public var lines: [ShoppingLineJSON]
  public var totals: ShoppingTotalsJSON

  /// The JSON form of a list's contents. Lines are numbered from 1 when `numbered`.
  public init(_ contents: ShoppingListContents, numbered: Bool = false, locale: Locale? = nil) {
    list = ShoppingListJSON(contents.list)
    shop = contents.shop.map(ShopJSON.init)
    lines = contents.lines.enumerated().map { index, line in
      ShoppingLineJSON(line, number: numbered ? index + 1 : nil, locale: locale)
    }
    totals = ShoppingTotalsJSON(contents.totals, locale: locale)
  }

  enum CodingKeys: String, CodingKey {
    case list, shop, lines, totals
  }

  /// Writes every key, with `null` when no shop is picked.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(list, forKey: .list)
    try container.encode(shop, forKey: .shop)
    try container.encode(lines, forKey: .lines)
    try container.encode(totals, forKey: .totals)
  }
}
