import COpenSSL
import Foundation

/// The few libcrypto primitives Web Push needs beyond keys: random bytes, HKDF-SHA-256 and
/// AES-128-GCM. Every return code is checked; a failure throws with libcrypto's own reason.
enum LibCrypto {
  /// libcrypto's name of P-256.
  static let groupName = "prime256v1"
  static let digestName = "SHA256"

  /// Parameter names as C strings that live as long as the process: OSSL_PARAM_BLD keeps the
  /// pointer to each key until OSSL_PARAM_BLD_to_param, so a temporary Swift string will not do.
  nonisolated(unsafe) static let groupKey = UnsafePointer(strdup("group")!)
  nonisolated(unsafe) static let publicKey = UnsafePointer(strdup("pub")!)
  nonisolated(unsafe) static let privateKey = UnsafePointer(strdup("priv")!)
  nonisolated(unsafe) static let digestKey = UnsafePointer(strdup("digest")!)
  nonisolated(unsafe) static let saltKey = UnsafePointer(strdup("salt")!)
  nonisolated(unsafe) static let keyKey = UnsafePointer(strdup("key")!)
  nonisolated(unsafe) static let infoKey = UnsafePointer(strdup("info")!)

  /// `count` bytes from libcrypto's CSPRNG.
  static func randomBytes(_ count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw failure("RAND_bytes") }
    return bytes
  }

  /// HKDF-SHA-256 (RFC 5869), extract and expand: `length` bytes.
  static func hkdf(salt: [UInt8], key: [UInt8], info: [UInt8], length: Int) throws -> [UInt8] {
    guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw failure("EVP_KDF_fetch") }
    defer { EVP_KDF_free(kdf) }
    guard let context = EVP_KDF_CTX_new(kdf) else { throw failure("EVP_KDF_CTX_new") }
    defer { EVP_KDF_CTX_free(context) }
    guard let builder = OSSL_PARAM_BLD_new() else { throw failure("OSSL_PARAM_BLD_new") }
    defer { OSSL_PARAM_BLD_free(builder) }
    // The builder copies what it is given when the parameters are made, so every buffer
    // stays alive until then.
    var output = [UInt8](repeating: 0, count: length)
    let status: Int32 = try digestName.withCString { digest in
      try salt.withUnsafeBytes { salt in
        try key.withUnsafeBytes { key in
          try info.withUnsafeBytes { info in
            guard OSSL_PARAM_BLD_push_utf8_string(builder, digestKey, digest, 0) == 1,
              OSSL_PARAM_BLD_push_octet_string(builder, saltKey, salt.baseAddress, salt.count) == 1,
              OSSL_PARAM_BLD_push_octet_string(builder, keyKey, key.baseAddress, key.count) == 1,
              OSSL_PARAM_BLD_push_octet_string(builder, infoKey, info.baseAddress, info.count) == 1,
              let parameters = OSSL_PARAM_BLD_to_param(builder)
            else { throw failure("OSSL_PARAM_BLD (HKDF)") }
            defer { OSSL_PARAM_free(parameters) }
            return EVP_KDF_derive(context, &output, length, parameters)
          }
        }
      }
    }
    guard status == 1 else { throw failure("EVP_KDF_derive (HKDF)") }
    return output
  }

  /// The AES-128-GCM encryption of `plaintext`: the ciphertext followed by its 16-byte tag.
  static func aes128GCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
    precondition(
      key.count == 16 && nonce.count == 12, "AES-128-GCM takes a 16-byte key, 12-byte nonce")
    guard let context = EVP_CIPHER_CTX_new() else { throw failure("EVP_CIPHER_CTX_new") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else {
      throw failure("EVP_EncryptInit_ex")
    }
    var output = [UInt8](repeating: 0, count: plaintext.count + 16)
    var written: Int32 = 0
    var final: Int32 = 0
    guard
      EVP_EncryptUpdate(context, &output, &written, plaintext, Int32(plaintext.count)) == 1,
      output.withUnsafeMutableBufferPointer({ buffer in
        EVP_EncryptFinal_ex(context, buffer.baseAddress! + Int(written), &final)
      }) == 1
    else { throw failure("EVP_EncryptUpdate") }
    let length = Int(written + final)
    var tag = [UInt8](repeating: 0, count: 16)
    // EVP_CTRL_GCM_GET_TAG (0x10): a macro of a macro, which Swift does not import.
    guard EVP_CIPHER_CTX_ctrl(context, 0x10, 16, &tag) == 1 else {
      throw failure("EVP_CTRL_GCM_GET_TAG")
    }
    return Array(output[..<length]) + tag
  }

  /// The plaintext of AES-128-GCM `sealed` (ciphertext and tag), or nil when the tag does not
  /// match (a wrong key or altered bytes).
  static func aes128GCMOpen(key: [UInt8], nonce: [UInt8], sealed: [UInt8]) throws -> [UInt8]? {
    precondition(
      key.count == 16 && nonce.count == 12, "AES-128-GCM takes a 16-byte key, 12-byte nonce")
    guard sealed.count >= 16 else { return nil }
    let ciphertext = Array(sealed.dropLast(16))
    var tag = Array(sealed.suffix(16))
    guard let context = EVP_CIPHER_CTX_new() else { throw failure("EVP_CIPHER_CTX_new") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_DecryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else {
      throw failure("EVP_DecryptInit_ex")
    }
    var output = [UInt8](repeating: 0, count: ciphertext.count + 16)
    var written: Int32 = 0
    var final: Int32 = 0
    guard EVP_DecryptUpdate(context, &output, &written, ciphertext, Int32(ciphertext.count)) == 1,
      // EVP_CTRL_GCM_SET_TAG (0x11).
      EVP_CIPHER_CTX_ctrl(context, 0x11, 16, &tag) == 1
    else { throw failure("EVP_DecryptUpdate") }
    let opened = output.withUnsafeMutableBufferPointer { buffer in
      EVP_DecryptFinal_ex(context, buffer.baseAddress! + Int(written), &final)
    }
    guard opened == 1 else {
      ERR_clear_error()
      return nil
    }
    return Array(output[..<Int(written + final)])
  }

  /// An error naming the call that failed and libcrypto's reason, clearing its error queue.
  static func failure(_ call: String) -> WebPushError {
    var reasons: [String] = []
    while case let code = ERR_get_error(), code != 0 {
      var buffer = [UInt8](repeating: 0, count: 256)
      buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          ERR_error_string_n(code, $0.baseAddress, $0.count)
        }
      }
      reasons.append(String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self))
    }
    let reason = reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")
    return WebPushError(.crypto, "libcrypto's \(call) failed\(reason)")
  }
}
