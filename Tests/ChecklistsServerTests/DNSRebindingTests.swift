import ChecklistsCore
import ChecklistsInterop
import ChecklistsServer
import Foundation
import HTTPServer
import Synchronization
import Testing

/// A page of `http://evil.example:PORT` whose DNS name its author points at 127.0.0.1 reaches
/// the server as a browser sends it: `Host` and `Origin` name evil.example. Every path refuses
/// it with 421; the server's own names and `--public-url` names are answered.
@Suite("DNS rebinding: the server answers only to its own names")
struct DNSRebindingTests {
  /// A raw request over a socket, with exactly the headers given (URLSession would set Host).
  static func send(
    _ server: TestServer, _ method: String, _ path: String, host: String?,
    headers: [String: String] = [:], body: String? = nil, version: String = "HTTP/1.1"
  ) throws -> (status: Int, text: String) {
    var head = "\(method) \(path) \(version)\r\n"
    if let host { head += "Host: \(host)\r\n" }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    if let body {
      head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    head += "Connection: close\r\n\r\n" + (body ?? "")
    return try RawHTTPConnection.exchange(port: server.server.port, Array(head.utf8))
  }

  /// One request of each kind of route.
  static let routes: [(method: String, path: String, body: String?)] = [
    ("GET", "/api/v1/checklists", nil),  // read
    ("POST", "/api/v1/checklists", "{\"name\":\"Rebound\"}"),  // write
    ("GET", "/api/v1/export", nil),
    ("POST", "/api/v1/cli", "{\"arguments\":[\"lists\"],\"files\":{},\"answers\":{}}"),
    ("GET", "/api/v1/events", nil),
    ("GET", "/api/v1/session", nil),
    ("GET", "/api/v1/tokens", nil),
    ("GET", "/api/openapi.json", nil),
    ("GET", "/", nil),  // the app's page
    ("GET", "/app.js", nil),  // a static file
    ("GET", "/login", nil),  // the sign-in page
  ]

  /// A command runner that notes whether it ran.
  final class Ran: Sendable {
    let count = Mutex(0)
    var runner: RemoteCommandRunner {
      { [self] _, _, _ in
        count.withLock { $0 += 1 }
        return RemoteCommandResult(
          exitCode: 0, standardOutput: Data("ran\n".utf8), standardError: Data(), files: [:],
          question: nil)
      }
    }
  }

  static func expectRefused(
    _ answer: (status: Int, text: String), host: String, _ route: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(answer.status == 421, "\(route): \(answer.text)", sourceLocation: sourceLocation)
    #expect(
      answer.text.lowercased().contains("content-type: application/problem+json"),
      sourceLocation: sourceLocation)
    #expect(answer.text.contains("host '\(host)'"), "\(route)", sourceLocation: sourceLocation)
    #expect(answer.text.contains("--public-url"), sourceLocation: sourceLocation)
    #expect(!answer.text.contains("Rebound"), sourceLocation: sourceLocation)
  }

  @Test("Single-user mode: a rebound page is refused with 421 on every kind of route")
  func singleUser() async throws {
    let ran = Ran()
    let server = try TestServer(commandRunner: ran.runner)
    let evil = "evil.example:\(server.server.port)"
    for route in Self.routes {
      let answer = try Self.send(
        server, route.method, route.path, host: evil,
        headers: ["Origin": "http://\(evil)"], body: route.body)
      Self.expectRefused(answer, host: evil, "\(route.method) \(route.path)")
    }
    #expect(try server.service.checklists().map(\.name) == [Checklist.firstListName])
    #expect(ran.count.withLock { $0 } == 0)
    // The same requests naming the server's own address are answered.
    let own = try Self.send(
      server, "GET", "/api/v1/checklists", host: "127.0.0.1:\(server.server.port)")
    #expect(own.status == 200)
    let page = try Self.send(server, "GET", "/", host: "localhost:\(server.server.port)")
    #expect(page.status == 200)
  }

  @Test("With accounts: a rebound page is refused with 421, signed in or not")
  func withAccounts() async throws {
    let ran = Ran()
    let home = try await Household(commandRunner: ran.runner)
    let bob = try await home.signIn("bob")
    let evil = "evil.example:\(home.server.server.port)"
    for route in Self.routes {
      let answer = try Self.send(
        home.server, route.method, route.path, host: evil,
        headers: ["Origin": "http://\(evil)", "Cookie": bob.cookie, "X-CSRF-Token": bob.csrfToken],
        body: route.body)
      Self.expectRefused(answer, host: evil, "\(route.method) \(route.path)")
    }
    let signIn = try Self.send(
      home.server, "POST", "/api/v1/session", host: evil, headers: ["Origin": "http://\(evil)"],
      body: "{\"user\":\"bob\",\"password\":\"\(Household.passwords["bob"]!)\"}")
    Self.expectRefused(signIn, host: evil, "POST /api/v1/session")
    #expect(try home.lists("bob").checklists().allSatisfy { $0.name != "Rebound" })
    #expect(ran.count.withLock { $0 } == 0)
  }

  @Test(
    "Hosts that are not the server's own are refused",
    arguments: [
      "127.0.0.1",  // port 80, not the server's
      "localhost:1",
      "127.0.0.1.evil.example:PORT",
      "evil.localhost.example:PORT",
      "user@127.0.0.1:PORT",
      "127.0.0.1:PORT:PORT",
      "[::1",
    ])
  func otherHosts(host: String) async throws {
    let server = try TestServer()
    let host = host.replacingOccurrences(of: "PORT", with: "\(server.server.port)")
    let answer = try Self.send(server, "GET", "/api/v1/checklists", host: host)
    #expect(answer.status == 421, "\(host): \(answer.text)")
  }

