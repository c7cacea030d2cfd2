import Foundation
import Testing

@testable import WebPush

/// RFC 8291 appendix A, with its line breaks removed.
private enum RFC8291 {
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let senderPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let receiverPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS"
    + "6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Q"
    + "ulcy4a-fN"
}

private func bytes(_ text: String) throws -> [UInt8] {
  try #require(Base64URL.decode(text), "not base64url: \(text)")
}

@Suite struct MessageEncryptionTests {
  @Test("RFC 8291 appendix A: the same keys and salt give the RFC's exact bytes")
  func rfcVector() throws {
    let sender = try P256KeyPair(base64URL: RFC8291.senderPrivate)
    #expect(sender.publicKey.base64URL == RFC8291.senderPublic)
    let body = try PushMessageEncryption.encrypt(
      Array(RFC8291.plaintext.utf8), to: P256PublicKey(base64URL: RFC8291.receiverPublic),
      authSecret: bytes(RFC8291.authSecret), senderKey: sender, salt: bytes(RFC8291.salt))
    #expect(Base64URL.encode(body) == RFC8291.body)
  }

  @Test("The receiver of the RFC's example reads its plaintext")
  func rfcVectorDecrypts() throws {
    let receiver = try P256KeyPair(base64URL: RFC8291.receiverPrivate)
    #expect(receiver.publicKey.base64URL == RFC8291.receiverPublic)
    let plaintext = try PushMessageEncryption.decrypt(
      bytes(RFC8291.body), with: receiver, authSecret: bytes(RFC8291.authSecret))
    #expect(String(decoding: plaintext, as: UTF8.self) == RFC8291.plaintext)
  }

  @Test("A fresh key and salt each time; only the subscription's keys open it")
  func freshEncryption() throws {
    let receiver = try P256KeyPair()
    let auth = try LibCrypto.randomBytes(16)
    let payload = Array(#"{"type":"reminder"}"#.utf8)
    let first = try PushMessageEncryption.encrypt(payload, to: receiver.publicKey, authSecret: auth)
    let second = try PushMessageEncryption.encrypt(
      payload, to: receiver.publicKey, authSecret: auth)
    #expect(first != second)
    #expect(first.count == 16 + 4 + 1 + 65 + payload.count + 1 + 16)
    #expect(try PushMessageEncryption.decrypt(first, with: receiver, authSecret: auth) == payload)
    #expect(throws: WebPushError.self) {
      try PushMessageEncryption.decrypt(first, with: P256KeyPair(), authSecret: auth)
    }
    var altered = first
    altered[altered.count - 20] ^= 1
    #expect(throws: WebPushError.self) {
      try PushMessageEncryption.decrypt(altered, with: receiver, authSecret: auth)
    }
  }

  @Test("Wrong-sized secrets and oversized payloads are refused with the reason")
  func badInputs() throws {
    let receiver = try P256KeyPair().publicKey
    #expect(
      throws: WebPushError.invalid("A subscription's auth secret is 16 bytes; this one has 15.")
    ) {
      try PushMessageEncryption.encrypt(
        [1], to: receiver, authSecret: Array(repeating: 0, count: 15))
    }
    let big = [UInt8](repeating: 65, count: PushMessageEncryption.maximumPayload + 1)
    #expect(throws: WebPushError.self) {
      try PushMessageEncryption.encrypt(
        big, to: receiver, authSecret: Array(repeating: 0, count: 16))
    }
  }
}

@Suite struct P256KeyTests {
  @Test("A key pair survives export and import of its private scalar")
  func roundTrip() throws {
    let key = try P256KeyPair()
    #expect(key.privateKey.count == 32)
    #expect(key.publicKey.uncompressedPoint.count == 65)
    #expect(key.publicKey.uncompressedPoint.first == 4)
    let again = try P256KeyPair(base64URL: key.privateKeyBase64URL)
    #expect(again.publicKey.uncompressedPoint == key.publicKey.uncompressedPoint)
    #expect(try P256KeyPair().publicKey.uncompressedPoint != key.publicKey.uncompressedPoint)
  }

  @Test("ECDH agrees from both sides")
  func sharedSecret() throws {
    let a = try P256KeyPair()
    let b = try P256KeyPair()
    #expect(try a.sharedSecret(with: b.publicKey) == b.sharedSecret(with: a.publicKey))
  }

  @Test(
    "Public keys that are not an uncompressed P-256 point are refused",
    arguments: [
      "", "BCVx", String(repeating: "A", count: 87),
      // The RFC's receiver key with its last byte changed: off the curve.
      "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw8",
      "not base64!",
    ])
  func badPublicKeys(text: String) {
    #expect(throws: WebPushError.self) { try P256PublicKey(base64URL: text) }
  }

  @Test("Private scalars of zero, of the order, or of the wrong size are refused")
  func badPrivateKeys() {
    #expect(throws: WebPushError.self) {
      try P256KeyPair(privateKey: Array(repeating: 0, count: 32))
    }
    #expect(throws: WebPushError.self) {
      try P256KeyPair(privateKey: Array(repeating: 1, count: 31))
    }
    let order = "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551"
    let orderBytes = stride(from: 0, to: order.count, by: 2).map { offset in
      let start = order.index(order.startIndex, offsetBy: offset)
      return UInt8(order[start..<order.index(start, offsetBy: 2)], radix: 16)!
    }
    #expect(throws: WebPushError.self) { try P256KeyPair(privateKey: orderBytes) }
  }
}

