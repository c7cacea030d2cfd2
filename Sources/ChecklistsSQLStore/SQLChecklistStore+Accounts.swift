import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// Runs `body` in a read transaction.
  public func readAccounts<T: Sendable>(_ body: (any AccountStoreReader) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Runs `body` in a write transaction.
  public func writeAccounts<T: Sendable>(_ body: (any AccountStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// The accounts tables: passwords on users, sessions and API tokens.
  static func migrateToAccounts(_ db: any SQLConnection) throws {
    try db.execute(
      """
      -- argon2id strings ($argon2id$v=19$...); NULL for the passwordless single user.
      ALTER TABLE users ADD COLUMN password_hash TEXT;

      -- Only digests of the tokens are stored: a copy of the file lets no one in.
      CREATE TABLE sessions (
        token_digest TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at REAL NOT NULL,
        last_seen_at REAL NOT NULL);
      CREATE INDEX sessions_by_user ON sessions(user_id);

      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_digest TEXT NOT NULL UNIQUE,
        created_at REAL NOT NULL,
        last_used_at REAL);
      CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
      """)
  }
}

extension SQLChecklistStore.Transaction: AccountStoreWriter {
  private static let sessionColumns = "user_id, token_digest, csrf_token, created_at, last_seen_at"
  private static let tokenColumns = "id, user_id, name, token_digest, created_at, last_used_at"

  func users() throws -> [User] {
    try db.query("SELECT id, name, created_at FROM users") {
      User(id: try $0.uuid(0), name: $0.string(1), createdAt: $0.date(2))
    }
  }

  func user(id: UUID) throws -> User? {
    try db.queryFirst("SELECT id, name, created_at FROM users WHERE id = ?", id) {
      User(id: try $0.uuid(0), name: $0.string(1), createdAt: $0.date(2))
    }
  }

  func passwordHash(userID: UUID) throws -> String? {
    try db.queryFirst("SELECT password_hash FROM users WHERE id = ?", userID) {
      $0.optionalString(0)
    } ?? nil
  }

  func account(named name: String) throws -> (user: User, passwordHash: String)? {
    try db.queryFirst(
      """
      SELECT id, name, created_at, password_hash FROM users
      WHERE name = ? AND password_hash IS NOT NULL
      """, name
    ) {
      (User(id: try $0.uuid(0), name: $0.string(1), createdAt: $0.date(2)), $0.string(3))
    }
  }

  func session(tokenDigest: String) throws -> Session? {
    try db.queryFirst(
      "SELECT \(Self.sessionColumns) FROM sessions WHERE token_digest = ?", tokenDigest
    ) {
      Session(
        userID: try $0.uuid(0), tokenDigest: $0.string(1), csrfToken: $0.string(2),
        createdAt: $0.date(3), lastSeenAt: $0.date(4))
    }
  }

  func apiTokens(userID: UUID) throws -> [APIToken] {
    try db.query(
      "SELECT \(Self.tokenColumns) FROM api_tokens WHERE user_id = ? ORDER BY created_at", userID,
      map: Self.apiToken)
  }

  func apiToken(tokenDigest: String) throws -> APIToken? {
    try db.queryFirst(
      "SELECT \(Self.tokenColumns) FROM api_tokens WHERE token_digest = ?", tokenDigest,
      map: Self.apiToken)
  }

  func insertUser(_ user: User, passwordHash: String?) throws {
    try db.run(
      "INSERT INTO users (id, name, created_at, password_hash) VALUES (?, ?, ?, ?)", user.id,
      user.name, user.createdAt, passwordHash)
  }

  func renameUser(id: UUID, to name: String) throws {
    try db.run("UPDATE users SET name = ? WHERE id = ?", name, id)
  }

  func setPasswordHash(_ hash: String, userID: UUID) throws {
    try db.run("UPDATE users SET password_hash = ? WHERE id = ?", hash, userID)
  }

  func deleteUser(id: UUID) throws {
    // Lists, items, shopping, sessions and tokens go by their foreign keys; the log has none.
    try db.run("DELETE FROM changes WHERE owner_id = ?", id)
    try db.run("DELETE FROM users WHERE id = ?", id)
  }

  func insertSession(_ session: Session) throws {
    try db.run(
      "INSERT INTO sessions (\(Self.sessionColumns)) VALUES (?, ?, ?, ?, ?)", session.userID,
      session.tokenDigest, session.csrfToken, session.createdAt, session.lastSeenAt)
  }

  func touchSession(tokenDigest: String, at date: Date) throws {
    try db.run("UPDATE sessions SET last_seen_at = ? WHERE token_digest = ?", date, tokenDigest)
  }

  func deleteSession(tokenDigest: String) throws {
    try db.run("DELETE FROM sessions WHERE token_digest = ?", tokenDigest)
  }

  func deleteSessions(userID: UUID, except tokenDigest: String?) throws {
    // IS DISTINCT FROM: the null-safe `<>` both engines run (SQLite's `IS NOT` is its own).
    try db.run(
      "DELETE FROM sessions WHERE user_id = ? AND token_digest IS DISTINCT FROM ?", userID,
      tokenDigest)
  }

  func deleteExpiredSessions(at date: Date) throws {
    try db.run(
      "DELETE FROM sessions WHERE last_seen_at <= ? OR created_at <= ?",
      date.addingTimeInterval(-Session.idleLifetime),
      date.addingTimeInterval(-Session.absoluteLifetime))
  }

  func insertAPIToken(_ token: APIToken) throws {
    try db.run(
      "INSERT INTO api_tokens (\(Self.tokenColumns)) VALUES (?, ?, ?, ?, ?, ?)", token.id,
      token.userID, token.name, token.tokenDigest, token.createdAt, token.lastUsedAt)
  }

  func touchAPIToken(id: UUID, at date: Date) throws {
    try db.run("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", date, id)
  }

  func deleteAPIToken(id: UUID) throws {
    try db.run("DELETE FROM api_tokens WHERE id = ?", id)
  }

  private static func apiToken(_ row: SQLRow) throws -> APIToken {
    APIToken(
      id: try row.uuid(0), userID: try row.uuid(1), name: row.string(2),
      tokenDigest: row.string(3), createdAt: row.date(4), lastUsedAt: row.optionalDate(5))
  }
}
