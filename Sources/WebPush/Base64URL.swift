import Foundation

/// Base64url without padding (RFC 4648 §5), as Web Push writes keys, secrets and JWTs.
public enum Base64URL {
  /// The base64url text of `bytes`, without `=` padding.
  public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The bytes of base64url `text` (padding optional), or nil when it is not base64url.
  public static func decode(_ text: String) -> [UInt8]? {
    guard text.utf8.allSatisfy({ byte in Self.alphabet.contains(byte) }) else { return nil }
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
      .replacingOccurrences(of: "=", with: "")
    guard base64.count % 4 != 1 else { return nil }
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).map { [UInt8]($0) }
  }

  private static let alphabet = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=".utf8)
}
