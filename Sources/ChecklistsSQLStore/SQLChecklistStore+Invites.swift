import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v18: invite links, a row per link with the digest of its token (never the token), and
  /// the triggers that take a deleted list's invites along (as its shares go). Written once
  /// for both engines.
  static func migrateToInvites(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    try db.execute(
      """
      CREATE TABLE invites (
        id \(text) PRIMARY KEY NOT NULL,
        collection_id \(text) NOT NULL,
        scope \(text) NOT NULL CHECK (scope IN ('checklist', 'shoppingList')),
        owner_id \(text) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role \(text) NOT NULL CHECK (role IN ('viewer', 'checker', 'editor')),
        -- SHA-256 of the link's token, in hex: a copy of the database opens no list.
        token_digest \(text) NOT NULL UNIQUE,
        -- Seconds since 2001, as every date in the schema.
        created_at DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        -- NULL: any number of uses until it expires.
        max_uses BIGINT CHECK (max_uses IS NULL OR max_uses BETWEEN 1 AND 100),
        uses BIGINT NOT NULL DEFAULT 0 CHECK (uses >= 0),
        revoked_at DOUBLE PRECISION);
      CREATE INDEX invites_by_collection ON invites(collection_id, created_at);
      """)
    try db.execute(
      db.dialect.afterDeleteTriggers(
        [
          ("checklists_uninvited_on_delete", "checklists"),
          ("shopping_lists_uninvited_on_delete", "shopping_lists"),
        ], function: "lists_uninvited_on_delete",
        body: "DELETE FROM invites WHERE collection_id = OLD.id;"))
  }

  /// Runs `body` in a read transaction.
  public func readInvites<T: Sendable>(_ body: (any InviteStoreReader) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func writeInvites<T: Sendable>(_ body: (any InviteStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: InviteStoreWriter {
  private static let inviteColumns = """
    id, collection_id, scope, owner_id, role, token_digest, created_at, expires_at, max_uses,
    uses, revoked_at
    """

  func invite(id: UUID) throws -> Invite? {
    try db.queryFirst(
      "SELECT \(Self.inviteColumns) FROM invites WHERE id = ?", id, map: Self.invite)
  }

  func invite(tokenDigest: String) throws -> Invite? {
    try db.queryFirst(
      "SELECT \(Self.inviteColumns) FROM invites WHERE token_digest = ?", tokenDigest,
      map: Self.invite)
  }

  func invites(collectionID: UUID) throws -> [Invite] {
    try db.query(
      """
      SELECT \(Self.inviteColumns) FROM invites WHERE collection_id = ?
      ORDER BY created_at, id
      """, collectionID, map: Self.invite)
  }

  func insertInvite(_ invite: Invite) throws {
    try db.run(
      "INSERT INTO invites (\(Self.inviteColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      invite.id, invite.collectionID, invite.scope.rawValue, invite.ownerID,
      invite.role.rawValue, invite.tokenDigest, invite.createdAt, invite.expiresAt,
      invite.maxUses, invite.uses, invite.revokedAt)
  }

  func setInviteToken(id: UUID, tokenDigest: String) throws {
    try db.run("UPDATE invites SET token_digest = ? WHERE id = ?", tokenDigest, id)
  }

  func revokeInvite(id: UUID, at date: Date) throws {
    try db.run(
      "UPDATE invites SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", date, id)
  }

  func countInviteUse(id: UUID, at date: Date) throws -> Bool {
    // One statement: PostgreSQL re-checks the WHERE on the row it locked, so of two
    // transactions racing for the last use the second sees the first's count and changes
    // nothing; SQLite runs one writer at a time.
    try db.run(
      """
      UPDATE invites SET uses = uses + 1
      WHERE id = ? AND revoked_at IS NULL AND expires_at > ?
        AND (max_uses IS NULL OR uses < max_uses)
      """, id, date) == 1
  }

  private static func invite(_ row: SQLRow) throws -> Invite {
    guard let scope = Change.Scope(rawValue: row.string(2)),
      let role = ShareRole(rawValue: row.string(4))
    else {
      throw ChecklistsError(.storage, MessageText("errors.database.databaseHoldsInvite"))
    }
    return Invite(
      id: try row.uuid(0), collectionID: try row.uuid(1), scope: scope, ownerID: try row.uuid(3),
      role: role, tokenDigest: row.string(5), createdAt: row.date(6), expiresAt: row.date(7),
      maxUses: row.isNull(8) ? nil : row.int(8), uses: row.int(9),
      revokedAt: row.optionalDate(10))
  }
}
