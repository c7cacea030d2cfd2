import CSodium
import Foundation

extension SecretToken {
  /// The SHA-256 digest of the token, in hex: what an invite link's token is stored as.
  ///
  /// Like ``digest``, a fast hash is enough for 256 random bits; SHA-256 is the digest the
  /// invite links are specified with, readable by any tool that inspects the database.
  public var sha256Digest: String {
    Sodium.ready()
    var output = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    let input = Array(value.utf8)
    crypto_hash_sha256(&output, input, UInt64(input.count))
    return output.map { String(format: "%02x", $0) }.joined()
  }

  /// Whether the token looks like one ``generate(prefix:)`` made without a prefix: 43
  /// base64url characters. Anything else is refused before it is hashed or looked up.
  public var isWellFormed: Bool {
    value.utf8.count == 43
      && value.utf8.allSatisfy {
        ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)
          || $0 == 0x2D || $0 == 0x5F
      }
  }

  /// Compares two digests (or any two secrets) in time that depends only on their lengths.
  public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    return sodium_memcmp(x, y, x.count) == 0
  }
}
