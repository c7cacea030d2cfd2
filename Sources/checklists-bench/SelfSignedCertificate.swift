import Foundation

/// A self-signed certificate for 127.0.0.1 and its key, made with openssl.
struct SelfSignedCertificate {
  let certificate: String
  let key: String

  init(folder: URL) throws {
    certificate = folder.appendingPathComponent("cert.pem").path
    key = folder.appendingPathComponent("key.pem").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      "-keyout", key, "-out", certificate,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError(description: "openssl could not make a certificate")
    }
  }
}
