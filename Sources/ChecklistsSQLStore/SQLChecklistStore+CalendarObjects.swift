import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v20: what CalDAV keeps beside the lists. Written once for both engines: only the text and
  /// integer types and the trigger syntax differ.
  ///
  /// `calendar_objects` holds a row per object a client PUT: its name (the URL's last segment),
  /// its UID, the item (or, in a shopping list, the catalogue item) and the text last PUT. A row
  /// whose item is gone stays as a tombstone, so a sync reports the name as removed and a PUT to
  /// the same name reuses it; a tombstone gives up its UID (NULL) when another object takes
  /// it. Items made elsewhere have no row. `list_id` names a checklist or a shopping list, so it
  /// has no foreign key: deleting either list removes its rows through a trigger.
  ///
  /// `calendar_collections` holds a collection's colour, order and the properties the server
  /// does not model (a JSON object of Clark names to XML text), and, for a list a client made
  /// at a name that is not its id (`MKCALENDAR /dav/calendars/u/work/`), that name and the
  /// owner whose home it is in: the name finds the list while it lives, and the row goes with
  /// the list, so the name is free again once it is deleted.
  ///
  /// A collection's changes since a sync token are read through `changes_by_collection`
  /// (`changes(collection_id, sequence)`, since v4), so they cost what changed, not the log.
  static func migrateToCalendarObjects(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    let integer = db.dialect.integer
    try db.execute(
      """
      CREATE TABLE calendar_objects (
        list_id \(text) NOT NULL,
        name \(text) NOT NULL,
        uid \(text),
        item_id \(text),
        ical \(text),
        deleted_sequence \(integer),
        -- The UID its RELATED-TO;RELTYPE=PARENT names: a child PUT before its parent is put
        -- under it when the parent arrives.
        parent_uid \(text),
        PRIMARY KEY (list_id, name),
        UNIQUE (list_id, uid));
      CREATE INDEX calendar_objects_by_item ON calendar_objects(list_id, item_id);
      CREATE INDEX calendar_objects_by_parent ON calendar_objects(list_id, parent_uid);

      CREATE TABLE calendar_collections (
        list_id \(text) PRIMARY KEY NOT NULL,
        color \(text),
        sort_order \(integer),
        dead_properties \(text) NOT NULL DEFAULT '{}',
        path_owner_id \(text),
        path_name \(text),
        UNIQUE (path_owner_id, path_name));
      """)
    try db.execute(
      db.dialect.afterDeleteTriggers(
        ["checklists", "shopping_lists"].map { ("\($0)_calendar_rows_removed_on_delete", $0) },
        function: "calendar_rows_removed_on_delete",
        body: """
          DELETE FROM calendar_objects WHERE list_id = OLD.id;
          DELETE FROM calendar_collections WHERE list_id = OLD.id;
          """))
  }
}

