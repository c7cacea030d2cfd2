import Foundation
import Testing

@Suite("The JSON API: items")
struct APIItemsTests {
  static func makeList(_ server: TestServer, _ name: String = "Groceries") async throws -> String {
    let created = try await server.request("POST", "/api/v1/checklists", json: ["name": name])
    return try #require(try created.json()["id"] as? String)
  }

  static func addItem(_ server: TestServer, _ list: String, _ body: [String: Any]) async throws
    -> [String: Any]
  {
    let response = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: body)
    #expect(response.status == 201, "\(response.text)")
    return try response.json()
  }

  @Test("Adding, checking and deleting items moves the counts")
  func counts() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    let milk = try await Self.addItem(server, list, ["text": "Milk"])
    let eggs = try await Self.addItem(
      server, list, ["text": "Eggs", "dueDate": "2030-01-02T03:04:05+01:00", "remind": true])
    #expect(eggs["dueDate"] as? String == "2030-01-02T02:04:05Z")
    #expect(eggs["reminderDate"] as? String == "2030-01-02T02:04:00Z")
    var summary = try await server.get("/api/v1/checklists/\(list)").json()
    var checklist = try #require(summary["checklist"] as? [String: Any])
    #expect(checklist["subtitle"] as? String == "2 Remaining")
    let milkID = try #require(milk["id"] as? String)
    let toggled = try await server.request("POST", "/api/v1/items/\(milkID)/toggle")
    #expect(try toggled.json()["checked"] as? Bool == true)
    let eggsID = try #require(eggs["id"] as? String)
    let checked = try await server.request(
      "PATCH", "/api/v1/items/\(eggsID)", json: ["checked": true])
    #expect(checked.status == 200)
    summary = try await server.get("/api/v1/checklists/\(list)").json()
    checklist = try #require(summary["checklist"] as? [String: Any])
    #expect(checklist["subtitle"] as? String == "All Done!")
    #expect(try await server.request("DELETE", "/api/v1/items/\(milkID)").status == 204)
    #expect(try await server.get("/api/v1/items/\(milkID)").status == 404)
    let items =
      try await server.get("/api/v1/checklists/\(list)/items").json()["items"] as? [[String: Any]]
    #expect(items?.map { $0["text"] as? String } == ["Eggs"])
  }

  @Test("Two devices editing one item: the second gets 412 and loses nothing silently")
  func twoDevices() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    let item = try await Self.addItem(server, list, ["text": "Milk"])
    let id = try #require(item["id"] as? String)
    let read = try await server.get("/api/v1/items/\(id)")
    let etag = try #require(read.header("ETag"))
    let phone = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["text": "Oat milk"], headers: ["If-Match": etag])
    #expect(phone.status == 200)
    // The same field: a stale edit of another field merges (FieldMergeTests).
    let laptop = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["text": "Soy milk", "checked": true],
      headers: ["If-Match": etag])
    #expect(laptop.status == 412)
    let now = try await server.get("/api/v1/items/\(id)").json()
    #expect(now["text"] as? String == "Oat milk")
    #expect(now["checked"] as? Bool == false)
    let retry = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true],
      headers: ["If-Match": phone.header("ETag")!])
    #expect(retry.status == 200)
    #expect(
      try await server.get("/api/v1/items/\(id)", headers: ["If-None-Match": retry.header("ETag")!])
        .status == 304)
  }

  @Test("Moving an item keeps everyone else's order")
  func move() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    var ids: [String] = []
    for text in ["A", "B", "C", "D"] {
      ids.append(
        try #require(try await Self.addItem(server, list, ["text": text])["id"] as? String))
    }
    let moved = try await server.request("POST", "/api/v1/items/\(ids[3])/move", json: ["index": 0])
    #expect(moved.status == 200)
    _ = try await server.request("POST", "/api/v1/items/\(ids[0])/move", json: ["index": 99])
    let items =
      try await server.get("/api/v1/checklists/\(list)").json()["items"] as? [[String: Any]]
    #expect(items?.map { $0["text"] as? String } == ["D", "B", "C", "A"])
  }

  @Test("Remind Me without a due date is a 422 naming the rule")
  func remindNeedsDate() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    let response = try await server.request(
      "POST", "/api/v1/checklists/\(list)/items", json: ["text": "Call", "remind": true])
    #expect(response.status == 422)
    #expect(try response.json()["detail"] as? String == "Remind Me needs a due date.")
  }

  @Test("Due items, import and export")
  func filesAndDue() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    _ = try await Self.addItem(
      server, list, ["text": "Overdue", "dueDate": "2020-01-01T09:00:00Z", "remind": true])
    let due = try await server.get("/api/v1/due").json()["items"] as? [[String: Any]]
    #expect(due?.map { $0["text"] as? String } == ["Overdue"])
    #expect(due?.first?["checklist"] as? String == "Groceries")
    let backup = try await server.get("/api/v1/export")
    #expect(backup.status == 200)
    #expect(
      backup.header("Content-Disposition") == "attachment; filename=\"checklists-backup.json\"")
    let plist = try await server.get("/api/v1/export?format=ios-plist")
    #expect(plist.body.prefix(8) == Data("bplist00".utf8))
    let again = try await server.request(
      "POST", "/api/v1/import", body: plist.body, headers: ["Content-Type": "application/x-plist"])
    #expect(again.status == 200)
    #expect((try again.json()["report"] as? [String: Any])?["itemsAdded"] as? Int == 0)
    let foreign = try await server.request(
      "POST", "/api/v1/import", body: Data("hello".utf8), headers: ["Content-Type": "text/plain"])
    #expect(foreign.status == 422)
  }

  @Test("An item's ETag changes when its reminder passes, since its JSON does")
  func reminderInETag() async throws {
    let server = try TestServer()  // the clock stands at 2027-01-15T08:00:00Z
    let list = try await Self.makeList(server)
    let item = try await Self.addItem(
      server, list, ["text": "Call", "dueDate": "2027-01-15T08:01:30Z", "remind": true])
    let id = try #require(item["id"] as? String)
    let before = try await server.get("/api/v1/items/\(id)")
    let etag = try #require(before.header("ETag"))
    #expect(try before.json()["reminderDate"] as? String == "2027-01-15T08:01:00Z")
    #expect(
      try await server.get("/api/v1/items/\(id)", headers: ["If-None-Match": etag]).status == 304)
    server.clock.advance(by: 120)
    let after = try await server.get("/api/v1/items/\(id)", headers: ["If-None-Match": etag])
    #expect(after.status == 200)
    #expect(try after.json()["reminderDate"] is NSNull)
    #expect(after.header("ETag") != etag)
    let listAfter = try await server.get("/api/v1/checklists/\(list)")
    let listItems = try #require(try listAfter.json()["items"] as? [[String: Any]])
    #expect(listItems[0]["reminderDate"] is NSNull)
    // A tag that names the same revision still works as a precondition.
    let edit = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["text": "Call back"], headers: ["If-Match": etag])
    #expect(edit.status == 200)
  }

  @Test("A weak tag never satisfies If-Match (strong comparison)")
  func weakIfMatch() async throws {
    let server = try TestServer()
    let list = try await Self.makeList(server)
    let item = try await Self.addItem(server, list, ["text": "Milk"])
    let id = try #require(item["id"] as? String)
    let etag = try #require(try await server.get("/api/v1/items/\(id)").header("ETag"))
    let weak = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: ["If-Match": "W/" + etag])
    #expect(weak.status == 412)
    let strong = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: ["If-Match": etag])
    #expect(strong.status == 200)
    // If-None-Match compares weakly.
    let now = try #require(strong.header("ETag"))
    #expect(
      try await server.get("/api/v1/items/\(id)", headers: ["If-None-Match": "W/" + now]).status
        == 304)
  }
}
