import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV collections: MKCALENDAR makes a list, PROPPATCH renames it, DELETE removes it")
struct CalDAVCollectionTests {
  @Test("MKCALENDAR, PROPPATCH and DELETE change the list the web app shows")
  func lifecycle() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let id = UUID().uuidString.lowercased()
    let path = "/dav/calendars/alice/\(id)/"
    let made = try await client.request(
      "MKCALENDAR", path,
      body: CalDAVTestClient.xml(
        "<cal:mkcalendar \(CalDAVTestClient.namespaces)><d:set><d:prop>"
          + "<d:displayname>Holiday packing</d:displayname>"
          + "<ical:calendar-color>#FF2968FF</ical:calendar-color>"
          + "<cal:calendar-description>For the trip</cal:calendar-description>"
          + "<cal:supported-calendar-component-set><cal:comp name=\"VTODO\"/>"
          + "</cal:supported-calendar-component-set></d:prop></d:set></cal:mkcalendar>"))
    #expect(made.status == 201, "\(made.text)")
    let list = try #require(
      try home.lists("alice").checklists().first { $0.name == "Holiday packing" })
    #expect(list.id.uuidString.lowercased() == id)
    let again = try await client.request("MKCALENDAR", path)
    #expect(again.status == 405)

    let props = try await client.propfind(
      path, ["d:displayname", "ical:calendar-color", "cal:calendar-description"])
    #expect(props.response(path)?.text("ical:calendar-color") == "#FF2968FF")
    #expect(props.response(path)?.text("cal:calendar-description") == "For the trip")

    let patch = try await client.request(
      "PROPPATCH", path,
      body: CalDAVTestClient.xml(
        "<d:propertyupdate \(CalDAVTestClient.namespaces)><d:set><d:prop>"
          + "<d:displayname>Packing</d:displayname><ical:calendar-order>3</ical:calendar-order>"
          + "</d:prop></d:set><d:remove><d:prop><cal:calendar-description/></d:prop></d:remove>"
          + "</d:propertyupdate>"))
    #expect(patch.status == 207, "\(patch.text)")
    let patched = try MultiStatusAnswer(patch.body).response(path)
    #expect(patched?.properties["d:displayname"]?.status == 200)
    #expect(try home.lists("alice").checklist(id: list.id).name == "Packing")
    let after = try await client.propfind(
      path, ["d:displayname", "ical:calendar-order", "cal:calendar-description"])
    #expect(after.response(path)?.text("ical:calendar-order") == "3")
    #expect(after.response(path)?.properties["cal:calendar-description"]?.status == 404)

    // A protected property fails the whole PROPPATCH: 403 for it, 424 for the rest.
    let refused = try await client.request(
      "PROPPATCH", path,
      body: CalDAVTestClient.xml(
        "<d:propertyupdate \(CalDAVTestClient.namespaces)><d:set><d:prop>"
          + "<cs:getctag>mine</cs:getctag><d:displayname>Nope</d:displayname>"
          + "</d:prop></d:set></d:propertyupdate>"))
    let failed = try MultiStatusAnswer(refused.body).response(path)
    #expect(failed?.properties["cs:getctag"]?.status == 403)
    #expect(failed?.properties["d:displayname"]?.status == 424)
    #expect(try home.lists("alice").checklist(id: list.id).name == "Packing")

    let delete = try await client.request("DELETE", path)
    #expect(delete.status == 204)
    #expect(try home.lists("alice").checklists().contains { $0.id == list.id } == false)
    #expect(try await client.request("PROPFIND", path, depth: "0").status == 404)
  }

  @Test("MKCALENDAR under a name that is not an id makes a list found under that name again")
  func namedCollection() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let made = try await client.request("MKCALENDAR", "/dav/calendars/alice/work/")
    #expect(made.status == 201, "\(made.text)")
    #expect(try home.lists("alice").checklists().contains { $0.name == "work" })
    let put = try await client.put(
      "/dav/calendars/alice/work/t.ics", CalDAVTestClient.todo(uid: "t", summary: "Report"))
    #expect(put.status == 201, "\(put.text)")
    let listing = try await client.propfind("/dav/calendars/alice/work/", depth: "1", ["d:getetag"])
    #expect(listing.responses.count == 2)
    // The hrefs of the collection are the URL it was made at, in the home too.
    #expect(listing.hrefs.contains("/dav/calendars/alice/work/"), "\(listing.hrefs)")
    #expect(listing.hrefs.contains("/dav/calendars/alice/work/t.ics"), "\(listing.hrefs)")
    let homeListing = try await client.propfind(
      "/dav/calendars/alice/", depth: "1", ["d:displayname"])
    #expect(homeListing.response("/dav/calendars/alice/work/")?.text("d:displayname") == "work")
  }

  @Test("A name whose list was deleted makes a new list there: MKCOL, DELETE, MKCOL")
  func nameFreedByDelete() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/litmus/"
    let first = try await client.request("MKCOL", path)
    #expect(first.status == 201, "\(first.text)")
    let firstID = try #require(
      try home.lists("alice").checklists().first { $0.name == "litmus" }?.id)
    #expect(try await client.request("MKCOL", path).status == 405)
    #expect(try await client.request("DELETE", path).status == 204)
    #expect(try await client.request("PROPFIND", path, depth: "0").status == 404)
    let second = try await client.request("MKCOL", path)
    #expect(second.status == 201, "\(second.text)")
    let lists = try home.lists("alice").checklists().filter { $0.name == "litmus" }
    #expect(lists.count == 1)
    #expect(lists.first?.id != firstID)
    #expect(try await client.request("PROPFIND", path, depth: "0").status == 207)
    // The deleted id stays spent: a MKCALENDAR at it does not bring the old list back.
    let reused = try await client.request(
      "MKCALENDAR", "/dav/calendars/alice/\(firstID.uuidString.lowercased())/")
    #expect(reused.status == 409, "\(reused.text)")
  }

  @Test("A plain MKCOL in the home makes a list; one asking for another resource type is refused")
  func plainMkcol() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let made = try await client.request("MKCOL", "/dav/calendars/alice/errands/")
    #expect(made.status == 201, "\(made.text)")
    let props = try await client.propfind(
      "/dav/calendars/alice/errands/", ["d:resourcetype"])
    #expect(
      props.response("/dav/calendars/alice/errands/")?.childNames("d:resourcetype").contains(
        "cal:calendar") == true)
    let plain = try await client.request(
      "MKCOL", "/dav/calendars/alice/files/",
      body: CalDAVTestClient.xml(
        "<d:mkcol \(CalDAVTestClient.namespaces)><d:set><d:prop><d:resourcetype><d:collection/>"
          + "</d:resourcetype></d:prop></d:set></d:mkcol>"))
    #expect(plain.status == 403, "\(plain.text)")
    #expect(plain.text.contains("valid-resourcetype"))
  }

  @Test("MKCALENDAR at a name needing percent-encoding is found at exactly that URL")
  func encodedName() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/caf%C3%A9%20list/"
    let made = try await client.request(
      "MKCALENDAR", path,
      body: CalDAVTestClient.xml(
        "<cal:mkcalendar \(CalDAVTestClient.namespaces)><d:set><d:prop>"
          + "<d:displayname>Café</d:displayname></d:prop></d:set></cal:mkcalendar>"))
    #expect(made.status == 201, "\(made.text)")
    #expect(made.header("Location") == path)
    let listing = try await client.propfind("/dav/calendars/alice/", depth: "1", ["d:displayname"])
    #expect(listing.response(path)?.text("d:displayname") == "Café", "\(listing.hrefs)")
    #expect(try await client.request("PROPFIND", path, depth: "0").status == 207)
  }

  @Test("A CalDAV change reaches the live event stream of an open page")
  func liveUpdate() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Live")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let browser = try await home.signIn("alice")
    let port = home.server.server.port
    let stream = try RawHTTPConnection(port: port)
    stream.send(
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(browser.cookie)\r\n"
        + "Accept: text/event-stream\r\n\r\n")
    _ = stream.read(until: Date().addingTimeInterval(120)) { $0.contains("\r\n\r\n") }
    let put = try await client.put(
      "/dav/calendars/alice/\(list.id.uuidString.lowercased())/x.ics",
      CalDAVTestClient.todo(uid: "x", summary: "Seen live"))
    #expect(put.status == 201)
    let events = stream.read(until: Date().addingTimeInterval(120)) {
      $0.contains(list.id.uuidString.lowercased()) || $0.contains(list.id.uuidString)
    }
    #expect(
      events.contains(list.id.uuidString.lowercased()) || events.contains(list.id.uuidString),
      "\(events)")
  }
}