  @Test(
    "The server's own names and IP addresses at its port are answered",
    arguments: [
      "127.0.0.1:PORT", "localhost:PORT", "app.localhost:PORT", "[::1]:PORT", "LOCALHOST:PORT",
      "192.0.2.7:PORT",
    ])
  func ownHosts(host: String) async throws {
    let server = try TestServer()
    let host = host.replacingOccurrences(of: "PORT", with: "\(server.server.port)")
    let answer = try Self.send(server, "GET", "/api/v1/checklists", host: host)
    #expect(answer.status == 200, "\(host): \(answer.text)")
  }

  @Test("A request without Host (HTTP/1.0) is refused")
  func noHost() async throws {
    let server = try TestServer()
    let answer = try Self.send(server, "GET", "/api/v1/checklists", host: nil, version: "HTTP/1.0")
    #expect(answer.status == 400, "\(answer.text)")
  }

  @Test("A --public-url name is answered, and its pages' Origin may write")
  func publicURL() async throws {
    let server = try TestServer(publicURLs: [try PublicURL("https://checklists.example.com")])
    let body = "{\"name\":\"From the proxy\"}"
    for host in ["checklists.example.com", "checklists.example.com:443", "Checklists.Example.COM"] {
      let read = try Self.send(server, "GET", "/api/v1/checklists", host: host)
      #expect(read.status == 200, "\(host): \(read.text)")
    }
    let write = try Self.send(
      server, "POST", "/api/v1/checklists", host: "checklists.example.com",
      headers: ["Origin": "https://checklists.example.com"], body: body)
    #expect(write.status == 201, "\(write.text)")
    // Its name with another port, and another scheme's origin, are not it.
    let otherPort = try Self.send(
      server, "GET", "/api/v1/checklists", host: "checklists.example.com:8443")
    #expect(otherPort.status == 421)
    let http = try Self.send(
      server, "POST", "/api/v1/checklists", host: "checklists.example.com",
      headers: ["Origin": "http://checklists.example.com"], body: "{\"name\":\"Plain\"}")
    #expect(http.status == 403, "\(http.text)")
    #expect(
      try server.service.checklists().map(\.name).sorted() == [
        "From the proxy", Checklist.firstListName,
      ])
  }

  @Test(
    "An Origin of another site is 403 even with a good Host",
    arguments: [
      "http://evil.example", "http://evil.example:PORT", "null", "http://192.0.2.7:PORT",
      "http://127.0.0.1:1", "https://checklists.example.com.evil.example",
    ])
  func otherOrigin(origin: String) async throws {
    let server = try TestServer(publicURLs: [try PublicURL("https://checklists.example.com")])
    let port = server.server.port
    let origin = origin.replacingOccurrences(of: "PORT", with: "\(port)")
    let answer = try Self.send(
      server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: ["Origin": origin], body: "{\"name\":\"Forged\"}")
    #expect(answer.status == 403, "\(origin): \(answer.text)")
    let referer = try Self.send(
      server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: ["Referer": origin + "/page"], body: "{\"name\":\"Forged\"}")
    #expect(referer.status == 403, "\(origin): \(referer.text)")
    #expect(try server.service.checklists().map(\.name) == [Checklist.firstListName])
  }

  @Test("The server's own origins may write: its address and localhost at its port")
  func ownOrigins() async throws {
    let server = try TestServer()
    let port = server.server.port
    for (index, origin) in ["http://127.0.0.1:\(port)", "http://localhost:\(port)"].enumerated() {
      let answer = try Self.send(
        server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
        headers: ["Origin": origin], body: "{\"name\":\"Mine \(index)\"}")
      #expect(answer.status == 201, "\(origin): \(answer.text)")
    }
  }

  @Test(
    "Public URLs are read strictly",
    arguments: [
      ("https://checklists.example.com", "https://checklists.example.com"),
      ("HTTP://Box.LAN:8080/", "http://box.lan:8080"),
      ("http://192.168.1.20:80", "http://192.168.1.20"),
      ("https://[::1]:8443", "https://[::1]:8443"),
    ])
  func parsing(text: String, origin: String) throws {
    #expect(try PublicURL(text).origin == origin)
  }

  @Test(
    "Anything but a scheme, host and port is not a public URL",
    arguments: [
      "checklists.example.com", "ftp://example.com", "https://", "https://a.example/app",
      "https://user@a.example", "https://a.example:0", "https://a.example:99999",
      "https://a.example?x=1",
    ])
  func badPublicURL(text: String) {
    let error = #expect(throws: PublicURLError.self) { try PublicURL(text) }
    #expect(
      error?.description
        == "'\(text)' is not a public URL: give the scheme, host and port people use, such as "
        + "https://checklists.example.com or http://192.168.1.20:8080.")
  }

  @Test("CHECKLISTS_PUBLIC_URL lists URLs separated by spaces or commas")
  func environmentList() throws {
    let urls = try PublicURL.list("https://a.example, http://b.example:8080  https://c.example")
    #expect(
      urls.map(\.origin) == ["https://a.example", "http://b.example:8080", "https://c.example"])
  }
}
