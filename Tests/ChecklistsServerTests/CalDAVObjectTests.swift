import ChecklistsCore
import ChecklistsStore
import Foundation
import FoundationXML
import Testing

@Suite("CalDAV objects: PUT, GET, DELETE of VTODOs with strong ETags, on a real server")
struct CalDAVObjectTests {
  static func alice(_ home: Household) -> CalDAVTestClient {
    CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
  }

  static func path(_ list: Checklist, _ name: String = "") -> String {
    "/dav/calendars/alice/\(list.id.uuidString.lowercased())/\(name)"
  }

  @Test("A PUT comes back byte for byte with the same strong ETag, and is an item of the list")
  func roundTrip() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Groceries")
    let client = Self.alice(home)
    let ics = CalDAVTestClient.todo(
      uid: "milk-1@phone", summary: "Milk",
      extra: [
        "X-APPLE-SORT-ORDER:12345", "GEO:48.85;2.35", "X-SOMETHING;X-PARAM=keep:this value",
        "PRIORITY:1", "DESCRIPTION:Two litres\\, whole",
      ])
    let put = try await client.put(Self.path(list, "milk.ics"), ics, headers: ["If-None-Match": "*"])
    #expect(put.status == 201, "\(put.text)")
    let etag = try #require(put.header("ETag"))
    #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))

    let get = try await client.request("GET", Self.path(list, "milk.ics"))
    #expect(get.status == 200)
    #expect(get.text == ics)
    #expect(get.header("ETag") == etag)
    #expect(get.header("Content-Type")?.hasPrefix("text/calendar") == true)
    let head = try await client.request("HEAD", Self.path(list, "milk.ics"))
    #expect(head.status == 200 && head.body.isEmpty && head.header("ETag") == etag)

    let items = try home.lists("alice").checklistWithItems(id: list.id).1
    let milk = try #require(items.first { $0.text == "Milk" })
    #expect(milk.notes == "Two litres, whole")
    #expect(milk.priority == .high)
    #expect(!milk.isChecked)
  }

  @Test("If-None-Match: * refuses an existing object; If-Match must name its ETag (412)")
  func preconditions() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = Self.alice(home)
    let path = Self.path(list, "dishes.ics")
    let first = try await client.put(
      path, CalDAVTestClient.todo(uid: "dishes", summary: "Dishes"),
      headers: ["If-None-Match": "*"])
    let etag = try #require(first.header("ETag"))
    let again = try await client.put(
      path, CalDAVTestClient.todo(uid: "dishes", summary: "Dishes!"),
      headers: ["If-None-Match": "*"])
    #expect(again.status == 412)
    let stale = try await client.put(
      path, CalDAVTestClient.todo(uid: "dishes", summary: "Dishes!"),
      headers: ["If-Match": "\"999999\""])
    #expect(stale.status == 412)
    let done = try await client.put(
      path, CalDAVTestClient.todo(uid: "dishes", summary: "Dishes", completed: true),
      headers: ["If-Match": etag])
    #expect(done.status == 204, "\(done.text)")
    let newTag = try #require(done.header("ETag"))
    #expect(newTag != etag)
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.first?.isChecked == true)
    // Deleting with the old ETag fails; with the new one it goes.
    #expect(try await client.request("DELETE", path, headers: ["If-Match": etag]).status == 412)
    #expect(try await client.request("DELETE", path, headers: ["If-Match": newTag]).status == 204)
    #expect(try await client.request("GET", path).status == 404)
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.isEmpty)
  }

  @Test("A second object with a UID already used is 409 no-uid-conflict naming the first")
  func uidConflict() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = Self.alice(home)
    _ = try await client.put(Self.path(list, "a.ics"), CalDAVTestClient.todo(uid: "same", summary: "A"))
    let second = try await client.put(
      Self.path(list, "b.ics"), CalDAVTestClient.todo(uid: "same", summary: "B"))
    #expect(second.status == 409)
    let document = try XMLDocument(data: second.body)
    let root = try #require(document.rootElement())
    #expect(root.localName == "error" && root.uri == "DAV:")
    let condition = try #require(
      root.children?.compactMap { $0 as? XMLElement }.first {
        $0.localName == "no-uid-conflict" && $0.uri == "urn:ietf:params:xml:ns:caldav"
      }, "\(second.text)")
    let href = condition.children?.compactMap { $0 as? XMLElement }.first {
      $0.localName == "href"
    }
    #expect(href?.stringValue == Self.path(list, "a.ics"), "\(second.text)")
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.map(\.text) == ["A"])
  }

  @Test("Bodies that are not one VTODO are refused with the CalDAV precondition")
  func invalidBodies() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = Self.alice(home)
    let garbage = try await client.put(Self.path(list, "x.ics"), "this is not iCalendar")
    #expect(garbage.status == 403)
    #expect(garbage.text.contains("valid-calendar-data"), "\(garbage.text)")
    let event = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "BEGIN:VEVENT", "UID:e1",
      "DTSTAMP:20270101T000000Z", "DTSTART:20270101T100000Z", "SUMMARY:Party", "END:VEVENT",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let refused = try await client.put(Self.path(list, "e.ics"), event)
    #expect(refused.status == 403)
    #expect(refused.text.contains("supported-calendar-component"), "\(refused.text)")
    let json = try await client.request(
      "PUT", Self.path(list, "j.ics"), body: "{}", headers: ["Content-Type": "application/json"])
    #expect(json.status == 415)
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.isEmpty)
  }

  @Test("Items made in the web app are objects named by their id, with the id as UID")
  func itemsMadeElsewhere() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let item = try home.lists("alice").addItem("Water the plants", to: list.id)
    let client = Self.alice(home)
    let id = item.id.uuidString.lowercased()
    let listing = try await client.propfind(Self.path(list), depth: "1", ["d:getetag"])
    let object = try #require(listing.response(Self.path(list, "\(id).ics")))
    #expect(object.text("d:getetag") == "\"\(item.revision)\"")
    let get = try await client.request("GET", Self.path(list, "\(id).ics"))
    #expect(get.status == 200)
    #expect(get.text.contains("UID:\(id)\r\n"))
    #expect(get.text.contains("SUMMARY:Water the plants\r\n"))
    // The same bytes on every GET: nothing depends on the clock.
    home.server.clock.advance(by: 3600)
    #expect(try await client.request("GET", Self.path(list, "\(id).ics")).text == get.text)
  }

  @Test("A change in the web app shows in the object, keeping what the client wrote")
  func changeElsewhereKeepsTheRest() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = Self.alice(home)
    let path = Self.path(list, "bins.ics")
    let ics = CalDAVTestClient.todo(
      uid: "bins", summary: "Bins", extra: ["X-APPLE-SORT-ORDER:7", "X-KEEP-ME:yes"])
    _ = try await client.put(path, ics)
    let item = try #require(try home.lists("alice").checklistWithItems(id: list.id).1.first)
    let browser = try await home.signIn("alice")
    let patch = try await home.server.request(
      "PATCH", "/api/v1/items/\(item.id.uuidString)", json: ["checked": true],
      headers: browser.writeHeaders)
    #expect(patch.status == 200, "\(patch.text)")
    let get = try await client.request("GET", path)
    #expect(get.text.contains("STATUS:COMPLETED"))
    #expect(get.text.contains("X-KEEP-ME:yes"))
    #expect(get.text.contains("X-APPLE-SORT-ORDER:7"))
    #expect(get.text.contains("SUMMARY:Bins"))
  }
}
