import Foundation
import Testing

@Suite("The JSON API: lists")
struct APIListsTests {
  @Test("All lists, with an ETag that changes with every change and a 304 while it doesn't")
  func allLists() async throws {
    let server = try TestServer()
    let first = try await server.get("/api/v1/checklists")
    #expect(first.status == 200)
    #expect(first.header("Content-Type") == "application/json")
    let lists = try #require(try first.json()["checklists"] as? [[String: Any]])
    #expect(lists.map { $0["name"] as? String } == ["List"])
    #expect(lists[0]["subtitle"] as? String == "(No Items)")
    #expect(lists[0]["icon"] as? String == "No Icon")
    let etag = try #require(first.header("ETag"))
    let unchanged = try await server.get("/api/v1/checklists", headers: ["If-None-Match": etag])
    #expect(unchanged.status == 304)
    _ = try await server.request("POST", "/api/v1/checklists", json: ["name": "Trips"])
    let changed = try await server.get("/api/v1/checklists", headers: ["If-None-Match": etag])
    #expect(changed.status == 200)
    #expect(changed.header("ETag") != etag)
  }

  @Test("Creating, renaming, re-iconing and deleting a list")
  func lifecycle() async throws {
    let server = try TestServer()
    let created = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "  Groceries ", "icon": "Groceries"])
    #expect(created.status == 201)
    let list = try created.json()
    let id = try #require(list["id"] as? String)
    #expect(list["name"] as? String == "Groceries")
    #expect(created.header("Location") == "/api/v1/checklists/\(id)")
    #expect(created.header("ETag") == "\"r1\"")

    let renamed = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["name": "Shop", "icon": "Trips"],
      headers: ["If-Match": "\"r1\""])
    #expect(renamed.status == 200)
    #expect(try renamed.json()["name"] as? String == "Shop")
    #expect(try renamed.json()["icon"] as? String == "Trips")
    #expect(renamed.header("ETag") == "\"r2\"")

    let stale = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["name": "Lost"], headers: ["If-Match": "\"r1\""])
    #expect(stale.status == 412)
    #expect(stale.header("Content-Type") == "application/problem+json")
    let fetched = try await server.get("/api/v1/checklists/\(id)")
    #expect(
      try fetched.json()["checklist"].flatMap { $0 as? [String: Any] }?["name"] as? String == "Shop"
    )

    #expect(try await server.request("DELETE", "/api/v1/checklists/\(id)").status == 204)
    let gone = try await server.get("/api/v1/checklists/\(id)")
    #expect(gone.status == 404)
    #expect(try gone.json()["detail"] as? String == "There is no list with id \(id).")
  }

  @Test("A name already taken is a 409 problem, and nothing is created")
  func duplicateName() async throws {
    let server = try TestServer()
    let conflict = try await server.request("POST", "/api/v1/checklists", json: ["name": "list"])
    #expect(conflict.status == 409)
    let problem = try conflict.json()
    #expect(problem["title"] as? String == "Conflict")
    #expect(problem["status"] as? Int == 409)
    #expect(problem["detail"] as? String == "A list named 'List' already exists.")
    #expect(try server.service.checklists().count == 1)
  }

  @Test("Icons, in Choose Icon's order")
  func icons() async throws {
    let server = try TestServer()
    let icons = try await server.get("/api/v1/icons").json()["icons"] as? [String]
    #expect(icons?.first == "No Icon")
    #expect(icons?.count == 10)
  }
}
