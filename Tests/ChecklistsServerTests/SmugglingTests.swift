import ChecklistsCore
import ChecklistsServer
import Foundation
import Testing

/// Requests hidden behind one the server refuses, each carrying a valid API token so that it
/// would create a list if the server ever read it as a request: after each refusal, the
/// connection closes and nothing was created.
@Suite("Smuggled requests behind a refusal", .serialized)
struct SmugglingTests {
  /// A server with accounts and alice's API token.
  struct Setting {
    let home: Household
    let token: String
    var port: UInt16 { home.server.server.port }
    var host: String { "127.0.0.1:\(port)" }

    init() async throws {
      home = try await Household()
      token = try home.accounts.createAPIToken(userName: "alice", name: "smuggler").1.value
      home.server.clock.advance(by: 2)
    }

    /// A request that creates alice's list `name`, with her token.
    func creation(_ name: String) -> String {
      let body = "{\"name\":\"\(name)\"}"
      return "POST /api/v1/checklists HTTP/1.1\r\nHost: \(host)\r\n"
        + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// The names of alice's lists.
    func listNames() throws -> [String] {
      try home.lists("alice").checklists().map(\.name)
    }

    /// Sends `bytes` on one connection and reads until the server closes it (or 5 s pass).
    ///
    /// - Returns: The status of every response that came back, in order.
    func statuses(_ bytes: String) throws -> [Int] {
      let answer = try RawHTTPConnection.exchange(port: port, Array(bytes.utf8))
      return answer.text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap {
        Int($0.prefix(3))
      }
    }
  }

  /// A head with `fields` before the blank line.
  private static func head(_ method: String, _ path: String, _ host: String, _ fields: String)
    -> String
  {
    "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n\(fields)\r\n\r\n"
  }

  @Test(
    "A folded line (obs-fold) is a 400 and a close, whatever it carries and whatever the field",
    arguments: [
      ("POST", "/api/v1/checklists", "X-A: b\r\n Content-Length: 123"),
      ("GET", "/api/v1/icons", "X-A: b\r\n Content-Length: 123"),
      ("POST", "/api/v1/checklists", "X-A: b\r\n\tContent-Length: 123"),
      ("GET", "/api/v1/icons", "X-A: b\r\n c"),
      ("GET", "/api/v1/icons", "Content-: 123\r\n Length"),
      ("POST", "/api/v1/checklists", "Content-Length: 0\r\n X-B: c"),
      ("GET", "/api/v1/icons", "Accept: */*\r\n Transfer-Encoding: chunked"),
      ("POST", "/api/v1/checklists", "Transfer-Encoding:\r\n chunked"),
      ("POST", "/api/v1/checklists", "Content-Length:\r\n 5"),
    ])
  func foldedLine(method: String, path: String, fields: String) async throws {
    let setting = try await Setting()
    let name = "FOLD-SMUGGLED-\(abs(fields.hashValue) % 10_000)"
    let statuses = try setting.statuses(
      Self.head(method, path, setting.host, fields) + setting.creation(name))
    #expect(statuses == [400], "\(fields.debugDescription)")
    #expect(try !setting.listNames().contains(name))
  }

  @Test(
    "Every framing refusal closes the connection before the request behind it",
    arguments: [
      ("Content-Length: 0\r\nContent-Length: 5", 400),
      ("Content-Length: 5\r\nContent-Length: 05", 400),
      ("Content-Length: 5, 5", 400),
      ("Transfer-Encoding: chunked\r\nContent-Length: 5", 400),
      ("Transfer-Encoding: gzip", 501),
      ("Transfer-Encoding: chunked, chunked", 501),
      ("Bad Name: x", 400),
      ("Name : x", 400),
      ("X-A\t: x", 400),
      ("Expect: 101-continue", 417),
      ("Expect: 100-continue, x", 417),
      ("Content-Length: 2000000", 413),
    ])
  func framingRefusal(fields: String, status: Int) async throws {
    let setting = try await Setting()
    let name = "FRAMING-SMUGGLED-\(status)"
    let statuses = try setting.statuses(
      Self.head("POST", "/api/v1/checklists", setting.host, fields) + setting.creation(name))
    // libmicrohttpd refuses `5, 5` itself, and 0.9.75 sends the head of that answer twice.
    #expect(
      fields.contains(", ") ? statuses.allSatisfy { $0 == status } : statuses == [status],
      "\(fields.debugDescription): \(statuses)")
    #expect(try !setting.listNames().contains(name))
  }

  @Test(
    "A request line with a tab is a 400 and a close",
    arguments: [
      "GET\t/api/v1/icons HTTP/1.1", "GET /api/v1/icons\tHTTP/1.1",
      "GET /api/v1/icons HTTP/1.1\t", "GET /api/v1/ic\tons HTTP/1.1",
    ])
  func tabInRequestLine(line: String) async throws {
    let setting = try await Setting()
    let statuses = try setting.statuses(
      "\(line)\r\nHost: \(setting.host)\r\n\r\n" + setting.creation("TAB-SMUGGLED"))
    #expect(statuses == [400], "\(line.debugDescription)")
    #expect(try !setting.listNames().contains("TAB-SMUGGLED"))
  }

  @Test("A request refused after its body (a path that is not UTF-8) closes the connection")
  func refusalAfterTheBody() async throws {
    let setting = try await Setting()
    let statuses = try setting.statuses(
      "GET /api/v1/%FF HTTP/1.1\r\nHost: \(setting.host)\r\n\r\n"
        + setting.creation("PATH-SMUGGLED"))
    #expect(statuses == [400])
    #expect(try !setting.listNames().contains("PATH-SMUGGLED"))
  }

