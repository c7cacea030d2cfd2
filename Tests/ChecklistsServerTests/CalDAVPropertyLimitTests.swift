import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// The issue's reproductions through HTTP: bodies of tens of thousands of namespace
/// declarations or attributes kept the server's CPU busy for seconds each, and PROPPATCHes of
/// 900 KB dead properties filled the database and made every PROPFIND of the home huge. (The
/// store's limits are tested on SQLite and PostgreSQL in `CalendarPropertyLimitTests`; these run
/// the routes, on SQLite.)
@Suite("CalDAV: hostile XML is refused before parsing; collection properties are bounded")
struct CalDAVPropertyLimitTests {
  /// Bob's list shared with alice as an editor; alice's client and the list's path.
  static func sharedWithEditor() async throws -> (Household, CalDAVTestClient, UUID, String) {
    let home = try await Household()
    let list = try home.lists("bob").createList(named: "Bob's groceries")
    _ = try home.sharing("bob").share(listID: list.id, with: "alice", role: .editor)
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    return (home, client, list.id, "/dav/calendars/alice/\(list.id.uuidString.lowercased())/")
  }

  /// A PROPPATCH setting a dead property of about `bytes` bytes and the order.
  static func bigPatch(_ name: String, bytes: Int) -> String {
    CalDAVTestClient.xml(
      "<d:propertyupdate \(CalDAVTestClient.namespaces) xmlns:x=\"urn:example\"><d:set><d:prop>"
        + "<x:\(name)>\(String(repeating: "a", count: bytes))</x:\(name)>"
        + "<ical:calendar-order>7</ical:calendar-order></d:prop></d:set></d:propertyupdate>")
  }

  @Test("A PROPFIND of 40,000 namespace declarations or 50,000 attributes is a 400")
  func hostilePropfind() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    var declarations = "<d:propfind xmlns:d=\"DAV:\""
    for index in 0..<40_000 { declarations += " xmlns:p\(index)=\"u\(index)\"" }
    declarations += "><d:allprop/></d:propfind>"
    var attributes = "<d:propfind xmlns:d=\"DAV:\""
    for index in 0..<50_000 { attributes += " a\(index)=\"1\"" }
    attributes += "><d:allprop/></d:propfind>"
    for (body, limit) in [
      (declarations, "declares more than 32 namespaces on one element, the most accepted"),
      (attributes, "has more than 32 attributes on one element, the most accepted"),
    ] {
      let response = try await client.request(
        "PROPFIND", "/dav/calendars/alice/", body: body, depth: "1")
      #expect(response.status == 400)
      #expect(response.header("Content-Type")?.hasPrefix("application/xml") == true)
      #expect(response.text.contains("<d:error"), "\(response.text)")
      #expect(response.text.contains("The XML body \(limit)"), "\(response.text)")
    }
  }

  @Test("A 900 KB dead property from an editor: 507 naming the limit, nothing kept")
  func hugeDeadProperty() async throws {
    let (home, client, listID, path) = try await Self.sharedWithEditor()
    let response = try await client.request(
      "PROPPATCH", path, body: Self.bigPatch("notes", bytes: 900_000))
    #expect(response.status == 207, "\(response.text)")
    let answer = try #require(try MultiStatusAnswer(response.body).response(path))
    #expect(answer.properties["urn:example:notes"]?.status == 507)
    #expect(answer.properties["ical:calendar-order"]?.status == 424)
    #expect(response.text.contains("<d:error><d:quota-not-exceeded/></d:error>"))
    #expect(response.text.contains("a property may have at most 16384."), "\(response.text)")
    // Nothing of the PROPPATCH was kept, the order neither (RFC 4918 9.2: all or nothing).
    let props = try await client.propfind(path, ["ical:calendar-order"])
    #expect(props.response(path)?.properties["ical:calendar-order"]?.status == 404)
    let owner = try home.store.readCalendar { tx in
      try tx.calendarCollectionProperties(listID: listID)
    }
    #expect(owner?.deadProperties.isEmpty ?? true)
    // A property of a few KB, as clients keep, is fine.
    let fine = try await client.request(
      "PROPPATCH", path, body: Self.bigPatch("notes", bytes: 4_000))
    #expect(
      try MultiStatusAnswer(fine.body).response(path)?.properties["urn:example:notes"]?.status
        == 200)
  }

  @Test("Thirty PROPPATCHes of 900 KB each leave the home's PROPFIND small")
  func thirtyHugePatches() async throws {
    let (_, client, _, path) = try await Self.sharedWithEditor()
    for attempt in 0..<30 {
      let response = try await client.request(
        "PROPPATCH", path, body: Self.bigPatch("n\(attempt)", bytes: 900_000))
      #expect(
        try MultiStatusAnswer(response.body).response(path)?.properties["urn:example:n\(attempt)"]?
          .status == 507)
    }
    // allprop of the home: 27 MB before the limits.
    let home = try await client.request("PROPFIND", "/dav/calendars/alice/", depth: "1")
    #expect(home.status == 207)
    #expect(home.body.count < 50_000, "\(home.body.count) bytes")
  }

  @Test("Past the number or total of a collection's properties: 507, and the rest 424")
  func countAndTotal() async throws {
    let (_, client, _, path) = try await Self.sharedWithEditor()
    for batch in 0..<4 {
      let props = (0..<16).map {
        "<x:p\(batch)-\($0)>\(String(repeating: "a", count: 900))</x:p\(batch)-\($0)>"
      }
      let response = try await client.request(
        "PROPPATCH", path,
        body: CalDAVTestClient.xml(
          "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:x=\"urn:example\"><d:set><d:prop>"
            + props.joined() + "</d:prop></d:set></d:propertyupdate>"))
      #expect(response.status == 207)
      #expect(!response.text.contains("507"), "\(response.text)")
    }
    let more = try await client.request(
      "PROPPATCH", path,
      body: CalDAVTestClient.xml(
        "<d:propertyupdate \(CalDAVTestClient.namespaces) xmlns:x=\"urn:example\"><d:set><d:prop>"
          + "<x:one-more>1</x:one-more><ical:calendar-order>2</ical:calendar-order>"
          + "</d:prop></d:set></d:propertyupdate>"))
    let answer = try #require(try MultiStatusAnswer(more.body).response(path))
    #expect(answer.properties["urn:example:one-more"]?.status == 507)
    #expect(answer.properties["ical:calendar-order"]?.status == 424)
    #expect(more.text.contains("at most 64 properties besides its name, colour and order"))
  }

  @Test("MKCALENDAR with a property past the limit is a 507 DAV:error and makes no list")
  func mkcalendar() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let response = try await client.request(
      "MKCALENDAR", "/dav/calendars/alice/big/",
      body: CalDAVTestClient.xml(
        "<cal:mkcalendar \(CalDAVTestClient.namespaces)><d:set><d:prop>"
          + "<cal:calendar-description>\(String(repeating: "a", count: 20_000))"
          + "</cal:calendar-description></d:prop></d:set></cal:mkcalendar>"))
    #expect(response.status == 507, "\(response.text)")
    #expect(response.text.contains("<d:quota-not-exceeded/>"), "\(response.text)")
    #expect(response.text.contains("a property may have at most 16384."), "\(response.text)")
    #expect(try home.lists("alice").checklists().contains { $0.name == "big" } == false)
  }
}
