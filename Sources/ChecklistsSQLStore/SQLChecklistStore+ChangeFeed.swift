import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

// MARK: - The sync log
//
// The change log is what the delta feed (`GET /api/v1/changes`) and the event stream read, by
// sequence. A reader that has read up to sequence s asks for everything after s, so a change
// must never become visible with a sequence *below* one a reader has already passed. That holds
// only if sequences are handed out in commit order.
//
// An auto-increment column does not promise that on every engine: PostgreSQL's sequences are
// outside transactions, so writer A can take 7, writer B take 8 and commit first, a reader
// pass 8, and A's 7 appear afterwards, never to be read. So the sequence comes from one
// counter row, `sync_log.last_sequence`, incremented inside the writing transaction
// (`UPDATE … RETURNING`). The increment locks the row until the transaction ends, so a second
// writer waits at its own increment until the first has committed (or rolled back, giving the
// number back): sequences are then allocated in commit order and a reader never sees a gap
// that fills in later. SQLite serializes writers anyway (the same statement costs one row
// write); PostgreSQL gets the ordering from the row lock. The lock is taken when a write
// appends its change, which services do last in their transactions, so it is held briefly.
//
// The same row holds the pruning watermark: changes up to `pruned_through` are gone, and a
// cursor below it gets 410 Gone (the client reloads in full). Each append removes at most
// ``SQLChecklistStore/pruneBatch`` rows older than the last `retention` changes, so the log
// stays bounded at a cost per write that does not grow with it.

extension SQLChecklistStore {
  /// How many of the latest changes the log keeps unless set otherwise: about a year of a
  /// busy household's edits. Older cursors get 410 Gone.
  public static let defaultChangeLogRetention: Int64 = 100_000

  /// The most old changes one write removes: more than a write appends, so the log shrinks
  /// back to its retention after it is lowered.
  static let pruneBatch = 64

