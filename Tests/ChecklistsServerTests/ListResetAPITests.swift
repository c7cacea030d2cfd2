import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// Resetting a reusable list on a real server: `POST /api/v1/checklists/{id}/uncheck-all` and
/// `…/clear-checked`, and the list's `hideChecked` setting.
@Suite("The JSON API: uncheck all, clear checked, hide checked")
struct ListResetAPITests {
  /// A list "Packing" with Passport and Charger checked, Socks not; its path.
  static func packing(_ server: TestServer) async throws -> String {
    let created = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Packing"])
    let id = try #require(try created.json()["id"] as? String)
    for (text, checked) in [("Passport", true), ("Socks", false), ("Charger", true)] {
      let added = try await server.request(
        "POST", "/api/v1/checklists/\(id)/items", json: ["text": text, "checked": checked])
      #expect(added.status == 201, "\(added.text)")
    }
    return "/api/v1/checklists/\(id)"
  }

  /// The texts and checkmarks of a `ChecklistWithItems` body.
  static func rows(_ body: [String: Any]) -> [String] {
    (body["items"] as? [[String: Any]] ?? []).map {
      ($0["checked"] as? Bool == true ? "x " : "o ") + ($0["text"] as? String ?? "?")
    }
  }

  static func checklist(_ body: [String: Any]) -> [String: Any] {
    body["checklist"] as? [String: Any] ?? [:]
  }

  @Test("Uncheck all answers the list as GET does, and a second one writes nothing")
  func uncheckAll() async throws {
    let server = try TestServer()
    let path = try await Self.packing(server)
    let reset = try await server.request("POST", path + "/uncheck-all")
    #expect(reset.status == 200, "\(reset.text)")
    let body = try reset.json()
    #expect(Self.rows(body) == ["o Passport", "o Socks", "o Charger"])
    #expect(Self.checklist(body)["remainingCount"] as? Int == 3)
    #expect(Self.checklist(body)["subtitle"] as? String == "3 Remaining")
    let fetched = try await server.get(path)
    #expect(reset.header("ETag") == fetched.header("ETag"))
    #expect(reset.body == fetched.body, "the answer is GET's body")

    let feed = try await server.get("/api/v1/changes?since=now").json()["next"] as! String
    let again = try await server.request(
      "POST", path + "/uncheck-all", headers: ["If-Match": reset.header("ETag")!])
    #expect(again.status == 200)
    #expect(again.header("ETag") == reset.header("ETag"))
    #expect(again.body == reset.body)
    let changes = try await server.get("/api/v1/changes?since=\(feed)").json()
    #expect((changes["changes"] as? [Any])?.isEmpty == true, "nothing logged: \(changes)")
  }

  @Test("Clear checked deletes the checked items in one change that other devices see")
  func clearChecked() async throws {
    let server = try TestServer()
    let path = try await Self.packing(server)
    let before = try await server.get(path).json()
    let ids = (before["items"] as! [[String: Any]]).map { $0["id"] as! String }
    let cursor = try await server.get("/api/v1/changes?since=now").json()["next"] as! String
    let cleared = try await server.request("POST", path + "/clear-checked")
    #expect(cleared.status == 200, "\(cleared.text)")
    #expect(Self.rows(try cleared.json()) == ["o Socks"])
    #expect(Self.checklist(try cleared.json())["itemCount"] as? Int == 1)
    let fetched = try await server.get(path)
    #expect(cleared.header("ETag") == fetched.header("ETag"))
    #expect(cleared.body == fetched.body)
    #expect(try await server.get("/api/v1/items/\(ids[0])").status == 404)
    // The feed says so: the list, whole, as it is now.
    let changes = try await server.get("/api/v1/changes?since=\(cursor)").json()
    let entries = try #require(changes["changes"] as? [[String: Any]])
    #expect(entries.map { $0["kind"] as? String } == ["checklist"], "\(entries)")
    let state = try #require(entries.first?["state"] as? [String: Any])
    #expect(Self.rows(state) == ["o Socks"])
    // Once more: nothing to clear, nothing written, the same ETag.
    let next = try #require(changes["next"] as? String)
    let again = try await server.request("POST", path + "/clear-checked")
    #expect(again.status == 200)
    #expect(again.header("ETag") == cleared.header("ETag"))
    let after = try await server.get("/api/v1/changes?since=\(next)").json()
    #expect((after["changes"] as? [Any])?.isEmpty == true, "\(after)")
    // A replayed create of a cleared item does not bring it back.
    let replay = try await server.request(
      "POST", path + "/items", json: ["id": ids[0], "text": "Passport", "checked": true])
    #expect(replay.status == 409, "\(replay.text)")
  }

