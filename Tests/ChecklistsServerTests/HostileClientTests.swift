import ChecklistsCore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

/// Requests no browser sends, from a client that tries what a proxy in front might read
/// differently from the server.
@Suite("A hostile client's header tricks")
struct HostileClientTests {
  static func send(_ server: TestServer, _ head: String, body: String = "") throws
    -> (status: Int, text: String)
  {
    try RawHTTPConnection.exchange(port: server.server.port, Array((head + body).utf8))
  }

  @Test(
    "Two Host headers are a 400 (RFC 9112, 3.2), whichever comes first",
    arguments: [true, false])
  func twoHostHeaders(ownFirst: Bool) throws {
    let server = try TestServer()
    let own = "127.0.0.1:\(server.server.port)"
    let hosts = ownFirst ? [own, "evil.example"] : ["evil.example", own]
    let answer = try Self.send(
      server,
      "GET /api/v1/checklists HTTP/1.1\r\nHost: \(hosts[0])\r\nHost: \(hosts[1])\r\n"
        + "Connection: close\r\n\r\n")
    #expect(answer.status == 400, "\(answer.text)")
    #expect(answer.text.contains("more than one Host header"), "\(answer.text)")
    #expect(!answer.text.contains(Checklist.firstListName))
  }

  @Test("Two Origin headers are refused, even when the first is the server's own")
  func twoOriginHeaders() throws {
    let server = try TestServer()
    let own = "127.0.0.1:\(server.server.port)"
    let body = "{\"name\":\"Forged\"}"
    let answer = try Self.send(
      server,
      "POST /api/v1/checklists HTTP/1.1\r\nHost: \(own)\r\nOrigin: http://\(own)\r\n"
        + "Origin: http://evil.example\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n",
      body: body)
    #expect(answer.status == 403, "\(answer.text)")
    #expect(try !server.service.checklists().map(\.name).contains("Forged"))
  }

  @Test("An event stream whose token is revoked ends, and hears nothing after")
  func revokedTokenEndsTheStream() async throws {
    let setting = try await EventIsolationTests.Setting()
    let home = setting.home
    let bob = try EventIsolationTests.Stream(home.server, bearer: setting.tokens["bob"]!)
    _ = try home.accounts.revokeAPIToken(bearer: setting.tokens["bob"]!)
    let trip = setting.sharedChecklist.id
    let renamed = try home.lists("alice").updateList(id: trip, name: "After the token was revoked")
    let added = try home.lists("alice").addItem("Also after", to: trip)
    // Until the server closes the stream (or 20 s pass, when it does not).
    let text = bob.connection.read(until: Date().addingTimeInterval(120)) { _ in false }
    // Events of the setting's own changes may arrive first (the watcher sends them out every
    // 50 ms); what must never arrive is a change made after the revocation.
    #expect(!text.contains(added.id.uuidString), "\(text)")
    let tripRevisions = text.split(separator: "\n").filter { $0.contains(trip.uuidString) }
      .compactMap { line -> Int64? in
        guard let range = line.range(of: #""revision"\s*:\s*(\d+)"#, options: .regularExpression)
        else { return nil }
        return Int64(line[range].filter(\.isNumber))
      }
    #expect(tripRevisions.allSatisfy { $0 < renamed.revision }, "\(text)")
  }

  @Test(
    "A key twice in one JSON object is a 400, however it is spelled",
    arguments: [
      "{\"name\":\"Shown\",\"name\":\"Stored\"}",
      "{\"name\":\"Shown\",\"n\\u0061me\":\"Stored\"}",
    ])
  func duplicateKeys(body: String) throws {
    let server = try TestServer()
    let own = "127.0.0.1:\(server.server.port)"
    let answer = try Self.send(
      server,
      "POST /api/v1/checklists HTTP/1.1\r\nHost: \(own)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n",
      body: body)
    #expect(answer.status == 400, "\(answer.text)")
    let names = try server.service.checklists().map(\.name)
    #expect(!names.contains("Shown") && !names.contains("Stored"))
  }
}
