import ChecklistsCore
import ChecklistsSQLStore
import Foundation
import Testing

/// Writes that a client may send twice, late or out of order, on a real server over a real
/// socket: creates with the client's id, moves after an item, states instead of flips, and
/// deletes of what is already gone. docs/SYNC.md's table of conflicts cites these tests.
@Suite("Writes that are safe to replay")
struct ReplayTests {
  /// What a create sends, and where, for each kind a client may choose the id of.
  static func creates(_ server: TestServer) async throws -> [(path: String, body: [String: Any])] {
    let list = try await APIItemsTests.makeList(server, "Pantry")
    return [
      ("/api/v1/checklists", ["name": "Groceries", "icon": "Groceries"]),
      ("/api/v1/checklists/\(list)/items", ["text": "Milk", "dueDate": "2030-01-02T03:04:05Z"]),
      ("/api/v1/catalogue", ["name": "Oat milk", "price": "1.49", "unit": "1 l"]),
      ("/api/v1/shopping-lists", ["name": "Market"]),
    ]
  }

  @Test("A create sent twice with its id: 201, then 200 with the same thing and ETag, nothing new")
  func replayedCreate() async throws {
    let server = try TestServer()
    for (path, content) in try await Self.creates(server) {
      let id = UUID().uuidString
      var body = content
      body["id"] = id
      let first = try await server.request("POST", path, json: body)
      #expect(first.status == 201, "\(path): \(first.text)")
      #expect(try first.json()["id"] as? String == id)
      let sequence = try server.service.lastChangeSequence()
      let again = try await server.request("POST", path, json: body)
      #expect(again.status == 200, "\(path): \(again.text)")
      #expect(again.body == first.body, "\(path)")
      #expect(again.header("ETag") == first.header("ETag"), "\(path)")
      #expect(again.header("Location") == first.header("Location"), "\(path)")
      #expect(try server.service.lastChangeSequence() == sequence, "\(path): logged again")
    }
    let lists = try await server.get("/api/v1/checklists").json()["checklists"] as? [[String: Any]]
    #expect(lists?.filter { $0["name"] as? String == "Groceries" }.count == 1)
  }