  @Test("A stale If-Match is 412 while there is something to reset; a missing list is 404")
  func preconditions() async throws {
    let server = try TestServer()
    let path = try await Self.packing(server)
    let etag = try #require(try await server.get(path).header("ETag"))
    _ = try await server.request("POST", path + "/items", json: ["text": "Hat", "checked": true])
    for action in ["/uncheck-all", "/clear-checked"] {
      let stale = try await server.request("POST", path + action, headers: ["If-Match": etag])
      #expect(stale.status == 412, "\(action): \(stale.text)")
    }
    #expect(Self.rows(try await server.get(path).json()).filter { $0.hasPrefix("x") }.count == 3)
    let missing = try await server.request(
      "POST", "/api/v1/checklists/\(UUID().uuidString)/uncheck-all")
    #expect(missing.status == 404)
  }

  @Test("A checker may uncheck all but not clear; an editor may clear; a viewer neither")
  func roles() async throws {
    let home = try await Household()
    let alice = try home.lists("alice")
    let sharing = try home.sharing("alice")
    let token = try home.accounts.createAPIToken(userName: "bob", name: "phone").1.value
    let bob = ["Authorization": "Bearer \(token)"]
    var paths: [ShareRole: String] = [:]
    for role in [ShareRole.viewer, .checker, .editor] {
      let list = try alice.createList(named: "Shared \(role.rawValue)")
      try alice.setChecked(true, itemID: alice.addItem("Tent", to: list.id).id)
      try sharing.share(listID: list.id, with: "bob", role: role)
      paths[role] = "/api/v1/checklists/\(list.id.uuidString)"
    }
    let expected: [(ShareRole, String, Int)] = [
      (.viewer, "/uncheck-all", 403), (.viewer, "/clear-checked", 403),
      (.checker, "/clear-checked", 403), (.checker, "/uncheck-all", 200),
      (.editor, "/clear-checked", 200),
    ]
    for (role, action, status) in expected {
      let answer = try await home.server.request("POST", paths[role]! + action, headers: bob)
      #expect(answer.status == status, "\(role) \(action): \(answer.text)")
    }
  }

  @Test("hideChecked: false by default, set on create, PATCHed and merged like name and icon")
  func hideChecked() async throws {
    let server = try TestServer()
    let created = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Chores", "hideChecked": true])
    #expect(created.status == 201, "\(created.text)")
    #expect(try created.json()["hideChecked"] as? Bool == true)
    let id = try #require(try created.json()["id"] as? String)
    let plain = try await server.request("POST", "/api/v1/checklists", json: ["name": "Plain"])
    #expect(try plain.json()["hideChecked"] as? Bool == false)
    // A replayed create must say the same.
    let replay = try await server.request(
      "POST", "/api/v1/checklists", json: ["id": id, "name": "Chores", "hideChecked": false])
    #expect(replay.status == 409, "\(replay.text)")
    let same = try await server.request(
      "POST", "/api/v1/checklists", json: ["id": id, "name": "Chores", "hideChecked": true])
    #expect(same.status == 200, "\(same.text)")

    let read = try #require(created.header("ETag"))
    let phone = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["hideChecked": false],
      headers: ["If-Match": read])
    #expect(phone.status == 200, "\(phone.text)")
    #expect(try phone.json()["hideChecked"] as? Bool == false)
    // Another device renames from the same revision: merged, both kept.
    let laptop = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["name": "House"], headers: ["If-Match": read])
    #expect(laptop.status == 200, "\(laptop.text)")
    #expect(try laptop.json()["hideChecked"] as? Bool == false)
    // A third sets hideChecked again from the old revision: that field changed since.
    let tablet = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["hideChecked": true],
      headers: ["If-Match": read])
    #expect(tablet.status == 412, "\(tablet.text)")
    let conflicts = try tablet.json()["conflicts"] as? [[String: Any]]
    #expect(conflicts?.map { $0["field"] as? String } == ["hideChecked"])
    let list = Self.checklist(try await server.get("/api/v1/checklists/\(id)").json())
    #expect(list["hideChecked"] as? Bool == false)
    #expect(list["name"] as? String == "House")
    let bad = try await server.request(
      "PATCH", "/api/v1/checklists/\(id)", json: ["hideChecked": "yes"])
    #expect(bad.status == 422, "\(bad.text)")
  }
}
