import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// What the CalDAV review found that changes what a client's data becomes, each as the client
/// sent it to a real server: the store side runs on every engine in `CalendarReviewTests`.
@Suite("CalDAV review: preconditions, a checker's writes, stored bytes, values, paging, names")
struct CalDAVDataReviewTests {
  /// A VTODO body with `extra` lines added to the VTODO.
  static func completing(_ served: String, extra: [String] = []) -> String {
    served.components(separatedBy: "\r\n").filter {
      !$0.hasPrefix("STATUS:") && !$0.hasPrefix("COMPLETED:") && !$0.hasPrefix("PERCENT-COMPLETE:")
    }.joined(separator: "\r\n").replacingOccurrences(
      of: "END:VTODO",
      with: (["STATUS:COMPLETED", "COMPLETED:20270102T090000Z"] + extra + ["END:VTODO"])
        .joined(separator: "\r\n"))
  }

  @Test("A collection DELETE with a stale If-Match or If-None-Match is 412 and deletes nothing")
  func collectionDeletePreconditions() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Keep me")
    _ = try lists.addItem("Milk", to: list.id)
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list)
    let props = try await client.propfind(path, ["d:getetag", "cs:getctag"]).response(path)
    let etag = try #require(props?.text("d:getetag"))
    let ctag = try #require(props?.text("cs:getctag"))
    #expect(etag == "\"\(ctag.split(separator: "/").last ?? "")\"")
    for headers in [
      ["If-Match": "\"stale\""], ["If-None-Match": "*"], ["If-None-Match": etag],
      ["If-Match": "W/\(etag)"],
    ] {
      let refused = try await client.request("DELETE", path, headers: headers)
      #expect(refused.status == 412, "\(headers): \(refused.text)")
      #expect(refused.header("Content-Type")?.hasPrefix("application/xml") == true)
    }
    #expect(try lists.checklistWithItems(id: list.id).1.map(\.text) == ["Milk"])
    // An object DELETE honours If-None-Match too.
    let item =
      path + (try lists.checklistWithItems(id: list.id).1[0].id.uuidString.lowercased())
      + ".ics"
    let object = try await client.request("DELETE", item, headers: ["If-None-Match": "*"])
    #expect(object.status == 412, "\(object.text)")
    #expect(try lists.checklistWithItems(id: list.id).1.count == 1)
    // The ctag, quoted, is the collection's ETag too.
    let deleted = try await client.request("DELETE", path, headers: ["If-Match": "\"\(ctag)\""])
    #expect(deleted.status == 204, "\(deleted.text)")
    #expect(try lists.checklists().contains { $0.id == list.id } == false)
  }

  @Test(
    "A checker's PUT that changes CATEGORIES, an X- property or alarms is 403; completing is not")
  func checkerCompletesOnly() async throws {
    let (home, client, _, item) = try await CalDAVSharingTests.shared(.checker)
    let get = try await client.request("GET", item)
    let served = get.text
    for extra in [
      ["CATEGORIES:Garden"], ["X-CLIENT-FLAG:1"],
      ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Mow", "TRIGGER:-PT15M", "END:VALARM"],
    ] {
      let refused = try await client.put(item, Self.completing(served, extra: extra))
      #expect(refused.status == 403, "\(extra): \(refused.text)")
      #expect(refused.text.contains("need-privileges"), "\(refused.text)")
    }
    let bobs = try #require(try home.lists("bob").checklists().first)
    #expect(try home.lists("bob").checklistWithItems(id: bobs.id).1.first?.isChecked == false)
    #expect(try await client.request("GET", item).text == served)
    let calendarLevel = try await client.put(
      item,
      Self.completing(served).replacingOccurrences(
        of: "BEGIN:VTODO", with: "X-CLIENT-CALENDAR:1\r\nBEGIN:VTODO"))
    #expect(calendarLevel.status == 403, "\(calendarLevel.text)")
    // Completing only, with LF line ends and another app's PRODID, is a completion.
    let completed = try await client.put(
      item,
      Self.completing(served).replacingOccurrences(of: "\r\n", with: "\n")
        .replacingOccurrences(of: "PRODID:", with: "PRODID:-//Other app//EN\nX-OLD-PRODID:")
        .replacingOccurrences(of: "\nX-OLD-PRODID:[^\n]*", with: "", options: .regularExpression))
    #expect(completed.status == 204, "\(completed.text)")
    #expect(try home.lists("bob").checklistWithItems(id: bobs.id).1.first?.isChecked == true)
  }

  @Test("A PUT answer carries the ETag only when the object is stored as exactly the bytes sent")
  func etagOnlyForExactBytes() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Groceries")
    let client = CalDAVObjectTests.alice(home)
    let exact = CalDAVTestClient.todo(uid: "exact", summary: "Milk")
    let put = try await client.put(CalDAVObjectTests.path(list, "exact.ics"), exact)
    #expect(put.status == 201)
    let get = try await client.request("GET", CalDAVObjectTests.path(list, "exact.ics"))
    #expect(get.text == exact)
    #expect(put.header("ETag") != nil)
    #expect(put.header("ETag") == get.header("ETag"))
    let again = try await client.put(
      CalDAVObjectTests.path(list, "exact.ics"),
      CalDAVTestClient.todo(uid: "exact", summary: "Oat milk"))
    #expect(again.status == 204)
    #expect(again.header("ETag") != nil)

    let long = String(repeating: "Whole milk, two litres. ", count: 6)
    let rewritten: [String: String] = [
      "trimmed": CalDAVTestClient.todo(uid: "trimmed", summary: "  Bread  "),
      "no-dtstamp": CalDAVTestClient.todo(uid: "no-dtstamp", summary: "Eggs")
        .replacingOccurrences(of: "DTSTAMP:20270101T090000Z\r\n", with: ""),
      "lf": CalDAVTestClient.todo(uid: "lf", summary: "Tea")
        .replacingOccurrences(of: "\r\n", with: "\n"),
      "unfolded": CalDAVTestClient.todo(
        uid: "unfolded", summary: "Milk", extra: ["DESCRIPTION:\(long)"]),
    ]
    for (name, body) in rewritten.sorted(by: { $0.key < $1.key }) {
      let path = CalDAVObjectTests.path(list, "\(name).ics")
      let answer = try await client.put(path, body)
      #expect(answer.status == 201, "\(name): \(answer.text)")
      let stored = try await client.request("GET", path)
      #expect(stored.text != body, "\(name)")
      #expect(answer.header("ETag") == nil, "\(name): the client must fetch what was stored")
      #expect(stored.header("ETag") != nil)
    }
  }

  @Test("A DUE in a time zone neither the body nor the database knows is 403 valid-calendar-data")
  func unknownTimeZone() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Trips")
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list, "mars.ics")
    let mars = CalDAVTestClient.todo(
      uid: "mars", summary: "Land", extra: ["DUE;TZID=Mars/Olympus_Mons:20270101T090000"])
    let refused = try await client.put(path, mars)
    #expect(refused.status == 403, "\(refused.text)")
    #expect(refused.text.contains("valid-calendar-data"))
    #expect(refused.text.contains("Mars/Olympus_Mons"))
    #expect(try await client.request("GET", path).status == 404)
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.isEmpty)

    // A zone the database knows, or one the body defines, is taken.
    let berlin = CalDAVTestClient.todo(
      uid: "berlin", summary: "Fly", extra: ["DUE;TZID=Europe/Berlin:20270101T090000"])
    #expect(try await client.put(CalDAVObjectTests.path(list, "berlin.ics"), berlin).status == 201)
    let defined = CalDAVTestClient.todo(
      uid: "own", summary: "Sail", extra: ["DUE;TZID=Harbour time:20270101T090000"]
    ).replacingOccurrences(
      of: "BEGIN:VTODO",
      with: [
        "BEGIN:VTIMEZONE", "TZID:Harbour time", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "TZNAME:HT", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VTODO",
      ].joined(separator: "\r\n"))
    let own = try await client.put(CalDAVObjectTests.path(list, "own.ics"), defined)
    #expect(own.status == 201, "\(own.text)")
    let items = try home.lists("alice").checklistWithItems(id: list.id).1
    #expect(
      items.first { $0.text == "Sail" }?.dueDate
        == Date(timeIntervalSince1970: 1_798_790_400))
  }

  @Test(
    "PRIORITY outside 0-9 and PERCENT-COMPLETE outside 0-100 are 403 valid-calendar-data",
    arguments: [
      "PRIORITY:10", "PRIORITY:-1", "PRIORITY:high", "PERCENT-COMPLETE:101",
      "PERCENT-COMPLETE:-5",
    ])
  func outOfRange(line: String) async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = CalDAVObjectTests.alice(home)
    let refused = try await client.put(
      CalDAVObjectTests.path(list, "r.ics"),
      CalDAVTestClient.todo(uid: "r", summary: "Rake", extra: [line]))
    #expect(refused.status == 403, "\(refused.text)")
    #expect(refused.text.contains("valid-calendar-data"))
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.isEmpty)
    let edges = try await client.put(
      CalDAVObjectTests.path(list, "e.ics"),
      CalDAVTestClient.todo(
        uid: "e", summary: "Rake", extra: ["PRIORITY:9", "PERCENT-COMPLETE:0"]))
    #expect(edges.status == 201, "\(edges.text)")
  }

  @Test("An initial sync-collection honours the limit: 507, the rest once each, nothing lost")
  func initialSyncLimit() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Chores")
    var items: [ChecklistItem] = []
    for index in 0..<5 { items.append(try lists.addItem("Chore \(index)", to: list.id)) }
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list)
    let href = { (id: UUID) in path + id.uuidString.lowercased() + ".ics" }

    let first = try await client.report(path, CalDAVSyncTests.sync(nil, limit: 2), depth: "0")
    #expect(first.response(path)?.status == 507)
    var seen = first.hrefs.filter { $0 != path }
    #expect(seen.count == 2)
    // Meanwhile: an object already sent changes, and one is added.
    let sent = try #require(items.first { seen.contains(href($0.id)) })
    _ = try lists.updateItem(id: sent.id, ItemChanges(text: "Changed meanwhile"))
    let added = try lists.addItem("Added meanwhile", to: list.id)

    var token = try #require(first.syncToken)
    var truncated = true
    var pages = 1
    while truncated, pages < 10 {
      let page = try await client.report(path, CalDAVSyncTests.sync(token, limit: 2), depth: "0")
      let objects = page.hrefs.filter { $0 != path }
      #expect(objects.count <= 2)
      seen += objects
      truncated = page.response(path)?.status == 507
      token = try #require(page.syncToken)
      pages += 1
    }
    #expect(!truncated)
    #expect(Set(seen).count == seen.count, "no object twice: \(seen)")
    let next = try await client.report(path, CalDAVSyncTests.sync(token, data: true), depth: "0")
    #expect(next.response(path) == nil)
    #expect(
      next.response(href(sent.id))?.text("cal:calendar-data")?.contains("Changed meanwhile") == true
    )
    let all = Set(items.map { href($0.id) } + [href(added.id)])
    #expect(Set(seen).union(next.hrefs) == all)

    let truncatedBody = try await client.request(
      "REPORT", path, body: CalDAVTestClient.xml(CalDAVSyncTests.sync(nil, limit: 1)), depth: "0")
    #expect(truncatedBody.text.contains("number-of-matches-within-limits"))
  }

  @Test("MKCALENDAR at an id another user holds answers exactly as at an id used before")
  func mkcalendarAtHeldID() async throws {
    let home = try await Household()
    let bobs = try home.lists("bob").createList(named: "Bob's secret")
    let gone = try home.lists("alice").createList(named: "Gone")
    _ = try home.lists("alice").deleteList(id: gone.id)
    let client = CalDAVObjectTests.alice(home)
    let before = try home.lists("alice").checklists().map(\.id)
    var answers: [(status: Int, type: String?, body: String)] = []
    for id in [bobs.id, gone.id] {
      let lower = id.uuidString.lowercased()
      let answer = try await client.request("MKCALENDAR", "/dav/calendars/alice/\(lower)/")
      answers.append(
        (
          answer.status, answer.header("Content-Type"),
          answer.text.replacingOccurrences(of: lower, with: "{id}")
        ))
    }
    #expect(answers[0].status == 409)
    #expect(answers[0].status == answers[1].status)
    #expect(answers[0].type == answers[1].type)
    #expect(answers[0].body == answers[1].body)
    #expect(!answers[0].body.contains("exists"))
    #expect(try home.lists("bob").checklist(id: bobs.id).name == "Bob's secret")
    #expect(try home.lists("alice").checklists().map(\.id) == before)
  }

  @Test(
    "'.' and '..', however encoded, are refused as collection and object names",
    arguments: ["%2e%2e", "%2E%2e", "%2e", "."])
  func dotNames(segment: String) async throws {
    let home = try await Household()
    let client = CalDAVObjectTests.alice(home)
    let before = try home.lists("alice").checklists().map(\.id)
    let made = try await client.request("MKCALENDAR", "/dav/calendars/alice/\(segment)/")
    #expect(made.status == 403, "\(made.text)")
    #expect(made.text.contains("cannot name a calendar"), "\(made.text)")
    #expect(try home.lists("alice").checklists().map(\.id) == before)
    let listing = try await client.propfind("/dav/calendars/alice/", depth: "1")
    #expect(!listing.hrefs.contains { $0.contains("/.") || $0.contains("%2e") }, "\(listing.hrefs)")

    let list = try home.lists("alice").createList(named: "Chores")
    let put = try await client.put(
      CalDAVObjectTests.path(list, segment), CalDAVTestClient.todo(uid: "dot", summary: "Dot"))
    #expect(put.status == 403, "\(put.text)")
    #expect(put.text.contains("cannot name a calendar object"), "\(put.text)")
    #expect(try home.lists("alice").checklistWithItems(id: list.id).1.isEmpty)
  }

  @Test("404 and 405 under /dav/ are DAV error bodies, not JSON problems")
  func unroutedAnswersInXML() async throws {
    let home = try await Household()
    let client = CalDAVObjectTests.alice(home)
    let missing = try await client.request("PROPFIND", "/dav/nothing/here/at/all/", depth: "0")
    #expect(missing.status == 404)
    #expect(missing.header("Content-Type")?.hasPrefix("application/xml") == true)
    #expect(missing.text.contains("<d:error"), "\(missing.text)")
    let method = try await client.request("PUT", "/dav/calendars/alice/")
    #expect(method.status == 405)
    #expect(method.header("Content-Type")?.hasPrefix("application/xml") == true)
    #expect(method.text.contains("<d:error"), "\(method.text)")
    #expect(method.header("Allow")?.contains("PROPFIND") == true)
    // The API keeps its JSON problems.
    let api = try await home.server.request("GET", "/api/v1/nothing")
    #expect(api.header("Content-Type")?.contains("json") == true)
  }
}
