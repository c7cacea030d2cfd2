import Foundation

/// The record of one shopping trip: what came out of a list's cart when shopping was
/// finished, with the prices of the time, in the order it went into the cart.
///
/// A trip belongs to the list's owner, whoever finished it; those the list is shared with
/// see it too. It outlives the list and the catalogue items it names.
public struct Trip: Identifiable, Hashable, Sendable {
  /// The shop a trip was in, as it was named then.
  public struct Shop: Hashable, Sendable {
    /// The shop's id.
    public var id: UUID
    /// Its name at the time.
    public var name: String

    /// Creates a shop reference.
    public init(id: UUID, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// The trip's identity.
  public var id: UUID
  /// The owner of the list (and of the catalogue the lines came from).
  public var ownerID: UUID
  /// The list that was shopped.
  public var listID: UUID
  /// The list's name at the time.
  public var listName: String
  /// The shop it was in, if one was picked for the list.
  public var shop: Shop?
  /// When shopping was finished.
  public var finishedAt: Date
  /// The id the client sent with the finish, so that sending it again answers this trip
  /// instead of recording another.
  public var clientID: UUID?
  /// What was bought, first into the cart first.
  public var lines: [TripLine]

  /// Creates a trip value.
  public init(
    id: UUID = UUID(), ownerID: UUID, listID: UUID, listName: String, shop: Shop? = nil,
    finishedAt: Date, clientID: UUID? = nil, lines: [TripLine]
  ) {
    self.id = id
    self.ownerID = ownerID
    self.listID = listID
    self.listName = listName
    self.shop = shop
    self.finishedAt = finishedAt
    self.clientID = clientID
    self.lines = lines
  }

  /// What the trip cost: one total per currency, by currency code. Lines without a price
  /// count for nothing.
  /// - Complexity: O(*lines*).
  public var totals: [Price] {
    Self.totals(lines.compactMap(\.cost))
  }

  /// Adds up prices, never across currencies.
  /// - Parameter prices: Prices in any currencies.
  /// - Returns: One sum per currency that occurs, by currency code.
  public static func totals(_ prices: [Price]) -> [Price] {
    var sums: [Currency: Price] = [:]
    for price in prices {
      sums[price.currency] = (sums[price.currency] ?? .zero(price.currency)) + price
    }
    return sums.values.sorted { $0.currency.code < $1.currency.code }
  }

  /// Whether `a` is listed before `b`: the newest first (the order of the store's index).
  public static func newestFirst(_ a: Trip, _ b: Trip) -> Bool {
    if a.finishedAt != b.finishedAt { return a.finishedAt > b.finishedAt }
    return a.id.uuidString > b.id.uuidString
  }
}
