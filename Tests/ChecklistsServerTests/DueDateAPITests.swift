import ChecklistsCore
import ChecklistsTestSupport
import Foundation
import Testing

/// Due days and moments through the JSON API and CalDAV, in process (issue 28): `due` is a day
/// or a moment with its zone, `dueDate` its instant for older clients, and a day written by
/// Apple Reminders is that day in every zone.
@Suite struct DueDateAPITests {
  static func list(_ server: TestServer) async throws -> String {
    let created = try await server.request("POST", "/api/v1/checklists", json: ["name": "Trip"])
    return try #require(try created.json()["id"] as? String)
  }

  static func add(_ server: TestServer, _ list: String, _ body: [String: Any]) async throws
    -> [String: Any]
  {
    let response = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: body)
    #expect(response.status == 201, "\(response.text)")
    return try response.json()
  }

  @Test("A day and a moment with its zone are written, answered and changed through the API")
  func dayAndMoment() async throws {
    let server = try TestServer()
    let list = try await Self.list(server)
    let passport = try await Self.add(
      server, list, ["text": "Renew passport", "due": ["date": "2026-12-15"]])
    #expect(passport["due"] as? [String: String] == ["date": "2026-12-15"])
    // The instant older clients read: the day's start in UTC, as before.
    #expect(passport["dueDate"] as? String == "2026-12-15T00:00:00Z")

    let train = try await Self.add(
      server, list,
      [
        "text": "Train",
        "due": ["dateTime": "2026-12-15T18:00:00+01:00", "timeZone": "Europe/Berlin"],
      ])
    let due = try #require(train["due"] as? [String: Any])
    #expect(due["dateTime"] as? String == "2026-12-15T17:00:00Z")
    #expect(due["timeZone"] as? String == "Europe/Berlin")
    #expect(train["dueDate"] as? String == "2026-12-15T17:00:00Z")

    // A moment with no zone says so with null.
    let call = try await Self.add(
      server, list, ["text": "Call", "due": ["dateTime": "2026-12-15T17:00:00Z"]])
    let callDue = try #require(call["due"] as? [String: Any])
    #expect(callDue.keys.sorted() == ["dateTime", "timeZone"])
    #expect(callDue["timeZone"] is NSNull)

    let id = try #require(passport["id"] as? String)
    let path = "/api/v1/items/\(id)"
    // A queued change of an older web app: dueDate is a moment in UTC, as it always meant.
    let old = try await server.request(
      "PATCH", path, json: ["dueDate": "2026-12-16T09:00:00Z"])
    #expect(old.status == 200, "\(old.text)")
    let oldDue = try #require(try old.json()["due"] as? [String: Any])
    #expect(oldDue["dateTime"] as? String == "2026-12-16T09:00:00Z")
    #expect(oldDue["timeZone"] is NSNull)
    // Back to a day, then none.
    let day = try await server.request("PATCH", path, json: ["due": ["date": "2026-12-17"]])
    #expect(try day.json()["due"] as? [String: String] == ["date": "2026-12-17"])
    let none = try await server.request("PATCH", path, json: ["due": NSNull()])
    #expect(try none.json()["due"] is NSNull)
    #expect(try none.json()["dueDate"] is NSNull)
    // The read answers what the write did.
    #expect(try await server.get(path).json()["due"] is NSNull)
  }

  @Test("due and dueDate in one body is 400 naming both; nothing is written")
  func bothFields() async throws {
    let server = try TestServer()
    let list = try await Self.list(server)
    let body: [String: Any] = [
      "text": "Passport", "due": ["date": "2026-12-15"], "dueDate": "2026-12-15T00:00:00Z",
    ]
    let add = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: body)
    #expect(add.status == 400)
    let detail = try #require(try add.json()["detail"] as? String)
    #expect(detail.contains("'due'") && detail.contains("'dueDate'"), "\(detail)")
    let items = try await server.get("/api/v1/checklists/\(list)/items").json()["items"]
    #expect((items as? [Any])?.isEmpty == true)

    let item = try await Self.add(server, list, ["text": "Passport"])
    let id = try #require(item["id"] as? String)
    let patch = try await server.request(
      "PATCH", "/api/v1/items/\(id)",
      json: ["due": ["date": "2026-12-15"], "dueDate": NSNull()])
    #expect(patch.status == 400)
    #expect(try await server.get("/api/v1/items/\(id)").json()["due"] is NSNull)
  }

  @Test(
    "A due that is not a day or a moment is 422 saying what to send",
    arguments: [
      (#"{"date": "2026-02-30"}"#, "is not a day"),
      (#"{"date": "15/12/2026"}"#, "is not a day"),
      (#"{"dateTime": "tomorrow"}"#, "is not an ISO 8601 date and time"),
      (
        #"{"dateTime": "2026-12-15T17:00:00Z", "timeZone": "Europe/Atlantis"}"#, "'Europe/Atlantis'"
      ),
      (#"{"date": "2026-12-15", "timeZone": "Europe/Berlin"}"#, "must be null"),
      (#"{"date": "2026-12-15", "dateTime": "2026-12-15T17:00:00Z"}"#, "must be null"),
      (#"{"day": "2026-12-15"}"#, "must be null"),
      (#"{"date": 20261215}"#, "must be null"),
      (#"{}"#, "must be null"),
      (#""2026-12-15""#, "'due' must be an object or null"),
    ])
  func badDue(due: String, message: String) async throws {
    let server = try TestServer()
    let list = try await Self.list(server)
    let response = try await server.request(
      "POST", "/api/v1/checklists/\(list)/items",
      body: Data(#"{"text": "Passport", "due": \#(due)}"#.utf8),
      headers: ["Content-Type": "application/json"])
    #expect(response.status == 422, "\(response.text)")
    let detail = (try? response.json()["detail"] as? String) ?? ""
    #expect(detail.contains(message), "\(detail)")
  }

  @Test("A due day on one device, a due time on another: one field, the second is 412")
  func dayAndTimeAreOneField() async throws {
    let server = try TestServer()
    let list = try await Self.list(server)
    let item = try await Self.add(
      server, list, ["text": "Renew passport", "due": ["date": "2026-12-15"]])
    let path = "/api/v1/items/\(try #require(item["id"] as? String))"
    let read = try #require(try await server.get(path).header("ETag"))
    let phone = try await server.request(
      "PATCH", path, json: ["due": ["date": "2026-12-16"]], headers: ["If-Match": read])
    #expect(phone.status == 200)
    let laptop = try await server.request(
      "PATCH", path,
      json: ["due": ["dateTime": "2026-12-15T09:00:00Z", "timeZone": "Europe/Lisbon"]],
      headers: ["If-Match": read])
    #expect(laptop.status == 412, "\(laptop.text)")
    let conflicts = try #require(try laptop.json()["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["field"] as? String } == ["dueDate"])
    // Nothing mixed: the phone's day stands.
    #expect(try await server.get(path).json()["due"] as? [String: String] == ["date": "2026-12-16"])
    // An older client's dueDate is the same field.
    let older = try await server.request(
      "PATCH", path, json: ["dueDate": "2026-12-15T09:00:00Z"], headers: ["If-Match": read])
    #expect(older.status == 412)
  }

  // MARK: - CalDAV

  static let appleReminder =
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1//EN", "BEGIN:VTODO",
      "CREATED:20261201T090000Z", "DTSTAMP:20261201T090000Z", "LAST-MODIFIED:20261201T090000Z",
      "UID:9F8E7D6C-1111-2222-3333-444455556666", "SUMMARY:Renew passport",
      "DUE;VALUE=DATE:20261215", "STATUS:NEEDS-ACTION", "X-APPLE-SORT-ORDER:782000000",
      "END:VTODO", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

  @Test("Apple Reminders' DUE;VALUE=DATE:20261215 is the 15th through the API in every zone")
  func appleReminderDayInEveryZone() async throws {
    // The server's clock starts on the 13th, so each zone sees the 15th come and go.
    let start = CivilDay(year: 2026, month: 12, day: 13).startInUTC
    let home = try await Household(start: start)
    let list = try home.lists("alice").createList(named: "Reminders")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let object = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/passport.ics"
    let put = try await client.put(object, Self.appleReminder, headers: ["If-None-Match": "*"])
    #expect(put.status == 201, "\(put.text)")
    let browser = try await home.signIn("alice")

    let items = try await home.server.request(
      "GET", "/api/v1/checklists/\(list.id.uuidString)/items", headers: browser.readHeaders)
    let item = try #require((try items.json()["items"] as? [[String: Any]])?.first)
    #expect(item["due"] as? [String: String] == ["date": "2026-12-15"])
    #expect(item["dueDate"] as? String == "2026-12-15T00:00:00Z")

    // Every six hours from the 13th to the 18th (UTC), in every zone: Today holds it from the
    // 15th there, Overdue from the 16th there; never a day early or late.
    for step in 0...20 {
      let now = start.addingTimeInterval(Double(step) * 6 * 3600)
      home.server.clock.advance(to: now)
      for name in TimeZoneMatrix.names {
        let today = TimeZoneMatrix.day(of: now, in: TimeZoneMatrix.zone(name))
        for (kind, holds) in [("today", today >= "2026-12-15"), ("overdue", today > "2026-12-15")] {
          let answer = try await home.server.request(
            "GET", "/api/v1/smart-lists/\(kind)?tz=\(name)", headers: browser.readHeaders)
          #expect(answer.status == 200, "\(answer.text)")
          let texts = (try answer.json()["items"] as? [[String: Any]])?.compactMap {
            $0["text"] as? String
          }
          #expect(
            texts == (holds ? ["Renew passport"] : []), "\(kind) in \(name) on \(today) (\(now))")
        }
      }
    }
    // The object comes back as Apple wrote it.
    let get = try await client.request("GET", object)
    #expect(get.text == Self.appleReminder)
  }

  @Test("A due changed through the API is written to CalDAV as a date, a TZID time or UTC")
  func apiChangesReachCalDAV() async throws {
    let home = try await Household(start: CivilDay(year: 2026, month: 12, day: 1).startInUTC)
    let list = try home.lists("alice").createList(named: "Reminders")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let object = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/passport.ics"
    _ = try await client.put(object, Self.appleReminder, headers: ["If-None-Match": "*"])
    let browser = try await home.signIn("alice")
    let id = try #require(
      try home.lists("alice").checklistWithItems(id: list.id).1.first?.id.uuidString)
    func patch(_ body: [String: Any]) async throws -> String {
      let response = try await home.server.request(
        "PATCH", "/api/v1/items/\(id)", json: body, headers: browser.writeHeaders)
      #expect(response.status == 200, "\(response.text)")
      return try await client.request("GET", object).text
    }
    let berlin = try await patch([
      "due": ["dateTime": "2026-12-16T17:00:00Z", "timeZone": "Europe/Berlin"]
    ])
    #expect(berlin.contains("DUE;TZID=Europe/Berlin:20261216T180000\r\n"), "\(berlin)")
    #expect(berlin.contains("BEGIN:VTIMEZONE"))
    let day = try await patch(["due": ["date": "2026-12-20"]])
    #expect(day.contains("DUE;VALUE=DATE:20261220\r\n"), "\(day)")
    // Each reads back as what it is.
    let item = try await home.server.request(
      "GET", "/api/v1/items/\(id)", headers: browser.readHeaders)
    #expect(try item.json()["due"] as? [String: String] == ["date": "2026-12-20"])
  }

  /// The CalDAV fixtures of real clients, with the due date each means.
  static let fixtures: [(name: String, due: [String: String])] = [
    ("apple-ios-reminder", ["dateTime": "2025-11-22T08:00:00Z", "timeZone": "Europe/Berlin"]),
    ("tasksorg-davx5", ["date": "2025-11-23"]),
    ("thunderbird", ["dateTime": "2025-11-28T16:00:00Z", "timeZone": "Europe/Berlin"]),
    ("evolution", ["date": "2025-12-15"]),
  ]

  @Test(
    "Apple Reminders, Tasks.org, Thunderbird and Evolution: PUT, GET byte for byte, due as meant",
    arguments: fixtures.map(\.name))
  func fixturesThroughTheStore(name: String) async throws {
    let expected = try #require(Self.fixtures.first { $0.name == name }?.due)
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "ChecklistsCalDAVTests/Fixtures/\(name).ics")
    let text = try String(contentsOf: file, encoding: .utf8)
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Synced")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let object = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/\(name).ics"
    let put = try await client.put(object, text)
    #expect(put.status == 201, "\(put.text)")
    #expect(try await client.request("GET", object).text == text)
    let browser = try await home.signIn("alice")
    let items = try await home.server.request(
      "GET", "/api/v1/checklists/\(list.id.uuidString)/items", headers: browser.readHeaders)
    let item = try #require((try items.json()["items"] as? [[String: Any]])?.first)
    let due = try #require(item["due"] as? [String: Any])
    #expect(due.compactMapValues { $0 as? String } == expected)
    // Checking it off through the API changes the completion, not the DUE line (a repeating
    // one moves on instead).
    guard item["repeat"] is NSNull else { return }
    let id = try #require(item["id"] as? String)
    _ = try await home.server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: browser.writeHeaders)
    let after = try await client.request("GET", object).text
    let dueLine = { (text: String) in
      text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DUE") }
    }
    #expect(dueLine(after) == dueLine(text))
  }
}
