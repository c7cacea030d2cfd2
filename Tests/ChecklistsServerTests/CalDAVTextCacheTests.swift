import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@testable import ChecklistsServer

@Suite("CalDAV served texts: the per-process cache never serves a text older than the item")
struct CalDAVTextCacheTests {
  static func path(_ list: Checklist, _ name: String = "") -> String {
    "/dav/calendars/alice/\(list.id.uuidString.lowercased())/\(name)"
  }

  static let notCompleted =
    "<cal:calendar-query \(CalDAVTestClient.namespaces)><d:prop><d:getetag/><cal:calendar-data/>"
    + "</d:prop><cal:filter><cal:comp-filter name=\"VCALENDAR\"><cal:comp-filter name=\"VTODO\">"
    + "<cal:prop-filter name=\"COMPLETED\"><cal:is-not-defined/></cal:prop-filter>"
    + "</cal:comp-filter></cal:comp-filter></cal:filter></cal:calendar-query>"

  @Test(
    "GET, multiget and calendar-query follow a change made in the web app after they were served")
  func changesElsewhereAreServed() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = Self.path(list, "bins.ics")
    let ics = CalDAVTestClient.todo(uid: "bins", summary: "Bins", extra: ["X-KEEP-ME:yes"])
    _ = try await client.put(path, ics)
    // Served (and cached) twice before the change: as PUT, and as the open task.
    #expect(try await client.request("GET", path).text == ics)
    #expect(try await client.report(Self.path(list), Self.notCompleted).hrefs == [path])

    let item = try #require(try home.lists("alice").checklistWithItems(id: list.id).1.first)
    let browser = try await home.signIn("alice")
    let patch = try await home.server.request(
      "PATCH", "/api/v1/items/\(item.id.uuidString)", json: ["checked": true, "text": "Bins out"],
      headers: browser.writeHeaders)
    #expect(patch.status == 200, "\(patch.text)")

    let get = try await client.request("GET", path)
    #expect(get.text.contains("STATUS:COMPLETED") && get.text.contains("SUMMARY:Bins out"))
    #expect(get.text.contains("X-KEEP-ME:yes"))
    #expect(try await client.report(Self.path(list), Self.notCompleted).hrefs.isEmpty)
    let multiget =
      "<cal:calendar-multiget \(CalDAVTestClient.namespaces)><d:prop><d:getetag/>"
      + "<cal:calendar-data/></d:prop><d:href>\(path)</d:href></cal:calendar-multiget>"
    let answer = try await client.report(Self.path(list), multiget)
    #expect(answer.responses.first?.text("cal:calendar-data")?.contains("SUMMARY:Bins out") == true)
    #expect(answer.responses.first?.text("d:getetag") == get.header("ETag"))

    // A new PUT replaces the stored text: what is served is the new text, not the old one's.
    let again = CalDAVTestClient.todo(uid: "bins", summary: "Bins again", extra: ["X-NEW:1"])
    _ = try await client.put(path, again)
    let last = try await client.request("GET", path)
    #expect(last.text == again)
    #expect(try await client.report(Self.path(list), Self.notCompleted).hrefs == [path])
  }

  @Test("The cache holds at most its bounds, dropping the oldest objects first")
  func bounded() {
    let cache = CalendarTextCache(maxEntries: 3, maxBytes: 10_000)
    let list = UUID()
    func entry(_ size: Int) -> CalendarTextCache.Entry {
      CalendarTextCache.Entry(
        stored: String(repeating: "x", count: size), storedRead: .todo(nil))
    }
    for index in 0..<5 { cache.store(entry(10), for: .init(listID: list, name: "\(index).ics")) }
    #expect(cache.count == 3)
    #expect(cache.entry(.init(listID: list, name: "0.ics")) == nil)
    #expect(cache.entry(.init(listID: list, name: "4.ics")) != nil)
    // Bytes: two large entries do not fit beside each other.
    cache.store(entry(6_000), for: .init(listID: list, name: "big1.ics"))
    cache.store(entry(6_000), for: .init(listID: list, name: "big2.ics"))
    #expect(cache.entry(.init(listID: list, name: "big1.ics")) == nil)
    #expect(cache.entry(.init(listID: list, name: "big2.ics")) != nil)
    // One larger than the whole cache is not kept.
    cache.store(entry(20_000), for: .init(listID: list, name: "huge.ics"))
    #expect(cache.entry(.init(listID: list, name: "huge.ics")) == nil)
  }
}
