import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// The shares table: which lists are shared with whom, at which role.
  static func migrateToSharing(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE shares (
        collection_id TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('checklist', 'shoppingList')),
        owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('viewer', 'checker', 'editor')),
        created_at REAL NOT NULL,
        PRIMARY KEY (collection_id, user_id)) WITHOUT ROWID;
      CREATE INDEX shares_by_user ON shares(user_id);

      -- A deleted list takes its shares along (collection_id points at one of two tables).
      CREATE TRIGGER checklists_unshared_on_delete AFTER DELETE ON checklists BEGIN
        DELETE FROM shares WHERE collection_id = OLD.id;
      END;
      CREATE TRIGGER shopping_lists_unshared_on_delete AFTER DELETE ON shopping_lists BEGIN
        DELETE FROM shares WHERE collection_id = OLD.id;
      END;

      -- Changes are read per collection for the users a list is shared with.
      CREATE INDEX changes_by_collection ON changes(collection_id, sequence);
      """)
  }
}

extension SQLChecklistStore {
  /// Runs `body` in a write transaction.
  public func writeSharing<T: Sendable>(_ body: (any SharingStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: SharingStoreWriter {
  private static let shareColumns = "collection_id, scope, owner_id, user_id, role, created_at"

  func share(collectionID: UUID, userID: UUID) throws -> Share? {
    try db.queryFirst(
      "SELECT \(Self.shareColumns) FROM shares WHERE collection_id = ? AND user_id = ?",
      collectionID, userID, map: Self.share)
  }

  func shares(collectionID: UUID) throws -> [Share] {
    try db.query(
      "SELECT \(Self.shareColumns) FROM shares WHERE collection_id = ? ORDER BY created_at",
      collectionID, map: Self.share)
  }

  func shares(userID: UUID) throws -> [Share] {
    try db.query(
      "SELECT \(Self.shareColumns) FROM shares WHERE user_id = ? ORDER BY created_at", userID,
      map: Self.share)
  }

  /// Adds a share or changes its role.
  func saveShare(_ share: Share) throws {
    try db.run(
      """
      INSERT INTO shares (\(Self.shareColumns)) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (collection_id, user_id) DO UPDATE SET role = excluded.role
      """, share.collectionID, share.scope.rawValue, share.ownerID, share.userID,
      share.role.rawValue, share.createdAt)
  }

  /// Removes a share.
  func deleteShare(collectionID: UUID, userID: UUID) throws {
    try db.run("DELETE FROM shares WHERE collection_id = ? AND user_id = ?", collectionID, userID)
  }

  private static func share(_ row: SQLRow) throws -> Share {
    guard let scope = Change.Scope(rawValue: row.string(1)),
      let role = ShareRole(rawValue: row.string(4))
    else {
      throw ChecklistsError(.storage, MessageText("errors.database.databaseHoldsShare"))
    }
    return Share(
      collectionID: try row.uuid(0), scope: scope, ownerID: try row.uuid(2),
      userID: try row.uuid(3), role: role, createdAt: row.date(5))
  }
}
