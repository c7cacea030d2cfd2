import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@testable import ChecklistsServer

/// One Origin rule for every route that changes anything (its method is not safe), whoever
/// asks and however: a request that names a page of another site, or of this host in another
/// scheme, is 403 and changes nothing; one that names no page (CalDAV apps, scripts) is
/// judged as before.
@Suite("Writes: one Origin rule on every route that changes anything")
struct WriteOriginTests {
  static let evil = "http://evil.example"

  /// The routes that change anything, from the route table.
  static var writeRoutes: [Route] { RouteTable.server.routes.filter(\.changesState) }

  /// A path of the route with made-up values in place of its parameters (the check comes
  /// before anything is looked up).
  static func path(_ route: Route, user: String) -> String {
    let segments = route.segments.map { segment -> String in
      guard segment.hasPrefix("{") else { return segment }
      return segment == "{user}" ? user : UUID().uuidString.lowercased()
    }
    return "/" + segments.joined(separator: "/")
  }

  @Test("Single-user mode: every write route refuses another site's Origin with 403")
  func everyWriteRoute() async throws {
    let server = try TestServer()
    let user = server.service.owner.name
    let before = try server.service.checklists().map(\.name)
    #expect(Self.writeRoutes.contains { $0.access == .dav && $0.method == "PUT" })
    #expect(Self.writeRoutes.contains { $0.access == .signedIn && $0.method == "POST" })
    for route in Self.writeRoutes {
      let path = Self.path(route, user: user)
      let body = IsolationTests.body(route.method, route.path).map {
        String(decoding: try! JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
      }
      let answer = try DNSRebindingTests.send(
        server, route.method, path, host: "127.0.0.1:\(server.server.port)",
        headers: ["Origin": Self.evil], body: body ?? "{}")
      #expect(answer.status == 403, "\(route.method) \(route.path): \(answer.text)")
      if route.access == .dav {
        #expect(answer.text.contains("application/xml"), "\(route.path): \(answer.text)")
        #expect(
          answer.text.contains("<D:error") || answer.text.contains(":error"), "\(answer.text)")
      } else {
        #expect(answer.text.contains("application/problem+json"), "\(route.path): \(answer.text)")
      }
    }
    #expect(try server.service.checklists().map(\.name) == before)
  }

  @Test(
    "Single-user mode: CalDAV PUT, MKCALENDAR and DELETE from another site are 403; a CalDAV app (no Origin) still writes"
  )
  func calDAVWrites() async throws {
    let server = try TestServer()
    let user = server.service.owner.name
    let list = try server.service.createList(named: "Packing")
    let client = CalDAVTestClient(server)
    let listPath = "/dav/calendars/\(user)/\(list.id.uuidString.lowercased())/"
    let todo = Self.todo(uid: "forged-1", summary: "Forged")
    let forged = ["Origin": Self.evil]

    let put = try await client.request(
      "PUT", listPath + "forged-1.ics", body: todo,
      headers: forged.merging(["Content-Type": "text/calendar"]) { $1 })
    #expect(put.status == 403, "\(put.text)")
    #expect(put.header("Content-Type")?.hasPrefix("application/xml") == true)
    let newList = "/dav/calendars/\(user)/\(UUID().uuidString.lowercased())/"
    let make = try await client.request("MKCALENDAR", newList, headers: forged)
    #expect(make.status == 403, "\(make.text)")
    let delete = try await client.request("DELETE", listPath, headers: forged)
    #expect(delete.status == 403, "\(delete.text)")
    #expect(
      try server.service.checklists().map(\.name).sorted()
        == [Checklist.firstListName, "Packing"].sorted())
    #expect(try server.service.checklistWithItems(id: list.id).1.isEmpty)

    // The same requests as a CalDAV app sends them, with no Origin: taken.
    let ownPut = try await client.request(
      "PUT", listPath + "mine-1.ics", body: Self.todo(uid: "mine-1", summary: "Socks"),
      headers: ["Content-Type": "text/calendar"])
    #expect(ownPut.status == 201, "\(ownPut.text)")
    #expect(try server.service.checklistWithItems(id: list.id).1.map(\.text) == ["Socks"])
    let ownMake = try await client.request("MKCALENDAR", newList)
    #expect(ownMake.status == 201, "\(ownMake.text)")
    let ownDelete = try await client.request("DELETE", listPath)
    #expect(ownDelete.status == 204, "\(ownDelete.text)")
    #expect(try !server.service.checklists().map(\.name).contains("Packing"))
  }

  @Test(
    "A plain-HTTP server's own host and port in another scheme are not its origin",
    arguments: ["https://127.0.0.1:PORT", "https://localhost:PORT"])
  func schemeCompared(origin: String) async throws {
    let server = try TestServer()
    let port = server.server.port
    let origin = origin.replacingOccurrences(of: "PORT", with: "\(port)")
    let answer = try DNSRebindingTests.send(
      server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: ["Origin": origin], body: "{\"name\":\"Forged\"}")
    #expect(answer.status == 403, "\(origin): \(answer.text)")
    let referer = try DNSRebindingTests.send(
      server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: ["Referer": origin + "/"], body: "{\"name\":\"Forged\"}")
    #expect(referer.status == 403, "\(origin): \(referer.text)")
    #expect(try server.service.checklists().map(\.name) == [Checklist.firstListName])
    // The scheme it speaks is its own.
    let own = try DNSRebindingTests.send(
      server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: ["Origin": origin.replacingOccurrences(of: "https:", with: "http:")],
      body: "{\"name\":\"Mine\"}")
    #expect(own.status == 201, "\(own.text)")
  }

  @Test(
    "With accounts: an API token's write that names another site is 403 too; without an Origin it is taken"
  )
  func tokenWrites() async throws {
    let home = try await Household()
    let secret = try home.accounts.createAPIToken(userName: "alice", name: "Script").1.value
    let bearer = ["Authorization": "Bearer \(secret)"]
    let port = home.server.server.port
    let forged = try DNSRebindingTests.send(
      home.server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)",
      headers: bearer.merging(["Origin": Self.evil]) { $1 }, body: "{\"name\":\"Forged\"}")
    #expect(forged.status == 403, "\(forged.text)")
    let script = try DNSRebindingTests.send(
      home.server, "POST", "/api/v1/checklists", host: "127.0.0.1:\(port)", headers: bearer,
      body: "{\"name\":\"Scripted\"}")
    #expect(script.status == 201, "\(script.text)")
    #expect(try home.lists("alice").checklists().map(\.name).contains("Scripted"))
    #expect(try !home.lists("alice").checklists().map(\.name).contains("Forged"))
  }

  static func todo(uid: String, summary: String) -> String {
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
  }
}
