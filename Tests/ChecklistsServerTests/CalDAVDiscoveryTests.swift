import ChecklistsCore
import ChecklistsStore
import Foundation
import FoundationXML
import Testing

@Suite("CalDAV discovery: from / or the well-known URL to the user's lists, on a real server")
struct CalDAVDiscoveryTests {
  static let alice = ("alice", "wonderland-42")

  @Test("/.well-known/caldav redirects to /dav/ whatever the method, without signing in")
  func wellKnown() async throws {
    let home = try await Household()
    let port = home.server.server.port
    for method in ["GET", "PROPFIND", "OPTIONS"] {
      let (status, text) = try RawHTTPConnection.exchange(
        port: port,
        Array(
          ("\(method) /.well-known/caldav HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8))
      #expect(status == 301, "\(method): \(text)")
      #expect(text.lowercased().contains("\r\nlocation: /dav/\r\n"), "\(method): \(text)")
    }
  }

  @Test("The HTTP server passes WebDAV's own methods through to the routes")
  func customMethods() async throws {
    let home = try await Household()
    let port = home.server.server.port
    let body = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:prop><d:displayname/></d:prop></d:propfind>"
    let auth = Data("alice:wonderland-42".utf8).base64EncodedString()
    let (status, text) = try RawHTTPConnection.exchange(
      port: port,
      Array(
        ("PROPFIND /dav/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Basic \(auth)\r\n"
          + "Depth: 0\r\nContent-Type: application/xml\r\nContent-Length: \(body.utf8.count)\r\n"
          + "Connection: close\r\n\r\n\(body)").utf8))
    #expect(status == 207, "\(text)")
    #expect(text.contains("Multi-Status"), "\(text)")
    // A method no route takes is 405 naming those the path takes.
    let (other, answer) = try RawHTTPConnection.exchange(
      port: port,
      Array(
        ("LOCK /dav/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Basic \(auth)\r\n"
          + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8))
    #expect(other == 405, "\(answer)")
    #expect(answer.contains("Allow: OPTIONS, PROPFIND"), "\(answer)")
  }

  @Test("OPTIONS names the DAV classes and the methods each kind of resource takes")
  func options() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server)
    let root = try await client.request("OPTIONS", "/dav/")
    #expect(root.status == 200)
    let dav = try #require(root.header("DAV"))
    for feature in ["1", "3", "calendar-access", "extended-mkcol", "access-control"] {
      #expect(dav.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .contains(feature), "\(dav)")
    }
    let list = try await client.request(
      "OPTIONS", "/dav/calendars/alice/\(UUID().uuidString.lowercased())/")
    let allow = Set((list.header("Allow") ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    })
    #expect(
      allow == ["OPTIONS", "PROPFIND", "PROPPATCH", "MKCALENDAR", "MKCOL", "DELETE", "REPORT"])
    let object = try await client.request(
      "OPTIONS", "/dav/calendars/alice/\(UUID().uuidString.lowercased())/a.ics")
    #expect(object.header("Allow") == "DELETE, GET, HEAD, OPTIONS, PROPFIND, PUT")
  }

  @Test("From / to the principal, the home, and a collection per list, own and shared")
  func discoveryChain() async throws {
    let home = try await Household()
    let groceries = try home.lists("alice").createList(named: "Groceries")
    let shopping = try home.shopping("alice").createList(named: "Market")
    let bobs = try home.lists("bob").createList(named: "Bob's chores")
    _ = try home.sharing("bob").share(listID: bobs.id, with: "alice", role: .viewer)
    let client = CalDAVTestClient(home.server, user: Self.alice.0, password: Self.alice.1)

    // Apple asks the root itself.
    let root = try await client.propfind("/", ["d:current-user-principal"])
    let principal = try #require(root.responses.first?.hrefs("d:current-user-principal").first)
    #expect(principal == "/dav/principals/alice/")
    let dav = try await client.propfind("/dav/", ["d:current-user-principal", "d:displayname"])
    #expect(dav.responses.first?.hrefs("d:current-user-principal") == [principal])

    let found = try await client.propfind(
      principal,
      [
        "cal:calendar-home-set", "d:principal-URL", "d:displayname",
        "cal:calendar-user-address-set", "d:resourcetype",
      ])
    let me = try #require(found.response(principal))
    #expect(me.hrefs("d:principal-URL") == [principal])
    #expect(me.text("d:displayname") == "alice")
    #expect(me.childNames("d:resourcetype").contains("d:principal"))
    #expect(!me.hrefs("cal:calendar-user-address-set").isEmpty)
    let homeSet = try #require(me.hrefs("cal:calendar-home-set").first)
    #expect(homeSet == "/dav/calendars/alice/")

    let listing = try await client.propfind(
      homeSet, depth: "1",
      [
        "d:resourcetype", "d:displayname", "cal:supported-calendar-component-set",
        "d:current-user-privilege-set", "cs:getctag", "d:sync-token", "ical:calendar-color",
        "d:owner",
      ])
    #expect(listing.response(homeSet) != nil)
    let collections = listing.responses.filter {
      $0.childNames("d:resourcetype").contains("cal:calendar")
    }
    #expect(Set(collections.compactMap { $0.text("d:displayname") }).isSuperset(
      of: ["Groceries", "Market", "Bob's chores"]))
    let list = try #require(
      listing.response("/dav/calendars/alice/\(groceries.id.uuidString.lowercased())/"))
    #expect(list.childNames("d:resourcetype") == ["d:collection", "cal:calendar"])
    let components = list.found("cal:supported-calendar-component-set")?.children?
      .compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
    #expect(components == ["VTODO"])
    #expect(list.text("cs:getctag")?.hasPrefix("http://checklists.invalid/sync/") == true)
    #expect(list.text("d:sync-token") == list.text("cs:getctag"))
    // A colour never set is not there: 404 in its own propstat.
    #expect(list.properties["ical:calendar-color"]?.status == 404)
    #expect(
      listing.response("/dav/calendars/alice/\(shopping.id.uuidString.lowercased())/") != nil)

    // Privileges follow the role: alice owns Groceries, only reads Bob's chores.
    let privileges = { (response: MultiStatusAnswer.Response) -> Set<String> in
      Set(
        response.found("d:current-user-privilege-set")?.children?.compactMap {
          (($0 as? XMLElement)?.children?.first as? XMLElement).map(MultiStatusAnswer.key)
        } ?? [])
    }
    #expect(privileges(list).isSuperset(of: ["d:read", "d:write", "d:bind", "d:unbind"]))
    let shared = try #require(
      listing.response("/dav/calendars/alice/\(bobs.id.uuidString.lowercased())/"))
    #expect(privileges(shared).contains("d:read"))
    #expect(!privileges(shared).contains("d:write-content"))
    #expect(shared.hrefs("d:owner") == ["/dav/principals/bob/"])
  }

  @Test("Another user's principal and home are 404, naming one's own")
  func othersHidden() async throws {
    let home = try await Household()
    let client = CalDAVTestClient(home.server, user: Self.alice.0, password: Self.alice.1)
    for path in ["/dav/principals/bob/", "/dav/calendars/bob/"] {
      let response = try await client.request("PROPFIND", path, depth: "0")
      #expect(response.status == 404, "\(path)")
      #expect(response.text.contains("/alice/"), "\(response.text)")
    }
  }

  @Test("allprop, propname and unknown properties")
  func propfindKinds() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Errands")
    let client = CalDAVTestClient(home.server, user: Self.alice.0, password: Self.alice.1)
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    // An empty body is allprop.
    let all = try MultiStatusAnswer(
      try await client.request("PROPFIND", path, depth: "0").body)
    #expect(all.response(path)?.text("d:displayname") == "Errands")
    #expect(all.response(path)?.text("cs:getctag") != nil)
    let names = try await client.request(
      "PROPFIND", path,
      body: CalDAVTestClient.xml("<d:propfind xmlns:d=\"DAV:\"><d:propname/></d:propfind>"),
      depth: "0")
    #expect(names.status == 207)
    let named = try #require(try MultiStatusAnswer(names.body).response(path))
    #expect(named.properties["d:displayname"]?.element.stringValue == "")
    #expect(named.properties["d:sync-token"] != nil)
    // An unknown property is 404 beside the known ones.
    let mixed = try await client.propfind(path, ["d:displayname", "cs:no-such-thing"])
    #expect(mixed.response(path)?.text("d:displayname") == "Errands")
    #expect(mixed.response(path)?.properties["cs:no-such-thing"]?.status == 404)
  }
}
