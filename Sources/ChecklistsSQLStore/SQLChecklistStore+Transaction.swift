import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// The store's primitives over one connection inside one transaction.
  struct Transaction: ChecklistStoreWriter {
    let db: any SQLConnection

    /// The words of SQL that differ on the connection's engine.
    var dialect: any SQLDialect { db.dialect }

    /// The distance between neighbouring positions: room for 16 moves into one gap before the
    /// list is renumbered.
    static let positionGap: Int64 = 1 << 16

    static let checklistColumns = """
      id, owner_id, name, icon, revision, item_count, item_count - checked_count,
      created_at, updated_at, hide_checked
      """
    /// An item's columns, named through the table so that joins may use them, with its
    /// subtasks counted through `items_by_parent` (see ``item(_:)``).
    static let itemColumns = """
      items.id, items.checklist_id, items.text, items.checked, items.due_date,
      items.should_remind, items.revision, items.created_at, items.updated_at, items.notes,
      items.flagged, items.priority, items.parent_id, items.recurrence,
      (SELECT COUNT(*) FROM items AS subtasks WHERE subtasks.parent_id = items.id),
      (SELECT COUNT(*) FROM items AS subtasks WHERE subtasks.parent_id = items.id
         AND subtasks.checked = 1),
      items.due_day, items.due_time_zone
      """

    // MARK: Reading

    func user(named name: String) throws -> User? {
      try db.queryFirst("SELECT id, name, created_at FROM users WHERE name = ?", name) {
        User(id: try $0.uuid(0), name: $0.string(1), createdAt: $0.date(2))
      }
    }

    func checklists(ownerID: UUID) throws -> [Checklist] {
      try db.query(
        "SELECT \(Self.checklistColumns) FROM checklists WHERE owner_id = ?", ownerID,
        map: Self.checklist)
    }

    func checklist(id: UUID) throws -> Checklist? {
      try db.queryFirst(
        "SELECT \(Self.checklistColumns) FROM checklists WHERE id = ?", id, map: Self.checklist)
    }

    func items(checklistID: UUID) throws -> [ChecklistItem] {
      try db.query(
        "SELECT \(Self.itemColumns) FROM items WHERE checklist_id = ? ORDER BY position",
        checklistID, map: Self.item)
    }

    func item(id: UUID) throws -> ChecklistItem? {
      try db.queryFirst("SELECT \(Self.itemColumns) FROM items WHERE id = ?", id, map: Self.item)
    }

    func item(checklistID: UUID, at index: Int) throws -> ChecklistItem? {
      guard index >= 0 else { return nil }
      // Count down through the superblocks, then the blocks of the one that holds the item
      // (see item_blocks in the v5 migration), then step inside one block.
      var remaining = Int64(index)
      func stretch(level: Int, from low: Int64, to high: Int64) throws -> Int64? {
        let blocks = try db.query(
          """
          SELECT block, count FROM item_blocks
          WHERE checklist_id = ? AND level = ? AND block >= ? AND block < ? ORDER BY block
          """, checklistID, level, low, high
        ) { ($0.int64(0), $0.int64(1)) }
        for (block, count) in blocks {
          if remaining < count { return block }
          remaining -= count
        }
        return nil
      }
      guard let superblock = try stretch(level: 2, from: .min, to: .max),
        let block = try stretch(level: 1, from: superblock << 8, to: (superblock + 1) << 8)
      else { return nil }
      return try db.queryFirst(
        """
        SELECT \(Self.itemColumns) FROM items
        WHERE checklist_id = ? AND position >= ? AND position < ?
        ORDER BY position LIMIT 1 OFFSET ?
        """, checklistID, block << 24, (block + 1) << 24, remaining, map: Self.item)
    }

    func changes(ownerID: UUID, after sequence: Int64, limit: Int) throws -> [Change] {
      // The user's own log, and the logs of the lists shared with them (by collection).
      try db.query(
        """
        SELECT sequence, owner_id, collection_id, item_id, kind, revision, date FROM changes
        WHERE sequence > ?2 AND (owner_id = ?1
          OR collection_id IN (SELECT collection_id FROM shares WHERE user_id = ?1)
          OR (collection_id IN (SELECT owner_id FROM shares
                                WHERE user_id = ?1 AND scope = 'shoppingList')
              AND kind LIKE 'catalogue%'))
        ORDER BY sequence LIMIT ?3
        """, ownerID, sequence, limit, map: Self.change)
    }

    /// A change from `sequence, owner_id, collection_id, item_id, kind, revision, date`.
    static func change(_ row: SQLRow) throws -> Change {
      let kindName = row.string(4)
      guard let kind = Change.Kind(rawValue: kindName) else {
        throw ChecklistsError(
          .storage, MessageText("errors.database.changeLogHolds", ["kindName": kindName]))
      }
      return Change(
        sequence: row.int64(0), ownerID: try row.uuid(1), collectionID: try row.uuid(2),
        itemID: try row.optionalUUID(3), kind: kind, revision: row.int64(5), date: row.date(6))
    }

    func dueItems(ownerID: UUID, through date: Date) throws -> [ChecklistItem] {
      try db.query(
        """
        SELECT \(Self.itemColumns)
        FROM items JOIN checklists ON checklists.id = items.checklist_id
        WHERE checklists.owner_id = ? AND items.should_remind = 1 AND items.checked = 0
          AND items.due_date <= ?
        ORDER BY items.due_date, items.id
        """, ownerID, date, map: Self.item)
    }

    func reminders(ownerID: UUID, dueFrom start: Date, before end: Date) throws -> [ChecklistItem] {
      try db.query(
        """
        SELECT \(Self.itemColumns)
        FROM items JOIN checklists ON checklists.id = items.checklist_id
        WHERE items.should_remind = 1 AND items.due_date >= ? AND items.due_date < ?
          AND items.checked = 0 AND checklists.owner_id = ?
        ORDER BY items.due_date, items.id
        """, start, end, ownerID, map: Self.item)
    }

    func lastChangeSequence(ownerID: UUID) throws -> Int64 {
      let own =
        try db.queryFirst("SELECT MAX(sequence) FROM changes WHERE owner_id = ?", ownerID) {
          $0.int64(0)
        } ?? 0
      // Lists shared with the user, and the catalogues of those who share shopping lists with
      // them (a new price shows on the shared list).
      let shared =
        try db.queryFirst(
          """
          SELECT MAX(sequence) FROM changes WHERE collection_id IN
            (SELECT collection_id FROM shares WHERE user_id = ?1
             UNION SELECT owner_id FROM shares WHERE user_id = ?1 AND scope = 'shoppingList')
          """, ownerID
        ) { $0.int64(0) } ?? 0
      return max(own, shared)
    }

    // MARK: Writing

    func insertUser(_ user: User) throws {
      try db.run(
        "INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)", user.id, user.name,
        user.createdAt)
    }

    func insertChecklist(_ checklist: Checklist) throws {
      try db.run(
        """
        INSERT INTO checklists (id, owner_id, name, name_key, sort_key, icon, revision,
                                created_at, updated_at, hide_checked)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, checklist.id, checklist.ownerID, checklist.name, NameKey.lookup(checklist.name),
        NameKey.displayOrder(checklist.name), checklist.icon.rawValue, checklist.revision,
        checklist.createdAt, checklist.updatedAt, checklist.hidesChecked)
    }

    func updateChecklist(_ checklist: Checklist) throws {
      try db.run(
        """
        UPDATE checklists SET name = ?, name_key = ?, sort_key = ?, icon = ?, revision = ?,
                              updated_at = ?, hide_checked = ?
        WHERE id = ?
        """, checklist.name, NameKey.lookup(checklist.name), NameKey.displayOrder(checklist.name),
        checklist.icon.rawValue, checklist.revision, checklist.updatedAt, checklist.hidesChecked,
        checklist.id)
    }

    func deleteChecklist(id: UUID) throws {
      try db.run("DELETE FROM checklists WHERE id = ?", id)
    }

    func appendItem(_ item: ChecklistItem) throws {
      try db.run(
        """
        INSERT INTO items (id, checklist_id, position, text, text_key, checked, due_date,
                           should_remind, revision, created_at, updated_at, notes, flagged,
                           priority, parent_id, recurrence, due_day, due_time_zone)
        VALUES (?, ?, COALESCE((SELECT MAX(position) FROM items WHERE checklist_id = ?), 0) + ?,
                ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, item.id, item.checklistID, item.checklistID, Self.positionGap, item.text,
        NameKey.lookup(item.text), item.isChecked, item.dueDate, item.shouldRemind, item.revision,
        item.createdAt, item.updatedAt, item.notes, item.isFlagged, item.priority.level,
        item.parentID, item.recurrence?.rrule, item.due?.civilDay?.iso, item.due?.timeZone)
      try SQLChecklistStore.indexItemWords(db, id: item.id, text: item.text, notes: item.notes)
    }

    func updateItem(_ item: ChecklistItem) throws {
      try db.run(
        """
        UPDATE items SET text = ?, text_key = ?, checked = ?, due_date = ?, should_remind = ?,
                         revision = ?, updated_at = ?, notes = ?, flagged = ?, priority = ?,
                         parent_id = ?, recurrence = ?, due_day = ?, due_time_zone = ?
        WHERE id = ?
        """, item.text, NameKey.lookup(item.text), item.isChecked, item.dueDate, item.shouldRemind,
        item.revision, item.updatedAt, item.notes, item.isFlagged, item.priority.level,
        item.parentID, item.recurrence?.rrule, item.due?.civilDay?.iso, item.due?.timeZone,
        item.id)
      try SQLChecklistStore.indexItemWords(db, id: item.id, text: item.text, notes: item.notes)
    }

    func deleteItem(id: UUID) throws {
      // The service deletes subtasks with their parent, and Clear Checked keeps a parent that
      // has an unchecked subtask; should any be left, they stay, at the top level.
      try db.run("UPDATE items SET parent_id = NULL WHERE parent_id = ?", id)
      try db.run("DELETE FROM items WHERE id = ?", id)
    }

    func moveItem(id: UUID, to index: Int) throws {
      guard let item = try item(id: id), let list = try checklist(id: item.checklistID) else {
        return
      }
      let others = list.itemCount - 1
      guard others > 0 else { return }
      let target = min(max(index, 0), others)
      if let position = try freePosition(before: target, in: list.id, excluding: id) {
        try db.run("UPDATE items SET position = ? WHERE id = ?", position, id)
        return
      }
      // No room left between the two neighbours: spread the list out again (rare), then retry.
      try renumber(checklistID: list.id)
      let position = try freePosition(before: target, in: list.id, excluding: id)
      try db.run("UPDATE items SET position = ? WHERE id = ?", position!, id)
    }

    func appendChange(_ change: Change) throws -> Int64 {
      try appendToChangeLog(change)
    }

    // MARK: Positions

    /// A position that puts an item at `index` among the list's other items, or nil if the two
    /// neighbours there have no free position between them.
    ///
    /// The neighbours are found by number through the item counts (see
    /// ``item(checklistID:at:)``), so moving to the middle of a long list reads a few hundred
    /// index entries, not every item above the new place.
    private func freePosition(before index: Int, in checklistID: UUID, excluding id: UUID) throws
      -> Int64?
    {
      let moving = try rank(ofItem: id, in: checklistID)
      // The other items' number `n` is the list's `n`, or `n + 1` from the moving item on.
      func neighbour(_ number: Int) throws -> Int64? {
        try item(checklistID: checklistID, at: number < moving ? number : number + 1).map {
          try position(of: $0.id)
        }
      }
      if index == 0 { return try neighbour(0)! - Self.positionGap }
      let previous = try neighbour(index - 1)!
      guard let next = try neighbour(index) else { return previous + Self.positionGap }
      return next - previous >= 2 ? previous + (next - previous) / 2 : nil
    }

    private func position(of id: UUID) throws -> Int64 {
      try db.queryFirst("SELECT position FROM items WHERE id = ?", id) { $0.int64(0) }!
    }

    /// The zero-based number of an item in its list: the counts of the stretches before it,
    /// and the items before it in its own stretch.
    private func rank(ofItem id: UUID, in checklistID: UUID) throws -> Int {
      let position = try position(of: id)
      let (superblock, block) = (position >> 32, position >> 24)
      let before =
        try db.queryFirst(
          """
          SELECT COALESCE(SUM(count), 0) FROM item_blocks
          WHERE checklist_id = ?1 AND ((level = 2 AND block < ?2)
            OR (level = 1 AND block >= ?3 AND block < ?4))
          """, checklistID, superblock, superblock << 8, block
        ) { $0.int64(0) } ?? 0
      let inBlock =
        try db.queryFirst(
          """
          SELECT COUNT(*) FROM items
          WHERE checklist_id = ? AND position >= ? AND position < ?
          """, checklistID, block << 24, position
        ) { $0.int64(0) } ?? 0
      return Int(before + inBlock)
    }

    func renumber(checklistID: UUID) throws {
      try db.run(
        """
        WITH ranked AS (
          SELECT id, ROW_NUMBER() OVER (ORDER BY position) AS number
          FROM items WHERE checklist_id = ?)
        UPDATE items SET position = ranked.number * ? FROM ranked WHERE items.id = ranked.id
        """, checklistID, Self.positionGap)
    }

    // MARK: Rows

    static func checklist(_ row: SQLRow) throws -> Checklist {
      let iconName = row.string(3)
      guard let icon = ChecklistIcon(rawValue: iconName) else {
        throw ChecklistsError(
          .storage, MessageText("errors.database.databaseHoldsUnknownIcon", ["iconName": iconName]))
      }
      return Checklist(
        id: try row.uuid(0), ownerID: try row.uuid(1), name: row.string(2), icon: icon,
        hidesChecked: row.bool(9), revision: row.int64(4), itemCount: row.int(5),
        remainingCount: row.int(6), createdAt: row.date(7), updatedAt: row.date(8))
    }

    /// An item from ``itemColumns``.
    static func item(_ row: SQLRow) throws -> ChecklistItem {
      let level = row.int(11)
      guard let priority = ItemPriority(level: level) else {
        throw ChecklistsError(
          .storage,
          MessageText("errors.database.databaseHoldsUnknownPriority", ["level": "\(level)"]))
      }
      let recurrence = try row.optionalString(13).map { rrule in
        do {
          return try RecurrenceRule(rrule: rrule)
        } catch {
          throw ChecklistsError(
            .storage, MessageText("errors.database.databaseHoldsRepeat", ["rrule": "\(rrule)"]))
        }
      }
      let due: DueDate? = try row.optionalDate(4).map { date in
        guard let dayText = row.optionalString(16) else {
          return .moment(date, timeZone: row.optionalString(17))
        }
        guard let day = CivilDay(iso: dayText) else {
          throw ChecklistsError(
            .storage, "The database holds a due day this version cannot read: '\(dayText)'.")
        }
        return .day(day)
      }
      return ChecklistItem(
        id: try row.uuid(0), checklistID: try row.uuid(1), text: row.string(2),
        isChecked: row.bool(3), shouldRemind: row.bool(5),
        revision: row.int64(6), createdAt: row.date(7), updatedAt: row.date(8),
        notes: row.string(9), isFlagged: row.bool(10), priority: priority,
        parentID: try row.optionalUUID(12), recurrence: recurrence, subtaskCount: row.int(14),
        checkedSubtaskCount: row.int(15), due: due)
    }
  }
}
