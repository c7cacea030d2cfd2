import COpenSSL

/// A P-256 public key: a subscription's `p256dh`, or the server's VAPID key as a browser sees it.
///
/// libcrypto's `EVP_PKEY` may be used from several threads at once once made (each operation
/// takes a context of its own), and this type never changes it: hence `@unchecked Sendable`.
public final class P256PublicKey: @unchecked Sendable {
  let key: OpaquePointer

  /// The key as an uncompressed point: 0x04, then X and Y (65 bytes).
  public let uncompressedPoint: [UInt8]

  /// Reads an uncompressed point (65 bytes: 0x04, X, Y), refusing one that is not on the curve.
  /// - Throws: ``WebPushError`` (`invalidInput`) naming what is wrong.
  public init(uncompressedPoint point: [UInt8]) throws {
    guard point.count == 65, point[0] == 0x04 else {
      throw WebPushError.invalid(
        "A P-256 public key is an uncompressed point of 65 bytes starting with 0x04; this one "
          + "has \(point.count) bytes.")
    }
    guard let key = try? Self.makeKey(point: point, privateScalar: nil) else {
      throw WebPushError.invalid("The P-256 public key is not a point on the curve.")
    }
    self.key = key
    self.uncompressedPoint = point
  }

  /// Reads a base64url uncompressed point, as a subscription's `p256dh`.
  /// - Throws: ``WebPushError`` (`invalidInput`) naming what is wrong.
  public convenience init(base64URL text: String) throws {
    guard let bytes = Base64URL.decode(text) else {
      throw WebPushError.invalid("The P-256 public key is not base64url.")
    }
    try self.init(uncompressedPoint: bytes)
  }

  init(key: OpaquePointer, point: [UInt8]) {
    self.key = key
    self.uncompressedPoint = point
  }

  deinit { EVP_PKEY_free(key) }

  /// The key as base64url text of its uncompressed point.
  public var base64URL: String { Base64URL.encode(uncompressedPoint) }

  /// Whether `signature` (raw r ‖ s, 64 bytes, as JWS ES256 writes it) is this key's ECDSA
  /// P-256 SHA-256 signature of `message`.
  public func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    guard signature.count == 64, let der = Self.derSignature(raw: signature) else { return false }
    guard let context = EVP_MD_CTX_new() else { return false }
    defer {
      EVP_MD_CTX_free(context)
      ERR_clear_error()
    }
    guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
    return EVP_DigestVerify(context, der, der.count, message, message.count) == 1
  }

  /// An `EVP_PKEY` for the P-256 point, with its private scalar when given, checked by libcrypto.
  static func makeKey(point: [UInt8], privateScalar: OpaquePointer?) throws -> OpaquePointer {
    guard let builder = OSSL_PARAM_BLD_new() else { throw LibCrypto.failure("OSSL_PARAM_BLD_new") }
    defer { OSSL_PARAM_BLD_free(builder) }
    // The builder keeps pointers to the buffers until OSSL_PARAM_BLD_to_param copies them:
    // every buffer stays alive until then.
    let built = LibCrypto.groupName.withCString { group in
      point.withUnsafeBufferPointer { point -> UnsafeMutablePointer<OSSL_PARAM>? in
        guard OSSL_PARAM_BLD_push_utf8_string(builder, LibCrypto.groupKey, group, 0) == 1,
          OSSL_PARAM_BLD_push_octet_string(
            builder, LibCrypto.publicKey, point.baseAddress, point.count) == 1,
          privateScalar.map({ OSSL_PARAM_BLD_push_BN(builder, LibCrypto.privateKey, $0) == 1 })
            ?? true
        else { return nil }
        return OSSL_PARAM_BLD_to_param(builder)
      }
    }
    guard let parameters = built else { throw LibCrypto.failure("OSSL_PARAM_BLD (EC key)") }
    defer { OSSL_PARAM_free(parameters) }
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw LibCrypto.failure("EVP_PKEY_CTX_new_from_name")
    }
    defer { EVP_PKEY_CTX_free(context) }
    var key: OpaquePointer?
    // OSSL_KEYMGMT_SELECT_*: all parameters (0x84) with the public key (0x02) and, for a key
    // pair, the private key (0x01): EVP_PKEY_PUBLIC_KEY / EVP_PKEY_KEYPAIR, macros Swift
    // does not import.
    let selection: Int32 = privateScalar == nil ? 0x86 : 0x87
    guard EVP_PKEY_fromdata_init(context) == 1,
      EVP_PKEY_fromdata(context, &key, selection, parameters) == 1, let key
    else { throw LibCrypto.failure("EVP_PKEY_fromdata") }
    guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
      EVP_PKEY_free(key)
      throw LibCrypto.failure("EVP_PKEY_CTX_new_from_pkey")
    }
    defer { EVP_PKEY_CTX_free(check) }
    let valid = privateScalar == nil ? EVP_PKEY_public_check(check) : EVP_PKEY_check(check)
    guard valid == 1 else {
      EVP_PKEY_free(key)
      throw LibCrypto.failure("EVP_PKEY_check")
    }
    return key
  }

  /// A raw r ‖ s signature in DER, as libcrypto verifies it.
  static func derSignature(raw: [UInt8]) -> [UInt8]? {
    guard let signature = ECDSA_SIG_new() else { return nil }
    defer { ECDSA_SIG_free(signature) }
    guard let r = BN_bin2bn(raw, 32, nil) else { return nil }
    guard let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else {
      BN_free(r)
      return nil
    }
    guard ECDSA_SIG_set0(signature, r, s) == 1 else {
      BN_free(r)
      BN_free(s)
      return nil
    }
    let length = i2d_ECDSA_SIG(signature, nil)
    guard length > 0 else { return nil }
    var der = [UInt8](repeating: 0, count: Int(length))
    let written = der.withUnsafeMutableBufferPointer { buffer in
      var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
      return i2d_ECDSA_SIG(signature, &cursor)
    }
    return written == length ? der : nil
  }
}
