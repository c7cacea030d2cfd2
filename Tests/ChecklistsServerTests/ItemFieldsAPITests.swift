import Foundation
import Testing

/// Notes, flags, priorities, subtasks, repeats and history through the JSON API, on a real
/// server.
@Suite("The JSON API: the item's new fields")
struct ItemFieldsAPITests {
  static func add(_ server: TestServer, _ list: String, _ body: [String: Any]) async throws
    -> [String: Any]
  {
    try await APIItemsTests.addItem(server, list, body)
  }

  @Test("POST and PATCH take notes, flag, priority, parent and repeat; GET shows them")
  func fields() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Chores")
    let bins = try await Self.add(
      server, list,
      [
        "text": "Bins", "notes": "Green first\nthen blue", "flagged": true, "priority": "high",
        "repeat": "FREQ=WEEKLY;BYDAY=MO,TH", "dueDate": "2027-01-18T07:00:00Z",
      ])
    #expect(bins["notes"] as? String == "Green first\nthen blue")
    #expect(bins["flagged"] as? Bool == true)
    #expect(bins["priority"] as? String == "high")
    #expect(bins["repeat"] as? String == "FREQ=WEEKLY;BYDAY=MO,TH")
    #expect(bins["repeatDescription"] as? String == "Every week on Monday and Thursday")
    #expect(bins["parentID"] is NSNull)
    #expect(bins["subtaskCount"] as? Int == 0)
    let binsID = try #require(bins["id"] as? String)
    let lid = try await Self.add(server, list, ["text": "Lid", "parentID": binsID])
    #expect(lid["parentID"] as? String == binsID)

    let read = try await server.get("/api/v1/items/\(binsID)").json()
    #expect(read["subtaskCount"] as? Int == 1)
    #expect(read["checkedSubtaskCount"] as? Int == 0)

    let patched = try await server.request(
      "PATCH", "/api/v1/items/\(binsID)",
      json: ["notes": "", "flagged": false, "priority": "low", "repeat": NSNull()])
    #expect(patched.status == 200, "\(patched.text)")
    let body = try patched.json()
    #expect(body["notes"] as? String == "" && body["flagged"] as? Bool == false)
    #expect(body["priority"] as? String == "low")
    #expect(body["repeat"] is NSNull && body["repeatDescription"] is NSNull)