@Suite struct VAPIDTests {
  private struct Claims: Decodable {
    var aud: String
    var exp: Int
    var sub: String
  }

  @Test("The token is an ES256 JWT the public key verifies, addressed to the endpoint's origin")
  func tokenVerifies() throws {
    let key = try P256KeyPair()
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let header = try VAPID.authorization(
      endpoint: #require(URL(string: "https://push.example.net:8443/wpush/v2/abc?x=1")),
      subject: "mailto:ops@example.com", key: key, expiration: now.addingTimeInterval(43_200))
    let parts = header.split(separator: " ", maxSplits: 1)
    #expect(parts.first == "vapid")
    let fields = try #require(parts.last).components(separatedBy: ", ")
    #expect(fields.count == 2)
    let token = try #require(fields.first { $0.hasPrefix("t=") }).dropFirst(2)
    let k = try #require(fields.first { $0.hasPrefix("k=") }).dropFirst(2)
    #expect(String(k) == key.publicKey.base64URL)
    let segments = token.split(separator: ".").map(String.init)
    #expect(segments.count == 3)
    let jose = try JSONSerialization.jsonObject(with: Data(bytes(segments[0]))) as? [String: String]
    #expect(jose == ["typ": "JWT", "alg": "ES256"])
    let claims = try JSONDecoder().decode(Claims.self, from: Data(bytes(segments[1])))
    #expect(claims.aud == "https://push.example.net:8443")
    #expect(claims.sub == "mailto:ops@example.com")
    #expect(claims.exp == 1_796_043_200)
    let publicKey = try P256PublicKey(base64URL: String(k))
    let signed = Array("\(segments[0]).\(segments[1])".utf8)
    let signature = try bytes(segments[2])
    #expect(signature.count == 64)
    #expect(publicKey.isValidSignature(signature, of: signed))
    #expect(!publicKey.isValidSignature(signature, of: signed + [0]))
    #expect(!(try P256KeyPair()).publicKey.isValidSignature(signature, of: signed))
  }

  @Test("The audience drops a default port and keeps the scheme and host only")
  func audience() throws {
    let url = try #require(URL(string: "https://FCM.googleapis.com:443/fcm/send/x"))
    #expect(PushEndpoint.origin(of: url) == "https://fcm.googleapis.com")
  }
}

@Suite struct PushEndpointTests {
  @Test("https endpoints pass; plain HTTP only on an allowed origin")
  func policy() throws {
    let policy = try PushEndpoint(allowedInsecureOrigins: ["http://127.0.0.1:8090"])
    #expect(
      try policy.check("https://updates.push.services.mozilla.com/wpush/v2/x").host
        == "updates.push.services.mozilla.com")
    #expect(try policy.check("http://127.0.0.1:8090/push/1").port == 8090)
    #expect(throws: WebPushError.self) { try policy.check("http://127.0.0.1:8091/push/1") }
    #expect(throws: WebPushError.self) { try policy.check("http://localhost:8090/push/1") }
    #expect(throws: WebPushError.self) { try policy.check("ftp://127.0.0.1:8090/") }
    #expect(throws: WebPushError.self) { try policy.check("https://user:pw@push.example/") }
    #expect(throws: WebPushError.self) { try policy.check("/relative") }
    #expect(throws: WebPushError.self) {
      try policy.check("https://push.example/" + String(repeating: "a", count: 2048))
    }
    #expect(throws: WebPushError.self) { try PushEndpoint().check("http://127.0.0.1:8090/x") }
  }

  @Test("An https endpoint on an address, a local name or another port is refused (no SSRF)")
  func ownNetworkRefused() throws {
    let policy = try PushEndpoint()
    for endpoint in [
      "https://127.0.0.1/x", "https://[::1]/x", "https://2130706433/x", "https://0x7f000001/x",
      "https://127.1/x", "https://localhost/x", "https://printer.local/x",
      "https://169.254.169.254/latest", "https://db.internal/x", "https://intranet/x",
      "https://fcm.googleapis.com:22/x", "https://fcm.googleapis.com:8443/x",
    ] {
      #expect(throws: WebPushError.self, "\(endpoint)") { try policy.check(endpoint) }
    }
    #expect(
      try policy.check("https://fcm.googleapis.com:443/fcm/send/x").host == "fcm.googleapis.com")
    #expect(try policy.check("https://web.push.apple.com/QGuQ").host == "web.push.apple.com")
  }

  @Test("An allowed origin must be an http origin alone")
  func badOrigins() {
    for text in ["https://127.0.0.1:1", "http://127.0.0.1:1/path", "127.0.0.1:1", "http://"] {
      #expect(throws: WebPushError.self, "\(text)") {
        try PushEndpoint(allowedInsecureOrigins: [text])
      }
    }
  }
}
