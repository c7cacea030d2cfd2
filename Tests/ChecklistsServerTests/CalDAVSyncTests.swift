import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV reports: sync-collection, calendar-query and calendar-multiget, on a real server")
struct CalDAVSyncTests {
  static func sync(_ token: String?, limit: Int? = nil, data: Bool = false) -> String {
    "<d:sync-collection \(CalDAVTestClient.namespaces)><d:sync-token>\(token ?? "")</d:sync-token>"
      + "<d:sync-level>1</d:sync-level>"
      + (limit.map { "<d:limit><d:nresults>\($0)</d:nresults></d:limit>" } ?? "")
      + "<d:prop><d:getetag/>\(data ? "<cal:calendar-data/>" : "")</d:prop></d:sync-collection>"
  }

  @Test("A sync sees a change made through the JSON API and a deletion, then nothing more")
  func syncAfterAPIChanges() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Chores")
    let keep = try lists.addItem("Hoover", to: list.id)
    let gone = try lists.addItem("Dust", to: list.id)
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    let name = { (item: ChecklistItem) in path + item.id.uuidString.lowercased() + ".ics" }

    let initial = try await client.report(path, Self.sync(nil), depth: "0")
    #expect(Set(initial.hrefs) == [name(keep), name(gone)])
    let token = try #require(initial.syncToken)
    #expect(token.hasPrefix("http://checklists.invalid/sync/"))

    let browser = try await home.signIn("alice")
    let patch = try await home.server.request(
      "PATCH", "/api/v1/items/\(keep.id.uuidString)", json: ["text": "Hoover the stairs"],
      headers: browser.writeHeaders)
    #expect(patch.status == 200, "\(patch.text)")
    let delete = try await home.server.request(
      "DELETE", "/api/v1/items/\(gone.id.uuidString)", headers: browser.writeHeaders)
    #expect(delete.status == 204, "\(delete.text)")

    let next = try await client.report(path, Self.sync(token, data: true), depth: "0")
    let changed = try #require(next.response(name(keep)))
    #expect(changed.status == nil)
    #expect(changed.text("cal:calendar-data")?.contains("SUMMARY:Hoover the stairs") == true)
    #expect(next.response(name(gone))?.status == 404)
    let newToken = try #require(next.syncToken)
    #expect(newToken != token)
    // The collection's ctag moved on to the same token.
    let ctag = try await client.propfind(path, ["cs:getctag"]).response(path)?.text("cs:getctag")
    #expect(ctag == newToken)

    let quiet = try await client.report(path, Self.sync(newToken), depth: "0")
    #expect(quiet.responses.isEmpty)
    #expect(quiet.syncToken == newToken)
  }

  @Test("A limit cuts the answer with 507 on the collection; the new token goes on from there")
  func truncation() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Chores")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    let token = try #require(try await client.report(path, Self.sync(nil), depth: "0").syncToken)
    for text in ["One", "Two", "Three"] { try lists.addItem(text, to: list.id) }
    let first = try await client.report(path, Self.sync(token, limit: 2), depth: "0")
    #expect(first.response(path)?.status == 507)
    let objects = first.responses.filter { $0.href != path }
    #expect(objects.count == 2)
    let rest = try await client.report(path, Self.sync(first.syncToken, limit: 2), depth: "0")
    #expect(rest.response(path) == nil)
    #expect(Set(rest.hrefs).isDisjoint(with: objects.map(\.href)))
    #expect(rest.responses.count == 1)
  }

  @Test("A token this server never gave is 403 valid-sync-token")
  func badToken() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    for token in ["http://example.com/sync/1", "http://checklists.invalid/sync/99999999"] {
      let response = try await client.request(
        "REPORT", path, body: CalDAVTestClient.xml(Self.sync(token)), depth: "0")
      #expect(response.status == 403, "\(token): \(response.text)")
      #expect(response.text.contains("valid-sync-token"), "\(token): \(response.text)")
    }
  }

  @Test("calendar-query for the tasks not completed, with their calendar data")
  func notCompletedQuery() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Chores")
    let open = try lists.addItem("Open", to: list.id)
    _ = try lists.addItem("Done", to: list.id, isChecked: true)
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    // Put a completed one through CalDAV too.
    _ = try await client.put(
      path + "put.ics", CalDAVTestClient.todo(uid: "put", summary: "Put done", completed: true))
    let query =
      "<cal:calendar-query \(CalDAVTestClient.namespaces)><d:prop><d:getetag/><cal:calendar-data/>"
      + "</d:prop><cal:filter><cal:comp-filter name=\"VCALENDAR\"><cal:comp-filter name=\"VTODO\">"
      + "<cal:prop-filter name=\"COMPLETED\"><cal:is-not-defined/></cal:prop-filter>"
      + "<cal:prop-filter name=\"STATUS\"><cal:text-match negate-condition=\"yes\">CANCELLED"
      + "</cal:text-match></cal:prop-filter>"
      + "</cal:comp-filter></cal:comp-filter></cal:filter></cal:calendar-query>"
    let answer = try await client.report(path, query)
    #expect(answer.hrefs == [path + open.id.uuidString.lowercased() + ".ics"])
    #expect(answer.responses.first?.text("cal:calendar-data")?.contains("SUMMARY:Open") == true)
    #expect(answer.responses.first?.text("d:getetag") == "\"\(open.revision)\"")
  }

  @Test("calendar-multiget answers the hrefs asked, in order, 404 for those that are not")
  func multiget() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Chores")
    let a = try lists.addItem("A", to: list.id)
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    _ = try await client.put(path + "b.ics", CalDAVTestClient.todo(uid: "b", summary: "B"))
    let hrefs = [path + "b.ics", path + "missing.ics", path + a.id.uuidString.lowercased() + ".ics"]
    let body =
      "<cal:calendar-multiget \(CalDAVTestClient.namespaces)><d:prop><d:getetag/>"
      + "<cal:calendar-data/></d:prop>" + hrefs.map { "<d:href>\($0)</d:href>" }.joined()
      + "</cal:calendar-multiget>"
    let answer = try await client.report(path, body)
    #expect(answer.hrefs == hrefs)
    #expect(answer.responses[0].text("cal:calendar-data")?.contains("SUMMARY:B") == true)
    #expect(answer.responses[1].status == 404)
    #expect(answer.responses[2].text("cal:calendar-data")?.contains("SUMMARY:A") == true)
  }
}
