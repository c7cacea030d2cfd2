import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v17: finished trips with their lines, and every catalogue item's price history. Both
  /// engines run it.
  ///
  /// A trip keeps copies (the list's and items' names, the prices of the time) and no foreign
  /// key to the list or the items: the record outlives them. It goes with its owner. Trips are
  /// read a page at a time, newest first, through an index on the owner or the list and the
  /// date. The prices items already have become the first step of their history, dated by the
  /// item's last change (the closest the database knows).
  static func migrateToTrips(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    try db.execute(
      """
      CREATE TABLE trips (
        id \(text) PRIMARY KEY NOT NULL,
        owner_id \(text) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        list_id \(text) NOT NULL,
        list_name \(text) NOT NULL,
        shop_id \(text),
        shop_name \(text),
        -- The id a client sent with the finish: the same finish sent again answers this trip.
        client_id \(text) UNIQUE,
        finished_at DOUBLE PRECISION NOT NULL,
        CHECK ((shop_id IS NULL) = (shop_name IS NULL)));
      CREATE INDEX trips_by_owner ON trips(owner_id, finished_at);
      CREATE INDEX trips_by_list ON trips(list_id, finished_at);

      CREATE TABLE trip_lines (
        trip_id \(text) NOT NULL REFERENCES trips(id) ON DELETE CASCADE,
        -- The order the lines went into the cart.
        position BIGINT NOT NULL,
        item_id \(text) NOT NULL,
        name \(text) NOT NULL,
        quantity BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 999),
        price_minor_units BIGINT CHECK (price_minor_units >= 0),
        currency \(text),
        category \(text),
        CHECK ((price_minor_units IS NULL) = (currency IS NULL)),
        PRIMARY KEY (trip_id, position));

      -- Each price an item took, keyed by the item's revision that set it.
      CREATE TABLE price_changes (
        item_id \(text) NOT NULL REFERENCES shopping_items(id) ON DELETE CASCADE,
        revision BIGINT NOT NULL,
        price_minor_units BIGINT CHECK (price_minor_units >= 0),
        currency \(text),
        changed_at DOUBLE PRECISION NOT NULL,
        CHECK ((price_minor_units IS NULL) = (currency IS NULL)),
        PRIMARY KEY (item_id, revision));

      INSERT INTO price_changes (item_id, revision, price_minor_units, currency, changed_at)
        SELECT id, revision, price_minor_units, currency, updated_at FROM shopping_items
        WHERE price_minor_units IS NOT NULL;
      """)
  }
}

extension SQLChecklistStore.Transaction: TripStoreWriter {
  private static let tripColumns = """
    id, owner_id, list_id, list_name, shop_id, shop_name, client_id, finished_at
    """

  // MARK: Reading

  func trip(id: UUID) throws -> Trip? {
    try withLines(
      db.query("SELECT \(Self.tripColumns) FROM trips WHERE id = ?", id, map: Self.trip)
    ).first
  }

  func trip(clientID: UUID) throws -> Trip? {
    try withLines(
      db.query(
        "SELECT \(Self.tripColumns) FROM trips WHERE client_id = ?", clientID, map: Self.trip)
    ).first
  }

  func trips(in scope: TripScope, before: Date?, limit: Int?) throws -> [Trip] {
    let (column, id) = Self.column(scope)
    var arguments: [any SQLValueConvertible] = [id]
    var sql = "SELECT \(Self.tripColumns) FROM trips WHERE \(column) = ?"
    if let before {
      sql += " AND finished_at < ?"
      arguments.append(before)
    }
    sql += " ORDER BY finished_at DESC, id DESC"
    if let limit {
      sql += " LIMIT ?"
      arguments.append(max(0, limit))
    }
    return try withLines(db.query(sql, arguments: arguments, map: Self.trip))
  }

  func tripTotals(in scope: TripScope, since start: Date) throws -> [(
    finishedAt: Date, totals: [Price]
  )] {
    let (column, id) = Self.column(scope)
    let rows = try db.query(
      """
      SELECT trips.id, trips.finished_at, trip_lines.currency,
        CAST(SUM(trip_lines.quantity * trip_lines.price_minor_units) AS BIGINT)
      FROM trips JOIN trip_lines ON trip_lines.trip_id = trips.id
      WHERE trips.\(column) = ? AND trips.finished_at >= ? AND trip_lines.currency IS NOT NULL
      GROUP BY trips.id, trips.finished_at, trip_lines.currency
      ORDER BY trips.finished_at, trips.id, trip_lines.currency
      """, id, start
    ) { row in
      (
        id: row.string(0), finishedAt: row.date(1),
        price: Price(minorUnits: row.int64(3), currency: try Self.tripCurrency(row.string(2)))
      )
    }
    var result: [(finishedAt: Date, totals: [Price])] = []
    var lastID: String?
    for row in rows {
      if row.id == lastID {
        result[result.count - 1].totals.append(row.price)
      } else {
        result.append((row.finishedAt, [row.price]))
        lastID = row.id
      }
    }
    return result
  }

