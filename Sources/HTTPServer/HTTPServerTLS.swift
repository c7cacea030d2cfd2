import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HTTPServerConfiguration {
  /// The certificate and private key of a server that speaks HTTPS (TLS through GnuTLS).
  public struct TLS: Sendable {
    /// The PEM certificate chain: the server's certificate first, then any intermediates.
    public var certificateChain: [UInt8]
    /// The PEM private key of the first certificate, not encrypted with a passphrase.
    public var privateKey: [UInt8]

    /// Creates TLS settings from the contents of PEM files.
    ///
    /// - Parameters:
    ///   - certificateChain: The PEM certificate chain (`-----BEGIN CERTIFICATE-----` blocks).
    ///   - privateKey: The PEM private key (`-----BEGIN PRIVATE KEY-----` or the RSA or EC
    ///     form).
    public init(
      certificateChain: some Collection<UInt8>, privateKey: some Collection<UInt8>
    ) {
      self.certificateChain = Array(certificateChain)
      self.privateKey = Array(privateKey)
    }

    /// Creates TLS settings from PEM text.
    public init(certificateChain: String, privateKey: String) {
      self.init(certificateChain: certificateChain.utf8, privateKey: privateKey.utf8)
    }

    /// The certificate and key as C strings for libmicrohttpd, once they look like what
    /// GnuTLS expects; GnuTLS itself checks the rest when the daemon starts.
    func pemStrings() throws(HTTPServerError) -> PEMStrings {
      if let problem = Self.certificateProblem(certificateChain) ?? Self.keyProblem(privateKey) {
        throw HTTPServerError(.tlsFailed, "Cannot serve HTTPS: \(problem)")
      }
      return PEMStrings(certificate: certificateChain, key: privateKey)
    }

    private static func certificateProblem(_ pem: [UInt8]) -> String? {
      if let problem = textProblem(pem, what: "certificate") { return problem }
      let text = String(decoding: pem, as: UTF8.self)
      guard text.contains("-----BEGIN CERTIFICATE-----") else {
        if text.contains("PRIVATE KEY-----") {
          return "the TLS certificate is a private key; are the certificate and key swapped?"
        }
        return "the TLS certificate has no '-----BEGIN CERTIFICATE-----' block."
      }
      return nil
    }

    private static func keyProblem(_ pem: [UInt8]) -> String? {
      if let problem = textProblem(pem, what: "key") { return problem }
      let text = String(decoding: pem, as: UTF8.self)
      guard text.contains("PRIVATE KEY-----") else {
        if text.contains("-----BEGIN CERTIFICATE-----") {
          return "the TLS key is a certificate; are the certificate and key swapped?"
        }
        return "the TLS key has no '-----BEGIN PRIVATE KEY-----' block."
      }
      if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")
        || text.contains("Proc-Type: 4,ENCRYPTED")
      {
        return "the TLS key is encrypted with a passphrase; give an unencrypted copy, made "
          + "with `openssl pkey -in key.pem -out plain-key.pem`."
      }
      return nil
    }

    private static func textProblem(_ pem: [UInt8], what: String) -> String? {
      if pem.allSatisfy({ $0 == 0x20 || (0x09...0x0D).contains($0) }) {
        return "the TLS \(what) is empty."
      }
      if pem.contains(0) || String(validating: pem, as: UTF8.self) == nil {
        return "the TLS \(what) is not PEM text (a binary DER file? `openssl x509 -inform der` "
          + "or `openssl pkey -inform der` converts one)."
      }
      return nil
    }
  }
}

/// NUL-terminated copies of the certificate and key that outlive the daemon using them; the
/// key's copy is wiped when it is freed.
final class PEMStrings: @unchecked Sendable {
  let certificate: UnsafeMutablePointer<CChar>
  let key: UnsafeMutablePointer<CChar>
  private let keyLength: Int

  init(certificate: [UInt8], key: [UInt8]) {
    self.certificate = Self.copy(certificate)
    self.key = Self.copy(key)
    self.keyLength = key.count
  }

  deinit {
    explicit_bzero(key, keyLength)
    certificate.deallocate()
    key.deallocate()
  }

  private static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  }
}

extension HTTPServerError {
  /// The error for a daemon that would not start, from what libmicrohttpd logged meanwhile.
  static func daemonRefused(place: String, tls: Bool, log: String) -> HTTPServerError {
    let lines = log.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "."))
    }.filter { !$0.isEmpty }
    guard tls else {
      let reason = lines.first.map { ": \($0)" } ?? ""
      return HTTPServerError(
        .daemonFailed,
        "Cannot start the HTTP server on \(place): libmicrohttpd refused to start\(reason).")
    }
    // GnuTLS's reason comes first; libmicrohttpd then adds "Failed to initialize TLS support".
    let reason = lines.first { $0.localizedCaseInsensitiveContains("TLS") } ?? lines.first
    if log.contains("do not match") {
      return HTTPServerError(
        .tlsFailed, "Cannot serve HTTPS: the TLS key does not match the certificate.")
    }
    return HTTPServerError(
      .tlsFailed, "Cannot serve HTTPS: could not start TLS: \(reason ?? "no reason given").")
  }
}
