import CSodium

/// Hashes and checks passwords with argon2id (libsodium's `crypto_pwhash_str`).
///
/// The stored form is the self-describing string `$argon2id$v=19$m=…,t=…,p=1$salt$hash`, so
/// the cost can be raised later and old hashes still verify (see ``needsRehash(_:)``).
public struct PasswordHasher: Sendable {
  /// How much work one hash takes.
  public struct Strength: Sendable, Hashable {
    /// Passes over memory.
    public let operations: UInt64
    /// Memory in bytes.
    public let memory: Int

    /// libsodium's interactive limits (2 passes over 64 MiB): for logins.
    public static var interactive: Strength {
      Strength(
        operations: UInt64(csodium_argon2id_opslimit_interactive()),
        memory: Int(csodium_argon2id_memlimit_interactive()))
    }

    /// The least argon2id allows: only for tests, which hash many passwords.
    public static var minimum: Strength {
      Strength(
        operations: UInt64(csodium_argon2id_opslimit_min()),
        memory: Int(csodium_argon2id_memlimit_min()))
    }
  }

  /// The work per hash.
  public let strength: Strength

  /// Creates a hasher.
  public init(strength: Strength = .interactive) {
    self.strength = strength
  }

  /// Hashes a password with a fresh random salt.
  /// - Throws: ``PasswordHashingError`` when the system cannot give the memory.
  public func hash(_ password: String) throws -> String {
    Sodium.ready()
    var output = [CChar](repeating: 0, count: csodium_pwhash_strbytes())
    // utf8CString ends in a NUL, so its buffer is never empty; the length leaves the NUL out.
    let chars = password.utf8CString
    let status = chars.withUnsafeBufferPointer { chars in
      crypto_pwhash_str_alg(
        &output, chars.baseAddress!, UInt64(chars.count - 1), strength.operations,
        strength.memory, csodium_alg_argon2id13())
    }
    guard status == 0 else { throw PasswordHashingError.outOfMemory }
    return String(cString: output)
  }

  /// Whether `password` is the one `hash` was made from. Takes as long whatever the answer.
  public func verify(_ password: String, against hash: String) -> Bool {
    Sodium.ready()
    guard hash.utf8.count < csodium_pwhash_strbytes() else { return false }
    let chars = password.utf8CString
    return chars.withUnsafeBufferPointer { chars in
      crypto_pwhash_str_verify(hash, chars.baseAddress!, UInt64(chars.count - 1)) == 0
    }
  }

  /// Whether a stored hash was made with other settings than this hasher's, so it should be
  /// replaced at the next successful login.
  public func needsRehash(_ hash: String) -> Bool {
    Sodium.ready()
    return crypto_pwhash_str_needs_rehash(hash, strength.operations, strength.memory) != 0
  }
}

/// Why a password could not be hashed.
public enum PasswordHashingError: Error, CustomStringConvertible {
  /// argon2id could not get the memory it needs.
  case outOfMemory

  public var description: String {
    "The password could not be hashed: the system refused the memory argon2id needs."
  }
}
