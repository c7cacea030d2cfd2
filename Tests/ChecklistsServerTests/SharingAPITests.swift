import ChecklistsCore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

@Suite("Sharing lists through the API")
struct SharingAPITests {
  @Test(
    "The owner shares at a role; the other user sees the list with the owner's name and acts within the role"
  )
  func shareAndAct() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let shopping = try home.shopping("alice")
    try shopping.addTutorialItems()
    let list = try shopping.findList("Shopping List")
    let pear = try shopping.findItem("Pear")
    try shopping.put(itemID: pear.id, onList: list.id)
    let base = "/api/v1/shopping-lists/\(list.id.uuidString)"

    let shared = try await home.server.request(
      "PUT", "/api/v1/shares/\(list.id.uuidString)/Bob", json: ["role": "viewer"],
      headers: alice.writeHeaders)
    #expect(shared.status == 200)
    #expect(try shared.json()["role"] as? String == "viewer")
    let bobsLists = try await home.server.get("/api/v1/shopping-lists", headers: bob.readHeaders)
    let entry = (try bobsLists.json()["lists"] as? [[String: Any]])?.first {
      $0["id"] as? String == list.id.uuidString
    }
    #expect(entry?["owner"] as? String == "alice")
    #expect(entry?["role"] as? String == "viewer")
    let mine = (try bobsLists.json()["lists"] as? [[String: Any]])?.first { $0["owner"] == nil }
    #expect(mine?["role"] == nil, "Bob's own list carries no owner or role")

    let check = try await home.server.request(
      "PATCH", "\(base)/entries/\(pear.id.uuidString)", json: ["inCart": true],
      headers: bob.writeHeaders)
    #expect(check.status == 403)
    #expect(check.text.contains("shared with you as viewer"))

    _ = try await home.server.request(
      "PUT", "/api/v1/shares/\(list.id.uuidString)/bob", json: ["role": "checker"],
      headers: alice.writeHeaders)
    let checked = try await home.server.request(
      "PATCH", "\(base)/entries/\(pear.id.uuidString)", json: ["inCart": true],
      headers: bob.writeHeaders)
    #expect(checked.status == 200)
    let rename = try await home.server.request(
      "PATCH", base, json: ["name": "Bob's now"], headers: bob.writeHeaders)
    #expect(rename.status == 403)

    let members = try await home.server.get(
      "/api/v1/shares/\(list.id.uuidString)", headers: alice.readHeaders)
    #expect(
      try members.json()["members"] as? [[String: String]] == [["user": "bob", "role": "checker"]])
    let sharedWithBob = try await home.server.get("/api/v1/shares", headers: bob.readHeaders)
    let first = (try sharedWithBob.json()["lists"] as? [[String: Any]])?.first
    #expect(first?["name"] as? String == "Shopping List")
    #expect(first?["kind"] as? String == "shoppingList")
    #expect(first?["owner"] as? String == "alice")

    // Bob leaves; the list is gone for him.
    let left = try await home.server.request(
      "DELETE", "/api/v1/shares/\(list.id.uuidString)", headers: bob.writeHeaders)
    #expect(left.status == 204)
    #expect(try await home.server.get(base, headers: bob.readHeaders).status == 404)
  }

  @Test("Bad shares are refused with clear messages")
  func badShares() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let list = try home.lists("alice").createList(named: "Chores")
    let path = "/api/v1/shares/\(list.id.uuidString)"
    let role = try await home.server.request(
      "PUT", "\(path)/bob", json: ["role": "admin"], headers: alice.writeHeaders)
    #expect(role.status == 422)
    #expect(role.text.contains("'admin' is not a role"))
    let nobody = try await home.server.request(
      "PUT", "\(path)/carol", json: ["role": "viewer"], headers: alice.writeHeaders)
    #expect(nobody.status == 404)
    #expect(nobody.text.contains("There is no user called 'carol'."))
    let me = try await home.server.request(
      "PUT", "\(path)/alice", json: ["role": "viewer"], headers: alice.writeHeaders)
    #expect(me.status == 422)
  }

  @Test("A new price from the owner reaches the shared list: its ETag moves and its total changes")
  func ownersPriceShows() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let shopping = try home.shopping("alice")
    try shopping.addTutorialItems()
    let list = try shopping.findList("Shopping List")
    let pear = try shopping.findItem("Pear")
    try shopping.put(itemID: pear.id, onList: list.id)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .viewer)
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)"
    let before = try await home.server.get(path, headers: bob.readHeaders)
    let etag = try #require(before.header("ETag"))

    let edit = try await home.server.request(
      "PATCH", "/api/v1/catalogue/\(pear.id.uuidString)", json: ["price": "1.00"],
      headers: alice.writeHeaders)
    #expect(edit.status == 200)
    var headers = bob.readHeaders
    headers["If-None-Match"] = etag
    let after = try await home.server.get(path, headers: headers)
    #expect(after.status == 200, "a 304 here would show Bob the old price")
    let totals = try #require(try after.json()["totals"] as? [String: Any])
    let total = (totals["total"] as? [[String: Any]])?.first?["amount"] as? String
    #expect(total == "1.00")
    let changes = try home.lists("bob").changes(after: 0).map(\.kind)
    #expect(changes.contains(.catalogueItemUpdated))
  }
}
