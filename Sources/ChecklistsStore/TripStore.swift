import ChecklistsCore
import Foundation

/// Whose trips a read covers: a user's own (every list they own, deleted ones too), or one
/// list's.
public enum TripScope: Hashable, Sendable {
  /// The trips of every list the user owns.
  case owner(UUID)
  /// The trips of one list.
  case list(UUID)
}

/// The reading primitives for trips and price history, part of every shopping transaction
/// (``ShoppingStoreReader``), so a trip is recorded in the transaction that finishes it.
public protocol TripStoreReader {
  /// The trip with this id, with its lines.
  func trip(id: UUID) throws -> Trip?

  /// The trip a finish with this client id recorded, whichever list it was on.
  /// - Complexity: O(log *n*) through a unique index.
  func trip(clientID: UUID) throws -> Trip?

  /// The scope's trips finished before `before` (all when nil), newest first, at most `limit`,
  /// with their lines.
  /// - Complexity: O(log *n* + `limit` × lines) through an index on the scope and the date:
  ///   more trips do not make a page dearer.
  func trips(in scope: TripScope, before: Date?, limit: Int?) throws -> [Trip]

  /// When each of the scope's trips since `start` was finished, and its totals per currency.
  /// - Complexity: O(log *n* + the lines of those trips); no trip outside them is read.
  func tripTotals(in scope: TripScope, since start: Date) throws -> [(
    finishedAt: Date, totals: [Price]
  )]

  /// A catalogue item's recorded prices, oldest first.
  func priceChanges(itemID: UUID) throws -> [PriceChange]
}

/// The writing primitives for trips and price history, part of every shopping write
/// (``ShoppingStoreWriter``).
public protocol TripStoreWriter: TripStoreReader {
  /// Records a trip and its lines.
  func insertTrip(_ trip: Trip) throws

  /// Records that an item took a price (or lost it).
  func insertPriceChange(_ change: PriceChange) throws
}
