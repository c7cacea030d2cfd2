import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ShoppingService {
  // MARK: - Reading trips

  /// The most trips one page may hold.
  public static let maximumTripPage = 100

  /// The trips of the user's own lists and of the lists shared with them, newest first.
  /// - Parameters:
  ///   - listID: Only this list's trips (one of the user's, even deleted, or shared with them).
  ///   - before: Only trips finished before this instant: the next page after one that ended
  ///     with a trip finished then.
  ///   - limit: At most this many, 1 to ``maximumTripPage``.
  /// - Returns: The trips with their lines.
  /// - Throws: `notFound` for a list the user cannot see, `invalidInput` for a bad limit.
  /// - Complexity: O(`limit` × (1 + *shared lists*)) trips read through indexes on the list or
  ///   the owner and the date, however many trips there are.
  public func trips(list listID: UUID? = nil, before: Date? = nil, limit: Int = 20) throws
    -> [Trip]
  {
    guard (1...Self.maximumTripPage).contains(limit) else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.trip.pageTripsHolds",
          ["maximumTripPage": "\(Self.maximumTripPage)", "limit": "\(limit)"]))
    }
    return try store.readShopping { tx in
      let shared = try sharedListIDs(in: tx)
      var trips: [Trip] = []
      for scope in try tripScopes(list: listID, shared: shared, in: tx) {
        trips += try tx.trips(in: scope, before: before, limit: limit)
      }
      trips = trips.filter { $0.ownerID == owner.id || shared.contains($0.listID) }
      return Array(trips.sorted(by: Trip.newestFirst).prefix(limit))
    }
  }

  /// Every trip the user sees (see ``trips(list:before:limit:)``), oldest first: for an export.
  /// - Complexity: O(*trips*).
  public func allTrips(list listID: UUID? = nil) throws -> [Trip] {
    try store.readShopping { tx in
      let shared = try sharedListIDs(in: tx)
      var trips: [Trip] = []
      for scope in try tripScopes(list: listID, shared: shared, in: tx) {
        trips += try tx.trips(in: scope, before: nil, limit: nil)
      }
      trips = trips.filter { $0.ownerID == owner.id || shared.contains($0.listID) }
      return trips.sorted(by: Trip.newestFirst).reversed()
    }
  }

  /// One trip of the user's lists or of a list shared with them.
  /// - Throws: `notFound` when there is no such trip or the user may not see it.
  public func trip(id: UUID) throws -> Trip {
    try store.readShopping { tx in
      guard let trip = try tx.trip(id: id), try mayRead(trip, in: tx) else {
        throw ChecklistsError(.notFound, MessageText("errors.trip.noSuchId", ["id": id.uuidString]))
      }
      return trip
    }
  }

  /// What the user's trips (and those of the lists shared with them) cost per calendar month.
  /// - Parameters:
  ///   - months: How many months up to this one, 1 to ``MonthlySpending/maximumMonths``.
  ///   - timeZone: Where the months begin and end.
  ///   - listID: Only this list's trips.
  /// - Returns: Every month, oldest first, with empty totals where nothing was spent.
  /// - Throws: `invalidInput` for a bad month count, `notFound` for a list the user cannot see.
  /// - Complexity: O(the lines of the trips in those months).
  public func spending(months: Int = 12, in timeZone: TimeZone, list listID: UUID? = nil)
    throws -> [MonthlySpending]
  {
    guard (1...MonthlySpending.maximumMonths).contains(months) else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.trip.spendingCoversMonths",
          ["maximumMonths": "\(MonthlySpending.maximumMonths)", "months": "\(months)"]))
    }
    let date = now()
    let start = MonthlySpending.start(ofMonths: months, endingAt: date, in: timeZone)
    let totals = try store.readShopping { tx in
      var totals: [(finishedAt: Date, totals: [Price])] = []
      let shared = try sharedListIDs(in: tx)
      for scope in try tripScopes(list: listID, shared: shared, in: tx) {
        totals += try tx.tripTotals(in: scope, since: start)
      }
      return totals
    }
    return MonthlySpending.months(of: totals, count: months, endingAt: date, in: timeZone)
  }

  // MARK: - Price history

  /// A catalogue item of the user's with every price it has had, oldest first. An item that
  /// never had a price has an empty history.
  /// - Throws: `notFound` when the item does not exist or is someone else's.
  public func priceHistory(itemID: UUID) throws -> (item: ShoppingItem, prices: [PriceChange]) {
    try store.readShopping { tx in
      let item = try ownedItem(itemID, in: tx)
      var prices = try tx.priceChanges(itemID: itemID)
      // A price set where no history was kept (the seed catalogue) still shows as it is now.
      if prices.last?.price != item.price, !(prices.isEmpty && item.price == nil) {
        prices.append(PriceChange(item))
      }
      return (item, prices)
    }
  }

  /// Records an item's price in its history when it is new or differs from `previous`.
  /// - Parameters:
  ///   - item: The item as it is now, written in this transaction.
  ///   - previous: Its price before the write; nil for a new item.
  func recordPrice(of item: ShoppingItem, previous: Price?? = nil, in tx: any ShoppingStoreWriter)
    throws
  {
    switch previous {
    case .none where item.price == nil: return
    case .some(let before) where before == item.price: return
    default: try tx.insertPriceChange(PriceChange(item))
    }
  }

  // MARK: - Recording a trip

  /// Records the trip of a list's cart, in the transaction that finishes shopping: its lines
  /// in the order of the walk, with the prices of the moment; then lets the shop learn the
  /// walk.
  /// - Returns: The trip, or nil when the cart is empty.
  func recordTrip(
    of list: ShoppingList, clientID: UUID?, in tx: any ShoppingStoreWriter
  ) throws -> Trip? {
    var lines: [ShoppingLine] = []
    for entry in try tx.entries(listID: list.id) where entry.isInCart {
      if let item = try tx.shoppingItem(id: entry.itemID) {
        lines.append(ShoppingLine(entry: entry, item: item))
      }
    }
    guard !lines.isEmpty else { return nil }
    // The shopping order first, so lines the walk cannot place keep an order that is stable.
    let walk = cartWalk(lines.sorted(by: ShoppingListContents.shoppingOrder))
    let shop = try tripShop(of: list, in: tx)
    let trip = Trip(
      ownerID: list.ownerID, listID: list.id, listName: list.name,
      shop: shop.map { Trip.Shop(id: $0.id, name: $0.name) }, finishedAt: now(),
      clientID: clientID, lines: walk.map(TripLine.init))
    try tx.insertTrip(trip)
    if let shop { try learnWalk(shopID: shop.id, walk: walk, in: tx) }
    return trip
  }

  /// The trip an earlier finish with `clientID` recorded, if any.
  /// - Throws: `conflict` when the id was used for another list's finish, or is not the user's.
  func replayedTrip(clientID: UUID, listID: UUID, in tx: any ShoppingStoreReader) throws -> Trip? {
    guard let trip = try tx.trip(clientID: clientID) else { return nil }
    guard trip.listID == listID, try mayRead(trip, in: tx) else {
      throw ChecklistsError(
        .conflict, MessageText("errors.id.taken", ["id": clientID.uuidString]))
    }
    return trip
  }

  // MARK: - Rules

  /// Whose trips the user sees: their own lists', and each shopping list's shared with them;
  /// or one list's of those.
  /// - Throws: `notFound` for a list the user cannot see.
  private func tripScopes(list listID: UUID?, shared: Set<UUID>, in tx: any ShoppingStoreReader)
    throws -> [TripScope]
  {
    guard let listID else { return [.owner(owner.id)] + shared.map { .list($0) } }
    if try tx.shoppingList(id: listID) != nil {
      _ = try accessibleList(listID, for: .read, in: tx)
    } else if try tx.trips(in: .list(listID), before: nil, limit: 1).first?.ownerID != owner.id {
      // A deleted list's trips stay its owner's to read (one list's trips are all its owner's).
      throw ChecklistsError(
        .notFound, MessageText("errors.shopping.noSuchListId", ["id": listID.uuidString]))
    }
    return [.list(listID)]
  }

  /// The shopping lists shared with the user.
  private func sharedListIDs(in tx: any ShoppingStoreReader) throws -> Set<UUID> {
    Set(try tx.shares(userID: owner.id).filter { $0.scope == .shoppingList }.map(\.collectionID))
  }

  /// Whether the user may read a trip: it is of a list they own, or one shared with them.
  private func mayRead(_ trip: Trip, in tx: any ShoppingStoreReader) throws -> Bool {
    if trip.ownerID == owner.id { return true }
    return try sharedListIDs(in: tx).contains(trip.listID)
  }
}
