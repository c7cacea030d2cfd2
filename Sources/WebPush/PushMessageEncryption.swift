/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188):
/// the push service relays bytes only the subscribed browser can read.
///
/// One record: a header (salt, record size 4096, the sender's one-message public key), then
/// the payload with the last-record delimiter 0x02, sealed with AES-128-GCM.
public enum PushMessageEncryption {
  /// The record size written in the header.
  public static let recordSize = 4096

  /// The largest payload that fits in the one record (4096 bytes less the delimiter and the
  /// 16-byte tag); push services accept at least 4096 bytes of body, header included, so keep
  /// payloads well under it.
  public static let maximumPayload = recordSize - 17

  /// Encrypts `plaintext` for a subscription.
  ///
  /// - Parameters:
  ///   - plaintext: The payload.
  ///   - receiverKey: The subscription's `p256dh`.
  ///   - authSecret: The subscription's `auth` (16 bytes).
  ///   - senderKey: A key pair for this message alone; nil makes one (pass one only to
  ///     reproduce a known vector).
  ///   - salt: 16 random bytes for this message; nil makes them.
  /// - Returns: The request body: header, then the one encrypted record.
  /// - Throws: ``WebPushError`` (`invalidInput`) for a secret or salt of the wrong size or a
  ///   payload too large for one record.
  public static func encrypt(
    _ plaintext: [UInt8], to receiverKey: P256PublicKey, authSecret: [UInt8],
    senderKey: P256KeyPair? = nil, salt: [UInt8]? = nil
  ) throws -> [UInt8] {
    guard authSecret.count == 16 else {
      throw WebPushError.invalid(
        "A subscription's auth secret is 16 bytes; this one has \(authSecret.count).")
    }
    guard plaintext.count <= maximumPayload else {
      throw WebPushError.invalid(
        "A push payload holds at most \(maximumPayload) bytes; this one has \(plaintext.count).")
    }
    let salt = try salt ?? LibCrypto.randomBytes(16)
    guard salt.count == 16 else { throw WebPushError.invalid("The salt is 16 bytes.") }
    let sender = try senderKey ?? P256KeyPair()
    let (key, nonce) = try contentKeys(
      sharedSecret: sender.sharedSecret(with: receiverKey), authSecret: authSecret,
      receiverPoint: receiverKey.uncompressedPoint,
      senderPoint: sender.publicKey.uncompressedPoint, salt: salt)
    // One record, and the last: the payload then the delimiter 0x02, no further padding.
    let sealed = try LibCrypto.aes128GCMSeal(key: key, nonce: nonce, plaintext: plaintext + [2])
    return header(salt: salt, keyID: sender.publicKey.uncompressedPoint) + sealed
  }

  /// Decrypts a body made by ``encrypt(_:to:authSecret:senderKey:salt:)``, as the browser
  /// does: for tests and tools that play the receiving side.
  ///
  /// - Parameters:
  ///   - body: The request body.
  ///   - receiverKey: The subscription's key pair.
  ///   - authSecret: The subscription's `auth`.
  /// - Returns: The payload.
  /// - Throws: ``WebPushError`` (`invalidInput`) when the body is malformed, not for this key,
  ///   or altered.
  public static func decrypt(_ body: [UInt8], with receiverKey: P256KeyPair, authSecret: [UInt8])
    throws -> [UInt8]
  {
    guard body.count >= 21 else { throw WebPushError.invalid("The body is shorter than a header.") }
    let salt = Array(body[0..<16])
    let idLength = Int(body[20])
    guard idLength == 65, body.count >= 21 + idLength + 17 else {
      throw WebPushError.invalid("The header's key id is not a P-256 point.")
    }
    let senderPoint = Array(body[21..<(21 + idLength)])
    let sender = try P256PublicKey(uncompressedPoint: senderPoint)
    let (key, nonce) = try contentKeys(
      sharedSecret: receiverKey.sharedSecret(with: sender), authSecret: authSecret,
      receiverPoint: receiverKey.publicKey.uncompressedPoint, senderPoint: senderPoint, salt: salt)
    guard
      var padded = try LibCrypto.aes128GCMOpen(
        key: key, nonce: nonce, sealed: Array(body[(21 + idLength)...]))
    else { throw WebPushError.invalid("The record does not decrypt: wrong key or altered.") }
    while padded.last == 0 { padded.removeLast() }
    guard padded.last == 2 else {
      throw WebPushError.invalid("The record does not end with the last-record delimiter 0x02.")
    }
    return Array(padded.dropLast())
  }

  /// RFC 8291 §3.3–3.4 then RFC 8188 §2.2–2.3: the content-encryption key and the nonce.
  private static func contentKeys(
    sharedSecret: [UInt8], authSecret: [UInt8], receiverPoint: [UInt8], senderPoint: [UInt8],
    salt: [UInt8]
  ) throws -> (key: [UInt8], nonce: [UInt8]) {
    let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPoint + senderPoint
    let inputKey = try LibCrypto.hkdf(
      salt: authSecret, key: sharedSecret, info: keyInfo, length: 32)
    let key = try LibCrypto.hkdf(
      salt: salt, key: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
    let nonce = try LibCrypto.hkdf(
      salt: salt, key: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
    return (key, nonce)
  }

  /// salt (16) ‖ record size (4, big-endian) ‖ key id length (1) ‖ key id.
  private static func header(salt: [UInt8], keyID: [UInt8]) -> [UInt8] {
    let size = UInt32(recordSize)
    return salt + [
      UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF),
    ]
      + [UInt8(keyID.count)] + keyID
  }
}
