import Foundation

/// Voluntary Application Server Identification (RFC 8292): the `Authorization` header that
/// proves to a push service that a push comes from the server whose key the browser
/// subscribed with.
public enum VAPID {
  /// The longest a token may live: RFC 8292 §2 lets push services refuse more than 24 hours.
  public static let maximumLifetime: TimeInterval = 24 * 3600

  /// The `Authorization` header value for a push to `endpoint`: `vapid t=<JWT>, k=<key>`.
  ///
  /// - Parameters:
  ///   - endpoint: The subscription's endpoint; the token's `aud` is its origin.
  ///   - subject: The `sub` claim: a `mailto:` or `https:` URL where the push service can reach
  ///     the operator.
  ///   - key: The server's VAPID key pair.
  ///   - expiration: The token's `exp` (at most 24 hours ahead).
  /// - Throws: ``WebPushError`` (`invalidInput`) when the endpoint has no origin.
  public static func authorization(
    endpoint: URL, subject: String, key: P256KeyPair, expiration: Date
  ) throws -> String {
    guard let audience = PushEndpoint.origin(of: endpoint) else {
      throw WebPushError.invalid("The endpoint \(endpoint) has no origin to address a token to.")
    }
    let token = try jwt(audience: audience, subject: subject, key: key, expiration: expiration)
    return "vapid t=\(token), k=\(key.publicKey.base64URL)"
  }

  /// A signed ES256 JWT with claims `aud`, `exp` (whole seconds since 1970) and `sub`.
  /// - Throws: ``WebPushError`` (`crypto`) when libcrypto fails.
  public static func jwt(audience: String, subject: String, key: P256KeyPair, expiration: Date)
    throws -> String
  {
    struct Claims: Encodable {
      var aud: String
      var exp: Int64
      var sub: String
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let claims = try encoder.encode(
      Claims(aud: audience, exp: Int64(expiration.timeIntervalSince1970), sub: subject))
    let signingInput =
      Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(claims)
    let signature = try key.signature(of: Array(signingInput.utf8))
    return signingInput + "." + Base64URL.encode(signature)
  }
}
