import ChecklistsCore
import ChecklistsSecurity
import Foundation
import Synchronization

/// User names and passwords that passed lately, kept as digests for a short while.
///
/// A CalDAV client sends its password with every request, and checking one with argon2id is
/// meant to take tens of milliseconds: a sync of a thousand items would spend most of its time
/// there. What is kept is a digest of name and password together, never the password, and
/// only for ``lifetime``, so a changed password stops working soon everywhere.
final class BasicCredentialCache: Sendable {
  /// How long a checked password is taken without checking it again.
  static let lifetime: TimeInterval = 120
  /// The most entries kept; past it the cache starts again empty.
  static let capacity = 1_000

  private struct Entry {
    var user: User
    var checkedAt: Date
  }

  private let entries = Mutex<[String: Entry]>([:])
  private let decoy = Mutex<String?>(nil)

  /// The user these credentials signed in lately, if it was within ``lifetime``.
  func user(name: String, password: String, at now: Date) -> User? {
    let key = Self.key(name: name, password: password)
    return entries.withLock { entries in
      guard let entry = entries[key] else { return nil }
      guard now.timeIntervalSince(entry.checkedAt) < Self.lifetime,
        now >= entry.checkedAt
      else {
        entries[key] = nil
        return nil
      }
      return entry.user
    }
  }

  /// Remembers credentials that passed.
  func remember(_ user: User, name: String, password: String, at now: Date) {
    let key = Self.key(name: name, password: password)
    entries.withLock { entries in
      if entries.count >= Self.capacity { entries.removeAll() }
      entries[key] = Entry(user: user, checkedAt: now)
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

  private static func key(name: String, password: String) -> String {
    SecretToken(value: name.lowercased() + "\u{0}" + password).digest
  }
}
