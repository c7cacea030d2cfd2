import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

/// What a server reads for every user at once: the whole change log, everyone's reminders,
/// and whether accounts exist.
extension SQLChecklistStore {
  /// Every change after `sequence`, whoever's, oldest first.
  public func allChanges(after sequence: Int64, limit: Int) throws -> [Change] {
    try serverWide { tx in try tx.allChanges(after: sequence, limit: limit) }
  }

  /// The sequence of the latest change in the database, or 0.
  public func lastChangeSequence() throws -> Int64 {
    try serverWide { tx in
      try tx.db.queryFirst("SELECT MAX(sequence) FROM changes") { $0.int64(0) } ?? 0
    }
  }

  /// Calls `onChange` soon after any process commits a change, when the engine can say so.
  public func observeCommittedChanges(_ onChange: @escaping @Sendable () -> Void) -> (
    any DatabaseObservation
  )? {
    opened.observeCommittedChanges(onChange)
  }

  /// Everyone's unchecked items with Remind Me whose due date is in `start..<end`, with their
  /// lists, soonest first.
  public func reminders(dueFrom start: Date, before end: Date) throws -> [(
    Checklist, ChecklistItem
  )] {
    try serverWide { tx in
      try tx.db.query(
        """
        SELECT id FROM items
        WHERE should_remind = 1 AND due_date >= ? AND due_date < ? AND checked = 0
        ORDER BY due_date, id
        """, start, end
      ) { try $0.uuid(0) }.compactMap { id -> (Checklist, ChecklistItem)? in
        guard let item = try tx.item(id: id), let list = try tx.checklist(id: item.checklistID)
        else { return nil }
        return (list, item)
      }
    }
  }

  /// Whether any user has a password: then the server asks everyone to sign in.
  public func hasAccounts() throws -> Bool {
    try serverWide { tx in
      try tx.db.queryFirst("SELECT 1 FROM users WHERE password_hash IS NOT NULL LIMIT 1") {
        $0.int(0)
      } != nil
    }
  }

  /// The ids of the collections whose changes a user sees besides their own: the lists shared
  /// with them, and the catalogues of those who share a shopping list with them (a catalogue's
  /// id is its owner's).
  public func sharedCollectionIDs(userID: UUID) throws -> Set<UUID> {
    try serverWide { tx in
      let shares = try tx.shares(userID: userID)
      return Set(shares.map(\.collectionID))
        .union(shares.filter { $0.scope == .shoppingList }.map(\.ownerID))
    }
  }

  private func serverWide<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction {
  func allChanges(after sequence: Int64, limit: Int) throws -> [Change] {
    try db.query(
      """
      SELECT sequence, owner_id, collection_id, item_id, kind, revision, date FROM changes
      WHERE sequence > ? ORDER BY sequence LIMIT ?
      """, sequence, limit, map: Self.change)
  }
}