extension SQLChecklistStore {
  /// Runs `body` in a read transaction.
  public func readCalendar<T: Sendable>(_ body: (any CalendarStoreReader) throws -> T) throws
    -> T
  {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func writeCalendar<T: Sendable>(_ body: (any CalendarStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: CalendarStoreWriter {
  private static let objectColumns =
    "list_id, name, uid, item_id, ical, deleted_sequence, parent_uid"

  private static func object(_ row: SQLRow) throws -> CalendarObjectRecord {
    CalendarObjectRecord(
      listID: try row.uuid(0), name: row.string(1), uid: row.optionalString(2),
      itemID: try row.optionalUUID(3), ical: row.optionalString(4),
      deletedSequence: row.isNull(5) ? nil : row.int64(5), parentUID: row.optionalString(6))
  }

  // MARK: Reading

  func calendarObject(listID: UUID, name: String) throws -> CalendarObjectRecord? {
    try db.queryFirst(
      "SELECT \(Self.objectColumns) FROM calendar_objects WHERE list_id = ? AND name = ?", listID,
      name, map: Self.object)
  }

  func calendarObject(listID: UUID, uid: String) throws -> CalendarObjectRecord? {
    try db.queryFirst(
      "SELECT \(Self.objectColumns) FROM calendar_objects WHERE list_id = ? AND uid = ?", listID,
      uid, map: Self.object)
  }

  func calendarObject(listID: UUID, itemID: UUID) throws -> CalendarObjectRecord? {
    // A live row before a tombstone that gave its UID up.
    try db.queryFirst(
      """
      SELECT \(Self.objectColumns) FROM calendar_objects WHERE list_id = ? AND item_id = ?
      ORDER BY CASE WHEN uid IS NULL THEN 1 ELSE 0 END LIMIT 1
      """, listID, itemID, map: Self.object)
  }

  func calendarObjects(listID: UUID, waitingFor parentUID: String) throws
    -> [CalendarObjectRecord]
  {
    try db.query(
      "SELECT \(Self.objectColumns) FROM calendar_objects WHERE list_id = ? AND parent_uid = ?",
      listID, parentUID, map: Self.object)
  }

  func calendarObjects(listID: UUID) throws -> [CalendarObjectRecord] {
    try db.query(
      "SELECT \(Self.objectColumns) FROM calendar_objects WHERE list_id = ?", listID,
      map: Self.object)
  }

  func calendarCollectionProperties(listID: UUID) throws -> CalendarCollectionProperties? {
    try db.queryFirst(
      """
      SELECT color, sort_order, dead_properties, path_name FROM calendar_collections
      WHERE list_id = ?
      """, listID
    ) { row in
      let dead = try JSONDecoder().decode(
        [String: String].self, from: Data(row.string(2).utf8))
      return CalendarCollectionProperties(
        color: row.optionalString(0), order: row.isNull(1) ? nil : row.int(1),
        deadProperties: dead, pathName: row.optionalString(3))
    }
  }

  func calendarCollectionID(ownerID: UUID, pathName: String) throws -> UUID? {
    try db.queryFirst(
      "SELECT list_id FROM calendar_collections WHERE path_owner_id = ? AND path_name = ?",
      ownerID, pathName
    ) { try $0.uuid(0) }
  }

  func lastChangeSequence(collectionID: UUID) throws -> Int64 {
    try db.queryFirst(
      "SELECT sequence FROM changes WHERE collection_id = ? ORDER BY sequence DESC LIMIT 1",
      collectionID
    ) { $0.int64(0) } ?? 0
  }

  func changes(collectionID: UUID, after sequence: Int64, limit: Int) throws -> [Change] {
    try db.query(
      """
      SELECT sequence, owner_id, collection_id, item_id, kind, revision, date FROM changes
      WHERE collection_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
      """, collectionID, sequence, limit, map: Self.change)
  }

  func changeLogBoundsNow() throws -> (prunedThrough: Int64, last: Int64) {
    try changeLogBounds()
  }

  // MARK: Writing

  func saveCalendarObject(_ record: CalendarObjectRecord) throws {
    _ = try db.run(
      """
      INSERT INTO calendar_objects (\(Self.objectColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (list_id, name) DO UPDATE SET uid = excluded.uid, item_id = excluded.item_id,
        ical = excluded.ical, deleted_sequence = excluded.deleted_sequence,
        parent_uid = excluded.parent_uid
      """, record.listID, record.name, record.uid, record.itemID, record.ical,
      record.deletedSequence, record.parentUID)
  }

  func deleteCalendarObject(listID: UUID, name: String) throws {
    _ = try db.run("DELETE FROM calendar_objects WHERE list_id = ? AND name = ?", listID, name)
  }

  func saveCalendarCollectionProperties(
    _ properties: CalendarCollectionProperties, listID: UUID
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let dead = String(decoding: try encoder.encode(properties.deadProperties), as: UTF8.self)
    _ = try db.run(
      """
      INSERT INTO calendar_collections (list_id, color, sort_order, dead_properties)
      VALUES (?, ?, ?, ?)
      ON CONFLICT (list_id) DO UPDATE SET color = excluded.color,
        sort_order = excluded.sort_order, dead_properties = excluded.dead_properties
      """, listID, properties.color, properties.order, dead)
  }

  func saveCalendarCollectionPath(listID: UUID, ownerID: UUID, pathName: String) throws {
    _ = try db.run(
      """
      UPDATE calendar_collections SET path_owner_id = ?, path_name = ? WHERE list_id = ?
      """, ownerID, pathName, listID)
  }
}