  @Test("The same id with other content, another kind's or a deleted thing's id: 409 naming it")
  func createWithTakenID() async throws {
    let server = try TestServer()
    let creates = try await Self.creates(server)
    let id = UUID().uuidString
    var body = creates[0].body
    body["id"] = id
    #expect(try await server.request("POST", creates[0].path, json: body).status == 201)
    body["name"] = "Hardware"
    let other = try await server.request("POST", creates[0].path, json: body)
    #expect(other.status == 409)
    #expect(other.header("Content-Type") == "application/problem+json")
    #expect(
      try other.json()["detail"] as? String
        == "A list with id \(id) already exists with other content: 'name' is \"Groceries\" "
        + "(this request: \"Hardware\").")
    for (path, content) in creates.dropFirst() {
      var body = content
      body["id"] = id
      let taken = try await server.request("POST", path, json: body)
      #expect(taken.status == 409, "\(path)")
      #expect(
        try taken.json()["detail"] as? String
          == "The id \(id) is already taken; choose another id.", "\(path)")
    }
    #expect(try await server.request("DELETE", "/api/v1/checklists/\(id)").status == 204)
    body["name"] = "Groceries"
    let deleted = try await server.request("POST", creates[0].path, json: body)
    #expect(deleted.status == 409)
    #expect(
      try deleted.json()["detail"] as? String
        == "The list with id \(id) was deleted; a create with its id does not bring it back. "
        + "Choose a new id to make it again.")
    for bad: Any in ["milk", 42, true] {
      let refused = try await server.request(
        "POST", "/api/v1/checklists", json: ["name": "Trips", "id": bad])
      #expect(refused.status == 422)
      let detail = try refused.json()["detail"] as? String
      #expect(detail?.hasPrefix("The field 'id' must be a UUID") == true, "\(detail ?? "")")
    }
  }

  @Test("Another user's id is 409 'taken', and says nothing of what holds it")
  func otherUsersID() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let id = UUID().uuidString
    let made = try await home.server.request(
      "POST", "/api/v1/checklists", json: ["name": "Secret plans", "id": id],
      headers: alice.writeHeaders)
    #expect(made.status == 201)
    let taken = try await home.server.request(
      "POST", "/api/v1/checklists", json: ["name": "Secret plans", "id": id],
      headers: bob.writeHeaders)
    #expect(taken.status == 409)
    #expect(
      try taken.json()["detail"] as? String == "The id \(id) is already taken; choose another id.")
    #expect(try home.lists("bob").checklists().isEmpty)
  }

  @Test("A DELETE sent twice, or by two clients: 204, then 404 'already deleted' for each kind")
  func replayedDelete() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await APIItemsTests.makeList(server)
    let item = try #require(
      try await APIItemsTests.addItem(server, list, ["text": "Milk"])["id"] as? String)
    let catalogue = try #require(
      try await server.request("POST", "/api/v1/catalogue", json: ["name": "Oat milk"])
        .json()["id"] as? String)
    let market = try #require(
      try await server.request("POST", "/api/v1/shopping-lists", json: ["name": "Market"])
        .json()["id"] as? String)
    let entry = try await server.request(
      "POST", "/api/v1/shopping-lists/\(market)/entries", json: ["name": "Bread"])
    let bread = try #require(
      ((try entry.json()["line"] as? [String: Any])?["item"] as? [String: Any])?["id"] as? String)
    let deletes: [(path: String, detail: String)] = [
      (
        "/api/v1/items/\(item)",
        "There is no item with id \(item): it does not exist or was already deleted."
      ),
      (
        "/api/v1/shopping-lists/\(market)/entries/\(bread)",
        "'Bread' is not on the shopping list 'Market': it was never put on it or was already taken off."
      ),
      (
        "/api/v1/catalogue/\(catalogue)",
        "There is no catalogue item with id \(catalogue): it does not exist or was already deleted."
      ),
      (
        "/api/v1/shopping-lists/\(market)",
        "There is no shopping list with id \(market): it does not exist or was already deleted."
      ),
      (
        "/api/v1/checklists/\(list)",
        "There is no list with id \(list): it does not exist or was already deleted."
      ),
    ]
    for (path, detail) in deletes {
      let first = try await server.request("DELETE", path)
      #expect(first.status == 204 || first.status == 200, "\(path): \(first.text)")
      let sequence = try server.service.lastChangeSequence()
      // The replay, with and without the ETag the client had.
      for headers in [[:], ["If-Match": "\"1\""]] {
        let again = try await server.request("DELETE", path, headers: headers)
        #expect(again.status == 404, "\(path) \(headers)")
        #expect(try again.json()["detail"] as? String == detail, "\(path) \(headers)")
      }
      #expect(try server.service.lastChangeSequence() == sequence, "\(path)")
    }
  }

  @Test("Deleting another user's list reads exactly as deleting one that is gone")
  func deleteOfOthersReadsAsGone() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let list = try home.lists("alice").createList(named: "Secret plans")
    let path = "/api/v1/checklists/\(list.id.uuidString)"
    let bobs = try await home.server.request("DELETE", path, headers: bob.writeHeaders)
    #expect(bobs.status == 404)
    #expect(try home.lists("alice").checklist(id: list.id).name == "Secret plans")
    #expect(
      try await home.server.request("DELETE", path, headers: alice.writeHeaders).status == 204)
    let gone = try await home.server.request("DELETE", path, headers: alice.writeHeaders)
    #expect(gone.status == 404)
    #expect(try bobs.json()["detail"] as? String == (try gone.json()["detail"] as? String))
  }

  @Test("An item added to a list deleted meanwhile: 404 saying the list is gone, nothing added")
  func itemAddedToDeletedList() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server)
    #expect(try await server.request("DELETE", "/api/v1/checklists/\(list)").status == 204)
    let sequence = try server.service.lastChangeSequence()
    for body: [String: Any] in [["text": "Milk"], ["text": "Milk", "id": UUID().uuidString]] {
      let late = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: body)
      #expect(late.status == 404)
      #expect(
        try late.json()["detail"] as? String
          == "There is no list with id \(list): it does not exist or was deleted, so the item "
          + "was not added.")
    }
    #expect(try server.service.lastChangeSequence() == sequence)
  }

  @Test("The same name added twice to the catalogue or a shopping list is one item: 201, then 200")
  func sameNameTwice() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let first = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Oat milk", "unit": "1 l"])
    #expect(first.status == 201)
    let second = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "oat milk", "id": UUID().uuidString])
    #expect(second.status == 200, "\(second.text)")
    #expect(try second.json()["id"] as? String == (try first.json()["id"] as? String))
    let other = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Oat milk", "unit": "500 ml"])
    #expect(other.status == 409)
    #expect(
      try other.json()["detail"] as? String
        == "The catalogue already has an item called 'Oat milk' with other details: 'unit' is "
        + "\"1 l\" (this request: \"500 ml\").")

    let market = try #require(
      try await server.request("POST", "/api/v1/shopping-lists", json: ["name": "Market"])
        .json()["id"] as? String)
    let path = "/api/v1/shopping-lists/\(market)/entries"
    let put = try await server.request("POST", path, json: ["name": "Bread"])
    #expect(put.status == 201)
    let again = try await server.request("POST", path, json: ["name": "bread"])
    #expect(again.status == 200)
    func itemID(_ response: TestServer.Response) throws -> String? {
      ((try response.json()["line"] as? [String: Any])?["item"] as? [String: Any])?["id"]
        as? String
    }
    #expect(try itemID(again) != nil && itemID(again) == itemID(put))
    let contents = try await server.get("/api/v1/shopping-lists/\(market)").json()
    #expect((contents["lines"] as? [[String: Any]])?.count == 1, "\(contents)")
    let catalogue = try await server.get("/api/v1/catalogue").json()["items"] as? [[String: Any]]
    #expect(catalogue?.filter { ($0["name"] as? String)?.lowercased() == "bread" }.count == 1)
  }

  /// The list's item texts in order, joined.
  static func order(_ server: TestServer, _ list: String) async throws -> String {
    let items =
      try await server.get("/api/v1/checklists/\(list)/items").json()["items"] as? [[String: Any]]
    return (items ?? []).compactMap { $0["text"] as? String }.joined()
  }

  static func letters(_ server: TestServer, _ letters: String) async throws
    -> (String, [Character: String])
  {
    let list = try await APIItemsTests.makeList(server, "Letters")
    var ids: [Character: String] = [:]
    for letter in letters {
      ids[letter] =
        try await APIItemsTests.addItem(server, list, ["text": String(letter)])["id"]
        as? String
    }
    return (list, ids)
  }

  static func move(_ server: TestServer, _ id: String?, after other: String?) async throws
    -> TestServer.Response
  {
    try await server.request(
      "POST", "/api/v1/items/\(id!)/move", json: ["after": other.map { $0 as Any } ?? NSNull()])
  }

  @Test("A move replayed after other moves lands right after the same item again")
  func replayedMove() async throws {
    let server = try TestServer()
    let (list, ids) = try await Self.letters(server, "ABCDE")
    let moved = try await Self.move(server, ids["E"], after: ids["A"])
    #expect(moved.status == 200, "\(moved.text)")
    #expect(try await Self.order(server, list) == "AEBCD")
    #expect(try await Self.move(server, ids["A"], after: ids["D"]).status == 200)
    #expect(try await Self.move(server, ids["C"], after: nil).status == 200)
    #expect(try await Self.order(server, list) == "CEBDA")
    let replayed = try await Self.move(server, ids["E"], after: ids["A"])
    #expect(replayed.status == 200)
    #expect(try await Self.order(server, list) == "CBDAE")
    let sequence = try server.service.lastChangeSequence()
    let again = try await Self.move(server, ids["E"], after: ids["A"])
    #expect(again.status == 200)
    #expect(again.header("ETag") == replayed.header("ETag"))
    #expect(try server.service.lastChangeSequence() == sequence)
    // `index` stays, for scripts.
    let byIndex = try await server.request(
      "POST", "/api/v1/items/\(ids["E"]!)/move", json: ["index": 0])
    #expect(byIndex.status == 200)
    #expect(try await Self.order(server, list) == "ECBDA")
  }

  @Test("Two clients move the same item: the last move wins, the others keep their order")
  func moveMove() async throws {
    let server = try TestServer()
    let (list, ids) = try await Self.letters(server, "ABCD")
    // The phone puts D after A; the laptop, not having seen it, puts D first.
    #expect(try await Self.move(server, ids["D"], after: ids["A"]).status == 200)
    #expect(try await Self.move(server, ids["D"], after: nil).status == 200)
    #expect(try await Self.order(server, list) == "DABC")
    // And the other way round.
    #expect(try await Self.move(server, ids["D"], after: nil).status == 200)
    #expect(try await Self.move(server, ids["D"], after: ids["B"]).status == 200)
    #expect(try await Self.order(server, list) == "ABDC")
  }

  @Test("A move needs one of 'after' and 'index', and an item of the same list to go after")
  func moveRefusals() async throws {
    let server = try TestServer()
    let (list, ids) = try await Self.letters(server, "AB")
    let pantry = try await APIItemsTests.makeList(server, "Pantry")
    let rice = try #require(
      try await APIItemsTests.addItem(server, pantry, ["text": "Rice"])["id"] as? String)
    let path = "/api/v1/items/\(ids["A"]!)/move"
    let unknown = UUID().uuidString
    let cases: [([String: Any], Int, String)] = [
      (
        ["after": ids["B"]!, "index": 1], 422,
        "Send either 'after' (the id of the item it goes after, or null for first) or 'index', not both."
      ),
      (
        [:], 422,
        "The field 'after' (the id of the item it goes after, or null for first) or 'index' is required."
      ),
      (
        ["after": ids["A"]!], 422,
        "An item cannot be moved after itself; 'after' must name another item of its list."
      ),
      (
        ["after": rice], 422,
        "'Rice' is in another list; 'A' can only move after an item of its own list, 'Letters'."
      ),
      (["after": unknown], 404, "There is no item with id \(unknown) to move 'A' after."),
      (
        ["after": "B"], 422,
        "The field 'after' must be the id of an item of the same list, or null for first; 'B' is not an id."
      ),
      (["after": 2], 422, "The field 'after' must be an item's id or null, not a number."),
    ]
    for (body, status, detail) in cases {
      let refused = try await server.request("POST", path, json: body)
      #expect(refused.status == status, "\(body)")
      #expect(try refused.json()["detail"] as? String == detail, "\(body)")
    }
    #expect(try await Self.order(server, list) == "AB")
  }

  @Test("PATCH {checked} sent twice gives the same item and ETag, and logs one change")
  func replayedCheck() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server)
    let id = try #require(
      try await APIItemsTests.addItem(server, list, ["text": "Milk"])["id"] as? String)
    for checked in [true, false] {
      let first = try await server.request(
        "PATCH", "/api/v1/items/\(id)", json: ["checked": checked])
      #expect(first.status == 200)
      #expect(try first.json()["checked"] as? Bool == checked)
      let sequence = try server.service.lastChangeSequence()
      // The replay: the client did not see the first answer.
      let again = try await server.request(
        "PATCH", "/api/v1/items/\(id)", json: ["checked": checked])
      #expect(again.status == 200)
      #expect(again.body == first.body)
      #expect(again.header("ETag") == first.header("ETag"))
      #expect(try server.service.lastChangeSequence() == sequence)
    }
  }
}