  @Test(
    "A refusal of the request's Host or route closes the connection like a framing refusal",
    arguments: [
      ("GET", "/healthz", "Host: evil.example", "", 400),
      ("POST", "/api/v1/checklists", "Host: evil.example\r\nContent-Length: 0", "", 400),
      ("GET", "/healthz", "Accept: */*", "evil.example", 421),
      ("GET", "/healthz", "Accept: */*", "evil.example:PORT", 421),
      ("GET", "/api/v1/checklists/a%2Fb", "Accept: */*", "", 404),
    ])
  func hostRefusal(method: String, path: String, fields: String, host: String, status: Int)
    async throws
  {
    let setting = try await Setting()
    let name = "HOST-SMUGGLED-\(status)"
    let shownHost =
      host.isEmpty ? setting.host : host.replacingOccurrences(of: "PORT", with: "\(setting.port)")
    let statuses = try setting.statuses(
      Self.head(method, path, shownHost, fields) + setting.creation(name))
    #expect(statuses == [status], "\(fields.debugDescription) \(host): \(statuses)")
    #expect(try !setting.listNames().contains(name))
  }

  @Test("A request without Host (HTTP/1.0 keep-alive) is a 400 and a close")
  func missingHost() async throws {
    let setting = try await Setting()
    let answer = try RawHTTPConnection.exchange(
      port: setting.port,
      Array(
        ("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
          + setting.creation("NOHOST-SMUGGLED")).utf8))
    #expect(answer.status == 400, "\(answer.text)")
    #expect(answer.text.components(separatedBy: "HTTP/1.").count == 2, "\(answer.text)")
    #expect(try !setting.listNames().contains("NOHOST-SMUGGLED"))
  }

  @Test(
    "A CR, LF or NUL in a field value is a 400 and a close",
    arguments: [
      ("X-A: a\rContent-Length: 5", ""),
      ("X-A: a\rTransfer-Encoding: chunked\r\nContent-Length: 0", ""),
      ("Content-Length: 0\u{0}5", ""),
      ("Transfer-Encoding: chunked\u{0}", "0\r\n\r\n"),
      ("X-A: a\u{0}b\r\nAccept: */*", ""),
      ("X-A: a\u{0}\r\nAccept: */*", ""),
      ("X-A: a\u{0}", ""),
    ])
  func controlCharacterInValue(fields: String, body: String) async throws {
    let setting = try await Setting()
    let name = "VALUE-SMUGGLED"
    let statuses = try setting.statuses(
      Self.head("GET", "/healthz", setting.host, fields) + body + setting.creation(name))
    #expect(statuses == [400], "\(fields.debugDescription): \(statuses)")
    #expect(try !setting.listNames().contains(name))
  }

  @Test(
    "A bad trailer (folded, no token, framing, CR or NUL) is a 400 and a close",
    arguments: [
      "X-Foo: b\r\n c", "Bad Name: x", "Transfer-Encoding: chunked", "Content-Length: 5",
      "X-N: a\u{0}b", "X-R: a\rb",
    ])
  func badTrailer(trailer: String) async throws {
    let setting = try await Setting()
    let body = "{\"name\":\"TRAILER-FIRST\"}"
    let chunked =
      "POST /api/v1/checklists HTTP/1.1\r\nHost: \(setting.host)\r\n"
      + "Authorization: Bearer \(setting.token)\r\nContent-Type: application/json\r\n"
      + "Transfer-Encoding: chunked\r\n\r\n"
      + String(body.utf8.count, radix: 16) + "\r\n\(body)\r\n0\r\n\(trailer)\r\n\r\n"
    let statuses = try setting.statuses(chunked + setting.creation("TRAILER-SMUGGLED"))
    #expect(statuses == [400], "\(trailer.debugDescription): \(statuses)")
    #expect(try setting.listNames().filter { $0.hasPrefix("TRAILER-") }.isEmpty)
  }

  @Test("A bodiless request with Expect: 100-continue is answered, and so is the one behind it")
  func continueWithoutBody() async throws {
    let setting = try await Setting()
    let answer = try RawHTTPConnection.exchange(
      port: setting.port,
      Array(
        (Self.head("GET", "/healthz", setting.host, "Expect: 100-continue")
          + setting.creation("EXPECT-PIPELINED")
          + Self.head("GET", "/healthz", setting.host, "Connection: close")).utf8))
    #expect(!answer.text.contains("100 Continue"), "\(answer.text)")
    let statuses = answer.text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap {
      Int($0.prefix(3))
    }
    #expect(statuses == [200, 201, 200], "\(statuses)")
    #expect(try setting.listNames().contains("EXPECT-PIPELINED"))
  }

  @Test("The harness sees a pipelined request when the first one is well framed")
  func wellFramedPipelinedRequestIsHandled() async throws {
    let setting = try await Setting()
    let statuses = try setting.statuses(
      Self.head("GET", "/api/v1/icons", setting.host, "Accept: */*")
        + setting.creation("PIPELINED") + "GET /api/v1/icons HTTP/1.1\r\nHost: \(setting.host)"
        + "\r\nConnection: close\r\n\r\n")
    #expect(statuses.count == 3 && statuses[1] == 201, "\(statuses)")
    #expect(try setting.listNames().contains("PIPELINED"))
  }
}
