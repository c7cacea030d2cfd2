import ChecklistsCore
import ChecklistsSecurity
import Foundation
import Synchronization

/// User names and passwords that passed lately, each with the password hash it passed
/// against, so a request need not run argon2id again while that hash is still the account's.
///
/// A CalDAV client sends its password with every request, and checking one with argon2id is
/// meant to take tens of milliseconds: a sync of a thousand items would spend most of its time
/// there. Instead each request reads the account's row (one indexed query, which it needs
/// anyway) and compares its hash with the one the password passed against: a changed password
/// has a new hash (with a new salt), and a deleted account has no row, so either ends the old
/// password on the very next request, on every instance sharing the database. The answer is
/// the one a full check would give, only cheaper.
///
/// What is kept is a keyed digest of name and password together (the key is this process's
/// own, random), never the password, and only for ``lifetime``.
final class BasicCredentialCache: Sendable {
  /// How long a checked password is taken without checking it again, while its hash stays.
  static let lifetime: TimeInterval = 120
  /// The most entries kept; past it the cache starts again empty.
  static let capacity = 1_000

  private struct Entry {
    var userID: UUID
    var passwordHash: String
    var checkedAt: Date
  }

  private let entries = Mutex<[String: Entry]>([:])
  private let decoy = Mutex<String?>(nil)
  /// Mixed into every key, so a copy of this process's memory gives no fast way to test
  /// guesses of a password.
  private let secret = SecretToken.generate().value

  /// Whether these credentials passed within ``lifetime`` against the password hash
  /// `account` has now (read from the database for this request).
  func passed(
    name: String, password: String, account: (user: User, passwordHash: String), at now: Date
  ) -> Bool {
    let key = key(name: name, password: password)
    return entries.withLock { entries in
      guard let entry = entries[key] else { return false }
      guard entry.userID == account.user.id, entry.passwordHash == account.passwordHash,
        now.timeIntervalSince(entry.checkedAt) < Self.lifetime, now >= entry.checkedAt
      else {
        entries[key] = nil
        return false
      }
      return true
    }
  }

  /// Remembers credentials that passed against `account`'s password hash.
  func remember(
    name: String, password: String, account: (user: User, passwordHash: String), at now: Date
  ) {
    let key = key(name: name, password: password)
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll() }
      entries[key] = Entry(
        userID: account.user.id, passwordHash: account.passwordHash, checkedAt: now)
    }
  }

  /// A hash of a random password with the hasher's settings, made once, to spend the same
  /// time on an unknown name as on a wrong password.
  func decoyHash(_ hasher: PasswordHasher) -> String {
    if let hash = decoy.withLock({ $0 }) { return hash }
    let hash = (try? hasher.hash(SecretToken.generate().value)) ?? ""
    decoy.withLock { $0 = hash }
    return hash
  }

  private func key(name: String, password: String) -> String {
    SecretToken(value: secret + "\u{0}" + name.lowercased() + "\u{0}" + password).digest
  }
}