  /// The `sync_log` counter row (see the comment at the top of this file).
  static func migrateToSyncLog(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE sync_log (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        -- The sequence of the latest change: the counter every write increments.
        last_sequence INTEGER NOT NULL,
        -- Changes with sequence <= this were pruned: a cursor below it is too old.
        pruned_through INTEGER NOT NULL,
        -- How many of the latest changes are kept.
        retention INTEGER NOT NULL CHECK (retention > 0),
        -- Random, made once with the database: cursors carry it, so that a cursor from another
        -- database (a restored backup, another server) is told apart from one of this log.
        epoch TEXT NOT NULL);
      """)
    // Carry on from the highest number ever handed out, even if its row was deleted since.
    let used =
      try db.queryFirst("SELECT seq FROM sqlite_sequence WHERE name = 'changes'") {
        $0.int64(0)
      } ?? 0
    let last = try db.queryFirst("SELECT MAX(sequence) FROM changes") { $0.int64(0) } ?? 0
    try db.run(
      """
      INSERT INTO sync_log (id, last_sequence, pruned_through, retention, epoch)
      VALUES (1, ?, 0, ?, ?)
      """, max(used, last), defaultChangeLogRetention, newChangeLogEpoch())
  }

  /// A new log's epoch: eight random hex digits.
  static func newChangeLogEpoch() -> String {
    String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8))
  }

  /// The change log's bounds now: the oldest sequence a cursor may name (every change after it
  /// is kept) and the latest sequence.
  public func changeLogBounds() throws -> (prunedThrough: Int64, last: Int64) {
    try feedRead { tx in try tx.changeLogBounds() }
  }

  /// The log's epoch: random, made with the database, the same for every process using it.
  public func changeLogEpoch() throws -> String {
    try feedRead { tx in
      try tx.db.queryFirst("SELECT epoch FROM sync_log WHERE id = 1") { $0.string(0) } ?? ""
    }
  }

  /// Sets how many of the latest changes the log keeps (older ones are pruned a few per
  /// write). A setting of the database: every process that opens it follows it.
  /// - Throws: `invalid` when `entries` is not positive.
  public func setChangeLogRetention(_ entries: Int64) throws {
    guard entries > 0 else {
      throw ChecklistsError.invalid(MessageText("errors.database.changeLogMust"))
    }
    do {
      _ = try queue.write { db in
        try db.run("UPDATE sync_log SET retention = ? WHERE id = 1", entries)
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// A page of the change log for a user, read in one transaction with the bounds it lies
  /// in: the changes the user may see (their own and their shared lists', see
  /// ``ChecklistStoreReader/changes(ownerID:after:limit:)``) after `sequence`, oldest first.
  /// - Complexity: O((1 + *shares*) × `limit` × log *n*) through the indexes on the log.
  public func changeFeedPage(userID: UUID, after sequence: Int64, limit: Int) throws -> (
    changes: [Change], prunedThrough: Int64, last: Int64
  ) {
    try feedRead { tx in
      let (pruned, last) = try tx.changeLogBounds()
      let changes = try tx.feedChanges(userID: userID, after: max(sequence, pruned), limit: limit)
      return (changes, pruned, last)
    }
  }

  /// The id of the item just before an item in its list, `.some(nil)` when it is first, or
  /// `nil` when the item does not exist.
  /// - Complexity: O(log *n*) through the index of items by position.
  public func itemBefore(itemID: UUID) throws -> UUID?? {
    try feedRead { tx in
      guard
        let (listID, position) = try tx.db.queryFirst(
          "SELECT checklist_id, position FROM items WHERE id = ?", itemID,
          map: { (try $0.uuid(0), $0.int64(1)) })
      else { return nil }
      let before = try tx.db.queryFirst(
        """
        SELECT id FROM items WHERE checklist_id = ? AND position < ?
        ORDER BY position DESC LIMIT 1
        """, listID, position
      ) { try $0.uuid(0) }
      return .some(before)
    }
  }

  private func feedRead<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction {
  /// Appends a change to the log with the next sequence from the counter row, and prunes a
  /// few changes that fell out of the kept window.
  /// - Returns: The change's sequence.
  func appendToChangeLog(_ change: Change) throws -> Int64 {
    // The row lock this takes orders the writers' commits (see the top of this file).
    guard
      let (sequence, pruned, retention) = try db.queryFirst(
        """
        UPDATE sync_log SET last_sequence = last_sequence + 1 WHERE id = 1
        RETURNING last_sequence, pruned_through, retention
        """, map: { ($0.int64(0), $0.int64(1), $0.int64(2)) })
    else {
      throw ChecklistsError(.storage, MessageText("errors.database.databaseNoSync"))
    }
    try db.run(
      """
      INSERT INTO changes (sequence, owner_id, collection_id, item_id, kind, revision, date)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, sequence, change.ownerID, change.collectionID, change.itemID, change.kind.rawValue,
      change.revision, change.date)
    let keepAfter = sequence - retention
    if keepAfter > pruned { try prune(through: keepAfter, after: pruned) }
    return sequence
  }

  /// Removes up to ``SQLChecklistStore/pruneBatch`` of the oldest changes with a sequence
  /// of at most `limit`, and moves the watermark past them.
  private func prune(through limit: Int64, after pruned: Int64) throws {
    let batch = try db.query(
      "SELECT sequence FROM changes WHERE sequence <= ? ORDER BY sequence LIMIT ?", limit,
      SQLChecklistStore.pruneBatch
    ) { $0.int64(0) }
    // Nothing left below the limit (a user's log was deleted with them): the window is clear.
    let through = batch.count < SQLChecklistStore.pruneBatch ? limit : batch.last!
    if let last = batch.last {
      try db.run("DELETE FROM changes WHERE sequence >= ? AND sequence <= ?", batch[0], last)
    }
    try db.run("UPDATE sync_log SET pruned_through = ? WHERE id = 1", max(through, pruned))
  }

  /// The changes a user may see after `sequence`, oldest first, at most `limit`: the same
  /// rows as ``changes(ownerID:after:limit:)``, read as one range of an index per source (the
  /// user's log, each shared list's, each sharer's catalogue) and merged, so a page costs
  /// O((1 + shares) × `limit` × log *n*) however long the log is. (One query with `OR` makes
  /// SQLite collect every later row of every source and sort them before the limit.)
  func feedChanges(userID: UUID, after sequence: Int64, limit: Int) throws -> [Change] {
    let columns = "sequence, owner_id, collection_id, item_id, kind, revision, date"
    var found = try db.query(
      """
      SELECT \(columns) FROM changes WHERE owner_id = ? AND sequence > ?
      ORDER BY sequence LIMIT ?
      """, userID, sequence, limit, map: Self.change)
    let shares = try shares(userID: userID)
    for share in shares {
      found += try db.query(
        """
        SELECT \(columns) FROM changes WHERE collection_id = ? AND sequence > ?
        ORDER BY sequence LIMIT ?
        """, share.collectionID, sequence, limit, map: Self.change)
    }
    let sharers = Set(shares.filter { $0.scope == .shoppingList }.map(\.ownerID))
    for owner in sharers.sorted(by: { $0.uuidString < $1.uuidString }) {
      found += try db.query(
        """
        SELECT \(columns) FROM changes
        WHERE collection_id = ? AND sequence > ? AND kind LIKE 'catalogue%'
        ORDER BY sequence LIMIT ?
        """, owner, sequence, limit, map: Self.change)
    }
    var seen = Set<Int64>()
    return Array(
      found.sorted { $0.sequence < $1.sequence }.filter { seen.insert($0.sequence).inserted }
        .prefix(limit))
  }

  func changeLogBounds() throws -> (prunedThrough: Int64, last: Int64) {
    try db.queryFirst("SELECT pruned_through, last_sequence FROM sync_log WHERE id = 1") {
      ($0.int64(0), $0.int64(1))
    } ?? (0, 0)
  }
}
