import Foundation

/// Where one category (aisle) comes in a shop, learned from trips or set by dragging.
public struct ShopSection: Hashable, Sendable, Codable {
  /// The category, spelled as the shop first saw it ("Dairy").
  public var category: String
  /// Its place in the shop from 0 (the entrance) to 1 (the till).
  public var rank: Double
  /// How many trips (or a drag's worth of them) the rank stands for: how firmly it is held.
  public var trips: Int

  /// Creates a section.
  public init(category: String, rank: Double, trips: Int) {
    self.category = category
    self.rank = rank
    self.trips = trips
  }

  /// The form of a category a shop's sections are keyed by: "Dairy" and "dairy" are one aisle.
  public static func key(_ category: String) -> String {
    category.lowercased()
  }

  /// The most sections a shop keeps.
  public static let maximumCount = 500
}

/// Where one catalogue item comes inside its section of a shop.
public struct ShopRank: Hashable, Sendable, Codable {
  /// Its place in its section from 0 to 1.
  public var rank: Double
  /// How many trips the rank stands for.
  public var trips: Int

  /// Creates a rank.
  public init(rank: Double, trips: Int) {
    self.rank = rank
    self.trips = trips
  }
}
