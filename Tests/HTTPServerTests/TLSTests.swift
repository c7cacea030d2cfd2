import Foundation
import HTTPServer
import Testing

/// A self-signed certificate for 127.0.0.1 and localhost, made by `openssl` in a new folder.
struct TestCertificate {
  let folder: URL
  let certificatePath: String
  let keyPath: String

  var certificate: String { (try? String(contentsOfFile: certificatePath, encoding: .utf8)) ?? "" }
  var key: String { (try? String(contentsOfFile: keyPath, encoding: .utf8)) ?? "" }
  var tls: HTTPServerConfiguration.TLS { .init(certificateChain: certificate, privateKey: key) }

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    certificatePath = folder.appendingPathComponent("cert.pem").path
    keyPath = folder.appendingPathComponent("key.pem").path
    let result = try runTool(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-days", "2", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout", keyPath, "-out", certificatePath,
      ])
    guard result.code == 0 else {
      throw TestClientError(description: "openssl failed: \(result.error)")
    }
  }
}

/// What a command printed and how it ended.
struct ToolResult {
  var output: String
  var error: String
  var code: Int32
}

/// Runs a program to its end; its output goes to files, so neither pipe can fill and stall it.
func runTool(_ path: String, _ arguments: [String]) throws -> ToolResult {
  let folder = FileManager.default.temporaryDirectory
  let outputURL = folder.appendingPathComponent("tool-\(UUID().uuidString).out")
  let errorURL = folder.appendingPathComponent("tool-\(UUID().uuidString).err")
  _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
  defer {
    try? FileManager.default.removeItem(at: outputURL)
    try? FileManager.default.removeItem(at: errorURL)
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: outputURL)
  process.standardError = try FileHandle(forWritingTo: errorURL)
  try process.run()
  process.waitUntilExit()
  return ToolResult(
    output: try String(contentsOf: outputURL, encoding: .utf8),
    error: try String(contentsOf: errorURL, encoding: .utf8),
    code: process.terminationStatus)
}

/// `curl`, trusting only `certificate`, with the response's head and body on standard output.
func curl(_ url: String, trusting certificate: TestCertificate?, _ extra: [String] = [])
  throws -> ToolResult
{
  var arguments = ["--silent", "--show-error", "--include", "--max-time", "10"]
  if let certificate { arguments += ["--cacert", certificate.certificatePath] }
  return try runTool("/usr/bin/curl", arguments + extra + [url])
}

