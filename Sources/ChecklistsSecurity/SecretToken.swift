import CSodium
import Foundation

/// A random 256-bit secret (a session cookie or an API token) and the digest that is stored in
/// its place, so a copy of the database gives no one a way in.
public struct SecretToken: Sendable, Hashable, CustomStringConvertible {
  /// The token as the client holds it: an optional prefix and 43 base64url characters.
  public let value: String

  /// The number of random bytes: 32, 256 bits.
  public static let byteCount = 32

  /// A new random token.
  /// - Parameter prefix: Marks the kind of token where people see it, such as "ckl_" for API
  ///   tokens, so a leaked one is recognised by secret scanners.
  public static func generate(prefix: String = "") -> SecretToken {
    Sodium.ready()
    var bytes = [UInt8](repeating: 0, count: byteCount)
    randombytes_buf(&bytes, byteCount)
    return SecretToken(value: prefix + base64URL(bytes))
  }

  /// Wraps a token a client sent.
  public init(value: String) {
    self.value = value
  }

  /// The digest to store and look up: BLAKE2b-256 of the token, in hex.
  ///
  /// Tokens are 256 random bits, so a fast hash is enough: there is nothing to guess.
  public var digest: String {
    Sodium.ready()
    var output = [UInt8](repeating: 0, count: 32)
    let input = Array(value.utf8)
    crypto_generichash(&output, 32, input, UInt64(input.count), nil, 0)
    return output.map { String(format: "%02x", $0) }.joined()
  }

  /// The token itself is never printed by accident: logs show a redacted form.
  public var description: String { "SecretToken(…)" }

  private static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
