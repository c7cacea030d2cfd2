import COpenSSL

/// A P-256 key pair: the server's VAPID key (RFC 8292), or the one-message key of an
/// encrypted push (RFC 8291).
///
/// Immutable once made, and libcrypto's `EVP_PKEY` may be used from several threads at once:
/// hence `@unchecked Sendable`.
public final class P256KeyPair: @unchecked Sendable {
  private let key: OpaquePointer

  /// The public half.
  public let publicKey: P256PublicKey

  /// The private scalar, 32 bytes big-endian.
  public let privateKey: [UInt8]

  /// Makes a new random key pair.
  /// - Throws: ``WebPushError`` (`crypto`) when libcrypto fails.
  public convenience init() throws {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw LibCrypto.failure("EVP_PKEY_CTX_new_from_name")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var generated: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1,
      EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
      EVP_PKEY_generate(context, &generated) == 1, let generated
    else { throw LibCrypto.failure("EVP_PKEY_generate") }
    defer { EVP_PKEY_free(generated) }
    var scalar: OpaquePointer?
    guard EVP_PKEY_get_bn_param(generated, "priv", &scalar) == 1, let scalar else {
      throw LibCrypto.failure("EVP_PKEY_get_bn_param")
    }
    defer { BN_clear_free(scalar) }
    var bytes = [UInt8](repeating: 0, count: 32)
    guard BN_bn2binpad(scalar, &bytes, 32) == 32 else { throw LibCrypto.failure("BN_bn2binpad") }
    try self.init(privateKey: bytes)
  }

  /// Rebuilds a key pair from its private scalar (32 bytes big-endian), computing the public
  /// point.
  /// - Throws: ``WebPushError`` (`invalidInput`) when the scalar is not a P-256 private key.
  public init(privateKey bytes: [UInt8]) throws {
    guard bytes.count == 32 else {
      throw WebPushError.invalid(
        "A P-256 private key is 32 bytes; this one has \(bytes.count).")
    }
    guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
      throw LibCrypto.failure("EC_GROUP_new_by_curve_name")
    }
    defer { EC_GROUP_free(group) }
    guard let scalar = BN_bin2bn(bytes, 32, nil) else { throw LibCrypto.failure("BN_bin2bn") }
    defer { BN_clear_free(scalar) }
    guard BN_is_zero(scalar) == 0, BN_cmp(scalar, EC_GROUP_get0_order(group)) < 0 else {
      throw WebPushError.invalid("The P-256 private key is out of range (zero or ≥ the order).")
    }
    guard let product = EC_POINT_new(group) else { throw LibCrypto.failure("EC_POINT_new") }
    defer { EC_POINT_free(product) }
    var point = [UInt8](repeating: 0, count: 65)
    guard EC_POINT_mul(group, product, scalar, nil, nil, nil) == 1,
      EC_POINT_point2oct(group, product, POINT_CONVERSION_UNCOMPRESSED, &point, 65, nil) == 65
    else { throw LibCrypto.failure("EC_POINT_mul") }
    let key = try P256PublicKey.makeKey(point: point, privateScalar: scalar)
    self.key = key
    self.privateKey = bytes
    self.publicKey = try P256PublicKey(uncompressedPoint: point)
  }

  /// Rebuilds a key pair from its base64url private scalar.
  /// - Throws: ``WebPushError`` (`invalidInput`) when it is not a P-256 private key.
  public convenience init(base64URL text: String) throws {
    guard let bytes = Base64URL.decode(text) else {
      throw WebPushError.invalid("The P-256 private key is not base64url.")
    }
    try self.init(privateKey: bytes)
  }

  deinit { EVP_PKEY_free(key) }

  /// The private scalar as base64url, for keeping the key.
  public var privateKeyBase64URL: String { Base64URL.encode(privateKey) }

  /// The ECDH shared secret with `peer` (the X coordinate, 32 bytes).
  /// - Throws: ``WebPushError`` (`crypto`) when libcrypto fails.
  public func sharedSecret(with peer: P256PublicKey) throws -> [UInt8] {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
      throw LibCrypto.failure("EVP_PKEY_CTX_new_from_pkey")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var length = 0
    guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.key) == 1,
      EVP_PKEY_derive(context, nil, &length) == 1
    else { throw LibCrypto.failure("EVP_PKEY_derive (ECDH)") }
    var secret = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else {
      throw LibCrypto.failure("EVP_PKEY_derive (ECDH)")
    }
    return secret
  }

  /// The ECDSA P-256 SHA-256 signature of `message` as JWS ES256 writes it: r ‖ s, 64 bytes.
  /// - Throws: ``WebPushError`` (`crypto`) when libcrypto fails.
  public func signature(of message: [UInt8]) throws -> [UInt8] {
    guard let context = EVP_MD_CTX_new() else { throw LibCrypto.failure("EVP_MD_CTX_new") }
    defer { EVP_MD_CTX_free(context) }
    var length = 0
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
      EVP_DigestSign(context, nil, &length, message, message.count) == 1
    else { throw LibCrypto.failure("EVP_DigestSign") }
    var der = [UInt8](repeating: 0, count: length)
    guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else {
      throw LibCrypto.failure("EVP_DigestSign")
    }
    // libcrypto writes DER (SEQUENCE of r and s); JWS wants both as 32-byte big-endian numbers.
    let parsed = der.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, length)
    }
    guard let parsed else { throw LibCrypto.failure("d2i_ECDSA_SIG") }
    defer { ECDSA_SIG_free(parsed) }
    var raw = [UInt8](repeating: 0, count: 64)
    let written = raw.withUnsafeMutableBufferPointer { buffer in
      BN_bn2binpad(ECDSA_SIG_get0_r(parsed), buffer.baseAddress!, 32)
        + BN_bn2binpad(ECDSA_SIG_get0_s(parsed), buffer.baseAddress! + 32, 32)
    }
    guard written == 64 else { throw LibCrypto.failure("BN_bn2binpad") }
    return raw
  }
}
