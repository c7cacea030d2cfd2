import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v16: shops, the order of their sections and of the items inside them, the shop each
  /// shopping list was last shopped in, and when each entry went into the cart. Written once
  /// for both engines: only the text type, the integer type and SQLite's `WITHOUT ROWID` and
  /// trigger syntax differ.
  static func migrateToShops(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    let integer = db.dialect.integer
    let withoutRowID = db.dialect.withoutRowID
    try db.execute(
      """
      CREATE TABLE shops (
        id \(text) PRIMARY KEY NOT NULL,
        owner_id \(text) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name \(text) NOT NULL,
        -- The name lower-cased: unique per owner.
        name_key \(text) NOT NULL,
        revision \(integer) NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        UNIQUE (owner_id, name_key));

      -- A category's place in a shop, 0 (the entrance) to 1, and how many trips it stands for.
      CREATE TABLE shop_sections (
        shop_id \(text) NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
        -- The category lower-cased: "Dairy" and "dairy" are one aisle.
        category_key \(text) NOT NULL,
        category \(text) NOT NULL,
        rank DOUBLE PRECISION NOT NULL CHECK (rank BETWEEN 0 AND 1),
        trips \(integer) NOT NULL CHECK (trips >= 1),
        PRIMARY KEY (shop_id, category_key))\(withoutRowID);

      -- An item's place inside its section of a shop.
      CREATE TABLE shop_item_ranks (
        shop_id \(text) NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
        item_id \(text) NOT NULL REFERENCES shopping_items(id) ON DELETE CASCADE,
        rank DOUBLE PRECISION NOT NULL CHECK (rank BETWEEN 0 AND 1),
        trips \(integer) NOT NULL CHECK (trips >= 1),
        PRIMARY KEY (shop_id, item_id))\(withoutRowID);
      CREATE INDEX shop_item_ranks_by_item ON shop_item_ranks(item_id);

      -- The shop a list was last shopped in; none when it is deleted.
      ALTER TABLE shopping_lists ADD COLUMN shop_id \(text) REFERENCES shops(id) ON DELETE SET NULL;
      CREATE INDEX shopping_lists_by_shop ON shopping_lists(shop_id);

      -- While an entry is in the cart, when it went in (the list's revision then): the walk.
      ALTER TABLE shopping_entries ADD COLUMN cart_order \(integer);
      """)
    // A deleted shop's id stays spent, as every other id a client may choose.
    try db.execute(
      db.dialect.afterDeleteTriggers(
        [("shop_ids_kept_on_delete", "shops")], function: "shop_ids_kept_on_delete",
        body: """
          INSERT INTO deleted_ids (id, kind, owner_id)
            VALUES (OLD.id, 'shop', OLD.owner_id) ON CONFLICT DO NOTHING;
          """))
  }
}

extension SQLChecklistStore.Transaction: ShopStoreWriter {
  private static let shopColumns = "id, owner_id, name, revision, created_at, updated_at"

  // MARK: Reading

  func shops(ownerID: UUID) throws -> [Shop] {
    try db.query("SELECT \(Self.shopColumns) FROM shops WHERE owner_id = ?", ownerID) {
      try Self.shop($0)
    }.map(withOrder)
  }

  func shop(id: UUID) throws -> Shop? {
    try db.queryFirst("SELECT \(Self.shopColumns) FROM shops WHERE id = ?", id) {
      try Self.shop($0)
    }.map(withOrder)
  }

  func shop(ownerID: UUID, named name: String) throws -> Shop? {
    try db.queryFirst(
      "SELECT \(Self.shopColumns) FROM shops WHERE owner_id = ? AND name_key = ?", ownerID,
      Shop.uniquenessKey(name)
    ) { try Self.shop($0) }.map(withOrder)
  }

  func shopID(ofList listID: UUID) throws -> UUID? {
    try db.queryFirst("SELECT shop_id FROM shopping_lists WHERE id = ?", listID) {
      try $0.optionalUUID(0)
    } ?? nil
  }

  /// The shop with its sections and item ranks read.
  private func withOrder(_ shop: Shop) throws -> Shop {
    var shop = shop
    shop.setSections(
      try db.query("SELECT category, rank, trips FROM shop_sections WHERE shop_id = ?", shop.id) {
        ShopSection(category: $0.string(0), rank: $0.double(1), trips: $0.int(2))
      })
    let ranks = try db.query(
      "SELECT item_id, rank, trips FROM shop_item_ranks WHERE shop_id = ?", shop.id
    ) { (try $0.uuid(0), ShopRank(rank: $0.double(1), trips: $0.int(2))) }
    shop.itemRanks = Dictionary(ranks) { first, _ in first }
    return shop
  }

  // MARK: Writing

  func insertShop(_ shop: Shop) throws {
    try db.run(
      """
      INSERT INTO shops (id, owner_id, name, name_key, revision, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, shop.id, shop.ownerID, shop.name, Shop.uniquenessKey(shop.name), shop.revision,
      shop.createdAt, shop.updatedAt)
    try insertSections(of: shop)
    try saveItemRanks(shop.itemRanks, shopID: shop.id)
  }

  func updateShop(_ shop: Shop) throws {
    try db.run(
      "UPDATE shops SET name = ?, name_key = ?, revision = ?, updated_at = ? WHERE id = ?",
      shop.name, Shop.uniquenessKey(shop.name), shop.revision, shop.updatedAt, shop.id)
    try db.run("DELETE FROM shop_sections WHERE shop_id = ?", shop.id)
    try insertSections(of: shop)
  }

  func saveItemRanks(_ ranks: [UUID: ShopRank], shopID: UUID) throws {
    // In id order, so two trips saving at once lock rows in the same order.
    for (itemID, rank) in ranks.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
      try db.run(
        """
        INSERT INTO shop_item_ranks (shop_id, item_id, rank, trips) VALUES (?, ?, ?, ?)
        ON CONFLICT (shop_id, item_id) DO UPDATE SET rank = excluded.rank, trips = excluded.trips
        """, shopID, itemID, rank.rank, rank.trips)
    }
  }

  func deleteShop(id: UUID) throws -> [UUID] {
    let lists = try db.query("SELECT id FROM shopping_lists WHERE shop_id = ?", id) {
      try $0.uuid(0)
    }
    try db.run("DELETE FROM shops WHERE id = ?", id)
    return lists
  }

  func setShop(_ shopID: UUID?, ofList listID: UUID) throws {
    try db.run("UPDATE shopping_lists SET shop_id = ? WHERE id = ?", shopID, listID)
  }

  private func insertSections(of shop: Shop) throws {
    for section in shop.sections {
      try db.run(
        """
        INSERT INTO shop_sections (shop_id, category_key, category, rank, trips)
        VALUES (?, ?, ?, ?, ?)
        """, shop.id, ShopSection.key(section.category), section.category, section.rank,
        section.trips)
    }
  }

  // MARK: Rows

  private static func shop(_ row: SQLRow) throws -> Shop {
    Shop(
      id: try row.uuid(0), ownerID: try row.uuid(1), name: row.string(2), revision: row.int64(3),
      createdAt: row.date(4), updatedAt: row.date(5))
  }
}
