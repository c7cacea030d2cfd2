import ChecklistsCore
import Foundation

/// Where accounts, sessions and API tokens are kept, with the same all-or-nothing
/// transactions as ``ChecklistStore``. The rules live once, in ``AccountService``.
public protocol AccountStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  func readAccounts<T: Sendable>(_ body: (any AccountStoreReader) throws -> T) throws -> T
  /// Runs `body` as one transaction.
  func writeAccounts<T: Sendable>(_ body: (any AccountStoreWriter) throws -> T) throws -> T
}

/// The reading primitives for accounts.
public protocol AccountStoreReader {
  /// Every user, in no particular order.
  func users() throws -> [User]
  /// The user with this name, if any.
  func user(named name: String) throws -> User?
  /// The user with this id, if any.
  func user(id: UUID) throws -> User?
  /// The user's password hash; nil for the passwordless local user.
  func passwordHash(userID: UUID) throws -> String?
  /// The account with this name and its password hash, in one query; nil for an unknown name
  /// and for the passwordless local user.
  func account(named name: String) throws -> (user: User, passwordHash: String)?
  /// The session whose token has this digest.
  func session(tokenDigest: String) throws -> Session?
  /// The user's API tokens.
  func apiTokens(userID: UUID) throws -> [APIToken]
  /// The API token with this digest.
  func apiToken(tokenDigest: String) throws -> APIToken?
}

/// The writing primitives for accounts.
public protocol AccountStoreWriter: AccountStoreReader {
  /// Adds a user with a password hash (nil: no password).
  func insertUser(_ user: User, passwordHash: String?) throws
  /// Gives a user a new name.
  func renameUser(id: UUID, to name: String) throws
  /// Stores a user's password hash.
  func setPasswordHash(_ hash: String, userID: UUID) throws
  /// Removes a user and everything they own: lists, shopping, sessions, tokens, their log.
  func deleteUser(id: UUID) throws
  /// Adds a session.
  func insertSession(_ session: Session) throws
  /// Records that a session was used.
  func touchSession(tokenDigest: String, at date: Date) throws
  /// Removes a session.
  func deleteSession(tokenDigest: String) throws
  /// Removes every session of a user, or every one but `except`.
  func deleteSessions(userID: UUID, except tokenDigest: String?) throws
  /// Removes sessions that expired by `date`.
  func deleteExpiredSessions(at date: Date) throws
  /// Adds an API token.
  func insertAPIToken(_ token: APIToken) throws
  /// Records that an API token was used.
  func touchAPIToken(id: UUID, at date: Date) throws
  /// Removes an API token.
  func deleteAPIToken(id: UUID) throws
}