  func priceChanges(itemID: UUID) throws -> [PriceChange] {
    try db.query(
      """
      SELECT item_id, revision, price_minor_units, currency, changed_at FROM price_changes
      WHERE item_id = ? ORDER BY revision
      """, itemID
    ) { row in
      PriceChange(
        itemID: try row.uuid(0), revision: row.int64(1),
        price: try Self.price(row, minorUnits: 2, currency: 3), since: row.date(4))
    }
  }

  // MARK: Writing

  func insertTrip(_ trip: Trip) throws {
    try db.run(
      "INSERT INTO trips (\(Self.tripColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", trip.id,
      trip.ownerID, trip.listID, trip.listName, trip.shop?.id, trip.shop?.name, trip.clientID,
      trip.finishedAt)
    for (position, line) in trip.lines.enumerated() {
      try db.run(
        """
        INSERT INTO trip_lines (trip_id, position, item_id, name, quantity, price_minor_units,
                                currency, category)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """, trip.id, position, line.itemID, line.name, line.quantity,
        line.unitPrice?.minorUnits, line.unitPrice?.currency.code, line.category)
    }
  }

  func insertPriceChange(_ change: PriceChange) throws {
    // An item changed twice in one revision keeps the later price.
    try db.run(
      """
      INSERT INTO price_changes (item_id, revision, price_minor_units, currency, changed_at)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (item_id, revision) DO UPDATE SET price_minor_units = excluded.price_minor_units,
        currency = excluded.currency, changed_at = excluded.changed_at
      """, change.itemID, change.revision, change.price?.minorUnits, change.price?.currency.code,
      change.since)
  }

  // MARK: Rows

  private static func column(_ scope: TripScope) -> (String, UUID) {
    switch scope {
    case .owner(let id): ("owner_id", id)
    case .list(let id): ("list_id", id)
    }
  }

  /// The trips with their lines, read in one query for the whole page.
  private func withLines(_ trips: [Trip]) throws -> [Trip] {
    guard !trips.isEmpty else { return trips }
    let marks = Array(repeating: "?", count: trips.count).joined(separator: ", ")
    let lines = try db.query(
      """
      SELECT trip_id, item_id, name, quantity, price_minor_units, currency, category
      FROM trip_lines WHERE trip_id IN (\(marks)) ORDER BY trip_id, position
      """, arguments: trips.map(\.id)
    ) { row in
      (
        tripID: try row.uuid(0),
        line: TripLine(
          itemID: try row.uuid(1), name: row.string(2), quantity: row.int(3),
          unitPrice: try Self.price(row, minorUnits: 4, currency: 5),
          category: row.optionalString(6))
      )
    }
    var byTrip: [UUID: [TripLine]] = [:]
    for (tripID, line) in lines { byTrip[tripID, default: []].append(line) }
    return trips.map { trip in
      var trip = trip
      trip.lines = byTrip[trip.id] ?? []
      return trip
    }
  }

  private static func trip(_ row: SQLRow) throws -> Trip {
    var shop: Trip.Shop?
    if let shopID = try row.optionalUUID(4) {
      shop = Trip.Shop(id: shopID, name: row.string(5))
    }
    return Trip(
      id: try row.uuid(0), ownerID: try row.uuid(1), listID: try row.uuid(2),
      listName: row.string(3), shop: shop, finishedAt: row.date(7),
      clientID: try row.optionalUUID(6), lines: [])
  }

  private static func price(_ row: SQLRow, minorUnits: Int32, currency: Int32) throws -> Price? {
    guard !row.isNull(minorUnits) else { return nil }
    return Price(
      minorUnits: row.int64(minorUnits), currency: try tripCurrency(row.string(currency)))
  }

  private static func tripCurrency(_ code: String) throws -> Currency {
    guard let currency = Currency(code: code) else {
      throw ChecklistsError(
        .storage, MessageText("errors.database.databaseHoldsUnknownCurrency", ["code": "\(code)"]))
    }
    return currency
  }
}