    let lidID = try #require(lid["id"] as? String)
    let top = try await server.request(
      "PATCH", "/api/v1/items/\(lidID)", json: ["parentID": NSNull()])
    #expect(try top.json()["parentID"] is NSNull)
  }

  @Test("Bad values are 422 with a message naming the problem")
  func badValues() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Chores")
    let bins = try await Self.add(server, list, ["text": "Bins"])
    let binsID = try #require(bins["id"] as? String)
    let lid = try await Self.add(server, list, ["text": "Lid", "parentID": binsID])
    let lidID = try #require(lid["id"] as? String)
    let cases: [([String: Any], String)] = [
      (["repeat": "FREQ=HOURLY"], "'repeat'"),
      (["priority": "urgent"], "none, low, medium, high"),
      (["notes": String(repeating: "x", count: 10_001)], "10,000"),
      (["parentID": lidID], "subtasks go one level deep"),
      (["checkSubtasks": true], "'checked': true"),
    ]
    for (body, needle) in cases {
      let response = try await server.request("PATCH", "/api/v1/items/\(binsID)", json: body)
      #expect(response.status == 422, "\(body.keys): \(response.text)")
      #expect(response.text.contains(needle), "\(response.text)")
    }
    let nested = try await server.request(
      "POST", "/api/v1/checklists/\(list)/items", json: ["text": "Deep", "parentID": lidID])
    #expect(nested.status == 422)
    #expect(nested.text.contains("'Lid' is itself a subtask"), "\(nested.text)")
  }

  @Test("checkSubtasks checks the parent and its subtasks; the list shows them after it")
  func checkSubtasks() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Party")
    let cake = try await Self.add(server, list, ["text": "Cake"])
    let cakeID = try #require(cake["id"] as? String)
    _ = try await Self.add(server, list, ["text": "Music"])
    _ = try await Self.add(server, list, ["text": "Flour", "parentID": cakeID])
    _ = try await Self.add(server, list, ["text": "Eggs", "parentID": cakeID])
    let checked = try await server.request(
      "PATCH", "/api/v1/items/\(cakeID)", json: ["checked": true, "checkSubtasks": true])
    #expect(checked.status == 200, "\(checked.text)")
    #expect(try checked.json()["checkedSubtaskCount"] as? Int == 2)
    let items = try #require(
      try await server.get("/api/v1/checklists/\(list)").json()["items"] as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["Cake", "Flour", "Eggs", "Music"])
    #expect(items.map { $0["checked"] as? Bool } == [true, true, true, false])
  }

  @Test("Toggling a repeating item advances it; its history lists the completion")
  func repeatAndHistory() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Chores")
    let plants = try await Self.add(
      server, list,
      ["text": "Water plants", "repeat": "FREQ=DAILY", "dueDate": "2027-01-16T08:00:00Z"])
    let id = try #require(plants["id"] as? String)
    let etag = try #require(try await server.get("/api/v1/items/\(id)").header("ETag"))
    let toggled = try await server.request("POST", "/api/v1/items/\(id)/toggle")
    #expect(toggled.status == 200)
    let body = try toggled.json()
    #expect(body["checked"] as? Bool == false)
    #expect(body["dueDate"] as? String == "2027-01-17T08:00:00Z")
    // The same check, replayed against the revision it was made on: a conflict, no advance.
    let replay = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: ["If-Match": etag])
    #expect(replay.status == 412, "\(replay.text)")
    let history = try await server.get("/api/v1/items/\(id)/history")
    #expect(history.status == 200)
    let completions = try #require(try history.json()["completions"] as? [[String: Any]])
    #expect(completions.count == 1)
    #expect(completions.first?["dueDate"] as? String == "2027-01-16T08:00:00Z")
    #expect(completions.first?["completedAt"] as? String == "2027-01-15T08:00:00Z")
    #expect(try await server.get("/api/v1/items/\(UUID().uuidString)/history").status == 404)
  }

  @Test("The change feed carries the new fields")
  func changeFeed() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Chores")
    let head = try #require(
      try await server.get("/api/v1/changes?since=now").json()["next"] as? String)
    let bins = try await Self.add(
      server, list, ["text": "Bins", "notes": "Tuesday", "flagged": true, "priority": "medium"])
    let binsID = try #require(bins["id"] as? String)
    _ = try await Self.add(server, list, ["text": "Lid", "parentID": binsID])
    let page = try await server.get("/api/v1/changes?since=\(head)").json()
    let entries = try #require(page["changes"] as? [[String: Any]])
    let states = entries.compactMap { $0["state"] as? [String: Any] }
    let binsState = try #require(states.first { $0["id"] as? String == binsID })
    #expect(binsState["notes"] as? String == "Tuesday")
    #expect(binsState["flagged"] as? Bool == true)
    #expect(binsState["priority"] as? String == "medium")
    let lidState = try #require(states.first { $0["text"] as? String == "Lid" })
    #expect(lidState["parentID"] as? String == binsID)
  }

  @Test("Deleting a parent deletes its subtasks")
  func deleteParent() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Party")
    let cake = try await Self.add(server, list, ["text": "Cake"])
    let cakeID = try #require(cake["id"] as? String)
    let flour = try await Self.add(server, list, ["text": "Flour", "parentID": cakeID])
    #expect(try await server.request("DELETE", "/api/v1/items/\(cakeID)").status == 204)
    let flourID = try #require(flour["id"] as? String)
    #expect(try await server.get("/api/v1/items/\(flourID)").status == 404)
  }
}
