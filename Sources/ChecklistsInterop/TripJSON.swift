import ChecklistsCore
import Foundation

/// A finished trip as JSON: the list, the shop, the lines with the prices of the time, and a
/// total per currency. `shop`, and each line's `unitPrice`, `cost` and `category`, are always
/// written, `null` when absent.
public struct TripJSON: Codable, Sendable, Equatable {
  /// The shop a trip was in.
  public struct Shop: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String
  }

  /// One line of a trip.
  public struct Line: Codable, Sendable, Equatable {
    public var itemID: UUID
    public var name: String
    public var quantity: Int
    public var unitPrice: PriceJSON?
    public var cost: PriceJSON?
    public var category: String?

    enum CodingKeys: String, CodingKey {
      case itemID, name, quantity, unitPrice, cost, category
    }

    /// Writes every key, with `null` for a missing price, cost or category.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(itemID, forKey: .itemID)
      try container.encode(name, forKey: .name)
      try container.encode(quantity, forKey: .quantity)
      try container.encode(unitPrice, forKey: .unitPrice)
      try container.encode(cost, forKey: .cost)
      try container.encode(category, forKey: .category)
    }
  }

  public var number: Int?
  public var id: UUID
  public var listID: UUID
  public var listName: String
  public var shop: Shop?
  public var finishedAt: String
  public var lines: [Line]
  public var totals: [PriceJSON]

  /// The JSON form of a trip.
  /// - Parameters:
  ///   - number: The number the CLI shows, where it shows one.
  ///   - locale: When given, prices carry `formatted` for this locale.
  public init(_ trip: Trip, number: Int? = nil, locale: Locale? = nil) {
    self.number = number
    id = trip.id
    listID = trip.listID
    listName = trip.listName
    shop = trip.shop.map { Shop(id: $0.id, name: $0.name) }
    finishedAt = ISOTimestamp.milliseconds(trip.finishedAt)
    lines = trip.lines.map { line in
      Line(
        itemID: line.itemID, name: line.name, quantity: line.quantity,
        unitPrice: line.unitPrice.map { PriceJSON($0, locale: locale) },
        cost: line.cost.map { PriceJSON($0, locale: locale) }, category: line.category)
    }
    totals = trip.totals.map { PriceJSON($0, locale: locale) }
  }

  enum CodingKeys: String, CodingKey {
    case number, id, listID, listName, shop, finishedAt, lines, totals
  }

  /// Writes every key, with `null` for a trip without a shop.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encode(id, forKey: .id)
    try container.encode(listID, forKey: .listID)
    try container.encode(listName, forKey: .listName)
    try container.encode(shop, forKey: .shop)
    try container.encode(finishedAt, forKey: .finishedAt)
    try container.encode(lines, forKey: .lines)
    try container.encode(totals, forKey: .totals)
  }
}

/// A catalogue item's price history as JSON: `{"item": …, "prices": [{"price", "since"}]}`,
/// oldest first; `price` is `null` where the price was cleared.
public struct PriceHistoryJSON: Codable, Sendable, Equatable {
  /// One price and when the item took it.
  public struct Step: Codable, Sendable, Equatable {
    public var price: PriceJSON?
    public var since: String

    enum CodingKeys: String, CodingKey { case price, since }

    /// Writes both keys, with `null` for a cleared price.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(price, forKey: .price)
      try container.encode(since, forKey: .since)
    }
  }

  public var item: ShoppingItemJSON
  public var prices: [Step]

  /// The JSON form of an item's price history.
  public init(item: ShoppingItem, prices: [PriceChange], locale: Locale? = nil) {
    self.item = ShoppingItemJSON(item, locale: locale)
    self.prices = prices.map { change in
      Step(
        price: change.price.map { PriceJSON($0, locale: locale) },
        since: ISOTimestamp.milliseconds(change.since))
    }
  }
}

/// Spending per month as JSON: `{"months": [{"month": "2026-11", "totals": [Price]}]}`, oldest
/// first, every month present.
public struct MonthlySpendingJSON: Codable, Sendable, Equatable {
  /// One month.
  public struct Month: Codable, Sendable, Equatable {
    public var month: String
    public var totals: [PriceJSON]
  }

  public var months: [Month]

  /// The JSON form of spending per month.
  public init(_ months: [MonthlySpending], locale: Locale? = nil) {
    self.months = months.map { month in
      Month(month: month.label, totals: month.totals.map { PriceJSON($0, locale: locale) })
    }
  }
}