@Suite(.serialized) struct TLSTests {
  private func server(
    _ tls: HTTPServerConfiguration.TLS?,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in
      HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], text: "hello")
    }
  ) -> HTTPServer {
    HTTPServer(
      configuration: HTTPServerConfiguration(port: 0, threadCount: 2, tls: tls),
      handler: handler, errorResponse: problemResponse)
  }

  @Test func answersOverHTTPSWithACertificateTheClientVerifies() throws {
    let certificate = try TestCertificate()
    let recorder = Recorder<HTTPRequest>()
    let server = server(certificate.tls, handler: recordingHandler(recorder))
    try server.start()
    defer { server.shutdown() }
    #expect(server.isSecure)
    #expect(server.url == "https://127.0.0.1:\(server.port)")

    let result = try curl(server.url + "/hello?x=1", trusting: certificate)
    #expect(result.code == 0, "\(result.error)")
    #expect(result.output.hasPrefix("HTTP/1.1 200"), "\(result.output)")
    #expect(result.output.hasSuffix("\r\n\r\nhello"))
    #expect(recorder.all.map(\.path) == ["/hello"])

    // The same request by name: the certificate names localhost too.
    let byName = try curl(
      "https://localhost:\(server.port)/", trusting: certificate,
      ["--resolve", "localhost:\(server.port):127.0.0.1"])
    #expect(byName.code == 0, "\(byName.error)")
  }

  @Test func sendsTheWholeChainSoAClientTrustingOnlyTheRootVerifiesIt() throws {
    let folder = try TestCertificate().folder
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func openssl(_ arguments: [String]) throws {
      let result = try runTool("/usr/bin/openssl", arguments)
      guard result.code == 0 else { throw TestClientError(description: result.error) }
    }
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try "basicConstraints=critical,CA:TRUE\n".write(
      toFile: path("ca.ext"), atomically: true, encoding: .utf8)
    try "subjectAltName=IP:127.0.0.1\n".write(
      toFile: path("leaf.ext"), atomically: true, encoding: .utf8)
    let root = [
      "-subj", "/CN=Test Root", "-keyout", path("root-key.pem"), "-out", path("root.pem"),
    ]
    try openssl(["req", "-x509", "-days", "2"] + curve + root)
    // An intermediate signed by the root, and the server's certificate signed by that.
    let intermediateRequest = [
      "-subj", "/CN=Test Intermediate", "-keyout", path("int-key.pem"), "-out", path("int.csr"),
    ]
    try openssl(["req", "-new"] + curve + intermediateRequest)
    try openssl([
      "x509", "-req", "-in", path("int.csr"), "-CA", path("root.pem"), "-CAkey",
      path("root-key.pem"), "-CAcreateserial", "-days", "2", "-extfile", path("ca.ext"), "-out",
      path("int.pem"),
    ])
    let leafRequest = [
      "-subj", "/CN=127.0.0.1", "-keyout", path("leaf-key.pem"), "-out", path("leaf.csr"),
    ]
    try openssl(["req", "-new"] + curve + leafRequest)
    try openssl([
      "x509", "-req", "-in", path("leaf.csr"), "-CA", path("int.pem"), "-CAkey",
      path("int-key.pem"), "-CAcreateserial", "-days", "2", "-extfile", path("leaf.ext"), "-out",
      path("leaf.pem"),
    ])
    let chain =
      try String(contentsOfFile: path("leaf.pem"), encoding: .utf8)
      + String(contentsOfFile: path("int.pem"), encoding: .utf8)
    let key = try String(contentsOfFile: path("leaf-key.pem"), encoding: .utf8)

    let server = server(.init(certificateChain: Data(chain.utf8), privateKey: Data(key.utf8)))
    try server.start()
    defer { server.shutdown() }
    let result = try runTool(
      "/usr/bin/curl",
      ["--silent", "--show-error", "--max-time", "10", "--cacert", path("root.pem"), server.url])
    #expect(result.code == 0, "\(result.error)")
    #expect(result.output == "hello")
  }

  @Test func aClientThatDoesNotTrustTheCertificateGetsNoAnswer() throws {
    let certificate = try TestCertificate()
    let recorder = Recorder<HTTPRequest>()
    let server = server(certificate.tls, handler: recordingHandler(recorder))
    try server.start()
    defer { server.shutdown() }
    let result = try curl(server.url + "/", trusting: nil)
    #expect(result.code == 60, "\(result.error)")  // CURLE_PEER_FAILED_VERIFICATION
    #expect(recorder.count == 0)
  }

  @Test func plainHTTPToTheHTTPSPortDoesNotReachTheHandler() throws {
    let certificate = try TestCertificate()
    let recorder = Recorder<HTTPRequest>()
    let server = server(certificate.tls, handler: recordingHandler(recorder))
    try server.start()
    defer { server.shutdown() }
    let result = try curl("http://127.0.0.1:\(server.port)/hello", trusting: nil)
    #expect(result.code == 52, "\(result.error)")  // CURLE_GOT_NOTHING: closed unanswered
    #expect(!result.output.contains("hello"))
    #expect(recorder.count == 0)
    // The server is still fine afterwards.
    #expect(try curl(server.url + "/hello", trusting: certificate).output.hasSuffix("hello"))
  }

  @Test func anEventStreamKeepsFlowingOverTLS() throws {
    let certificate = try TestCertificate()
    let streams = Recorder<HTTPEventStream>()
    let server = server(certificate.tls) { _ in
      let stream = HTTPEventStream()
      stream.send(": connected\n\n")
      streams.record(stream)
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "text/event-stream"], stream: stream)
    }
    try server.start()
    defer { server.shutdown(timeout: .seconds(2)) }
    // The stream goes idle (its connection suspended) before each later message.
    let sender = inBackground {
      guard streams.wait(forCount: 1), let stream = streams.all.first else { return }
      for index in 1...2 {
        Thread.sleep(forTimeInterval: 0.2)
        stream.send("data: message \(index)\n\n")
      }
      stream.finish()
    }
    let result = try curl(server.url + "/events", trusting: certificate, ["--no-buffer"])
    sender.wait()
    #expect(result.code == 0, "\(result.error)")
    #expect(result.output.hasSuffix(": connected\n\ndata: message 1\n\ndata: message 2\n\n"))
  }

  @Test func aKeyOfAnotherCertificateIsRefusedAtStart() throws {
    let certificate = try TestCertificate()
    let other = try TestCertificate()
    let server = server(.init(certificateChain: certificate.certificate, privateKey: other.key))
    let error = try #require(throws: HTTPServerError.self) { try server.start() }
    #expect(error.code == .tlsFailed)
    #expect(error.message == "Cannot serve HTTPS: the TLS key does not match the certificate.")
  }

  @Test func unusableCertificatesAndKeysAreNamedAtStart() throws {
    let certificate = try TestCertificate()
    let cases: [(HTTPServerConfiguration.TLS, String)] = [
      (
        .init(certificateChain: certificate.key, privateKey: certificate.certificate),
        "the TLS certificate is a private key; are the certificate and key swapped?"
      ),
      (
        .init(certificateChain: certificate.certificate, privateKey: certificate.certificate),
        "the TLS key is a certificate; are the certificate and key swapped?"
      ),
      (.init(certificateChain: "", privateKey: certificate.key), "the TLS certificate is empty."),
      (
        .init(certificateChain: [0x30, 0x82, 0x01, 0x00], privateKey: Array(certificate.key.utf8)),
        "the TLS certificate is not PEM text"
      ),
      (
        .init(
          certificateChain: certificate.certificate,
          privateKey: "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n"
            + "-----END ENCRYPTED PRIVATE KEY-----\n"),
        "the TLS key is encrypted with a passphrase"
      ),
      (
        .init(
          certificateChain: certificate.certificate,
          privateKey: "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n"
            + "DEK-Info: AES-128-CBC,00\n\nAAAA\n-----END RSA PRIVATE KEY-----\n"),
        "the TLS key is encrypted with a passphrase"
      ),
      (
        .init(
          certificateChain: "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n",
          privateKey: certificate.key),
        "Cannot serve HTTPS: could not start TLS: GnuTLS"
      ),
    ]
    for (tls, expected) in cases {
      let error = try #require(throws: HTTPServerError.self) { try server(tls).start() }
      #expect(error.code == .tlsFailed)
      #expect(error.message.contains(expected), "\(error.message)")
    }
  }

  @Test func aPlainServerSaysSo() throws {
    let server = server(nil)
    try server.start()
    defer { server.shutdown() }
    #expect(!server.isSecure)
    #expect(server.url == "http://127.0.0.1:\(server.port)")
  }
}
