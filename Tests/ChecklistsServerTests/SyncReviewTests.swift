import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

/// A hostile review of issue 11 (sync): each test shows a defect a second device, a sharee or
/// a hostile client can reach on a real server, and fails until it is fixed.
@Suite struct SyncReviewTests {
  // MARK: - Field merge holes

  @Test("A field an import changed is not overwritten by a stale PATCH: 412, as for an edit")
  func importChangeIsNotSilentlyOverwritten() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server, "Groceries")
    let item = try await APIItemsTests.addItem(server, list, ["text": "Salt"])
    let itemID = try #require(item["id"] as? String)
    let itemPath = "/api/v1/items/\(itemID)"
    let listPath = "/api/v1/checklists/\(list)"
    let itemTag = try #require(try await server.get(itemPath).header("ETag"))
    let listTag = try #require(try await server.get(listPath).header("ETag"))

    // Another device restores a backup that sets the item's due date and the list's icon.
    let backup: [String: Any] = [
      "format": "checklists-backup", "version": 1,
      "checklists": [
        [
          "name": "Groceries", "icon": "Trips",
          "items": [["text": "Salt", "checked": false, "dueDate": "2027-03-01T09:00:00Z"]],
        ]
      ],
    ]
    let imported = try await server.request(
      "POST", "/api/v1/import?mode=merge", body: try JSONSerialization.data(withJSONObject: backup),
      headers: ["Content-Type": "application/json"])
    #expect(imported.status == 200, "\(imported.text)")
    #expect(try await server.get(itemPath).json()["dueDate"] as? String != nil)

    // A phone that read both before the import now sets the same fields.
    let item412 = try await server.request(
      "PATCH", itemPath, json: ["dueDate": "2027-04-01T09:00:00Z"],
      headers: ["If-Match": itemTag])
    #expect(item412.status == 412, "the import's due date was overwritten: \(item412.text)")
    let list412 = try await server.request(
      "PATCH", listPath, json: ["icon": "Chores"], headers: ["If-Match": listTag])
    #expect(list412.status == 412, "the import's icon was overwritten: \(list412.text)")
  }

  // MARK: - Isolation through the 412 body

  @Test("A sharee's 412 does not name another member, and a checker's rename is 403, not 412")
  func conflictDoesNotLeakOtherMembers() async throws {
    let home = try await Household()
    try home.accounts.addUser(named: "carol", password: "carol-pass-1234")
    let bob = try await home.signIn("bob")
    let carol = try await Self.signIn(home, "carol", "carol-pass-1234")
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Party")
    let item = try lists.addItem("Salt", to: list.id)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .editor)
    try home.sharing("alice").share(listID: list.id, with: "carol", role: .checker)
    let path = "/api/v1/items/\(item.id.uuidString)"
    let read = try #require(
      try await home.server.get(path, headers: carol.readHeaders).header("ETag"))
    // Carol may not learn who else the list is shared with (GET /api/v1/shares/{id} is 403).
    let members = try await home.server.get(
      "/api/v1/shares/\(list.id.uuidString)", headers: carol.readHeaders)
    #expect(members.status == 403 || members.status == 404, "\(members.text)")

    for body in [["checked": true], ["checked": false], ["text": "Sea salt"]] as [[String: Any]] {
      let edit = try await home.server.request(
        "PATCH", path, json: body, headers: bob.writeHeaders)
      #expect(edit.status == 200, "\(edit.text)")
    }
    let check = try await home.server.request(
      "PATCH", path, json: ["checked": true],
      headers: carol.writeHeaders.merging(["If-Match": read]) { $1 })
    #expect(check.status == 412)
    #expect(!check.text.contains("bob"), "the 412 names another member: \(check.text)")

    // A checker may not rename: the answer must not depend on If-Match (nor describe the item).
    let plain = try await home.server.request(
      "PATCH", path, json: ["text": "Rock salt"], headers: carol.writeHeaders)
    #expect(plain.status == 403, "\(plain.text)")
    let stale = try await home.server.request(
      "PATCH", path, json: ["text": "Rock salt"],
      headers: carol.writeHeaders.merging(["If-Match": read]) { $1 })
    #expect(stale.status == 403, "a checker's rename with an old If-Match: \(stale.text)")
    #expect(!stale.text.contains("bob"))
  }

  // MARK: - Client-chosen ids outside the create routes

  @Test("An import cannot give a list the id of another user's catalogue item")
  func importCannotTakeAnotherKindsID() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    // Bob learns the id from a shopping list alice shares with him; it is her catalogue item.
    let milk = try home.shopping("alice").addItem(named: "Milk")
    let itemPath = "/api/v1/catalogue/\(milk.id.uuidString)"
    let aliceRead = try #require(
      try await home.server.get(itemPath, headers: alice.readHeaders).header("ETag"))
    let priced = try await home.server.request(
      "PATCH", itemPath, json: ["price": "1.20"], headers: alice.writeHeaders)
    #expect(priced.status == 200, "\(priced.text)")

    let backup: [String: Any] = [
      "format": "checklists-backup", "version": 1,
      "checklists": [["id": milk.id.uuidString, "name": "Mine", "items": []]],
    ]
    let imported = try await home.server.request(
      "POST", "/api/v1/import", body: try JSONSerialization.data(withJSONObject: backup),
      headers: bob.writeHeaders.merging(["Content-Type": "application/json"]) { $1 })
    #expect(imported.status == 200, "\(imported.text)")
    let taken = try await home.server.get(
      "/api/v1/checklists/\(milk.id.uuidString)", headers: bob.readHeaders)
    #expect(taken.status == 404, "bob's imported list holds alice's catalogue item's id")

    // What that breaks: bob's renames of "his" list are recorded on alice's item's fields.
    for name in ["Mine 2", "Mine 3", "Mine 4"] where taken.status == 200 {
      _ = try await home.server.request(
        "PATCH", "/api/v1/checklists/\(milk.id.uuidString)", json: ["name": name],
        headers: bob.writeHeaders)
    }
    let rename = try await home.server.request(
      "PATCH", itemPath, json: ["name": "Oat milk"],
      headers: alice.writeHeaders.merging(["If-Match": aliceRead]) { $1 })
    #expect(rename.status == 200, "alice's own stale rename: \(rename.text)")
    #expect(!rename.text.contains("bob"))
  }

  @Test("A move 'after' another user's item reads exactly as 'after' an id nobody holds")
  func moveAfterSomeoneElsesItem() async throws {
    let home = try await Household()
    let bob = try await home.signIn("bob")
    let secret = try home.lists("alice").addItem(
      "Ring", to: try home.lists("alice").createList(named: "Private").id)
    let bobs = try home.lists("bob")
    let list = try bobs.createList(named: "Mine")
    let first = try bobs.addItem("Bread", to: list.id)
    _ = try bobs.addItem("Jam", to: list.id)
    let path = "/api/v1/items/\(first.id.uuidString)/move"
    let nobody = UUID()
    let hers = try await home.server.request(
      "POST", path, json: ["after": secret.id.uuidString], headers: bob.writeHeaders)
    let none = try await home.server.request(
      "POST", path, json: ["after": nobody.uuidString], headers: bob.writeHeaders)
    #expect(hers.status == 404)
    #expect(none.status == 404)
    #expect(
      hers.text.replacingOccurrences(of: secret.id.uuidString, with: "ID")
        == none.text.replacingOccurrences(of: nobody.uuidString, with: "ID"))
    #expect(try bobs.checklistWithItems(id: list.id).1.map(\.text) == ["Bread", "Jam"])
  }

  // MARK: - The feed

  @Test("A cursor from another database (a restored backup, another server) is 410, not 200")
  func cursorFromAnotherDatabaseIsGone() async throws {
    let phoneServer = try TestServer()
    for name in ["A", "B", "C"] { _ = try await APIItemsTests.makeList(phoneServer, name) }
    let page = try await phoneServer.get("/api/v1/changes").json()
    let cursor = try #require(page["next"] as? String)

    let other = try TestServer()
    for name in ["D", "E", "F", "G", "H", "I", "J", "K"] {
      _ = try await APIItemsTests.makeList(other, name)
    }
    let answer = try await other.get("/api/v1/changes?since=\(cursor)")
    // docs/API.md: "410 Gone when the cursor is … not from this database".
    #expect(answer.status == 410, "changes D… were skipped silently: \(answer.text)")
  }

  @Test("A new sharee's feed holds no tombstones of items deleted before the list was shared")
  func noTombstonesFromBeforeTheShare() async throws {
    let home = try await Household()
    let bob = try await home.signIn("bob")
    let start = try #require(
      try await home.server.get("/api/v1/changes", headers: bob.readHeaders).json()["next"]
        as? String)
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Birthday")
    let secret = try lists.addItem("Present for bob", to: list.id)
    try lists.deleteItem(id: secret.id)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .viewer)

    let feed = try await home.server.get(
      "/api/v1/changes?since=\(start)", headers: bob.readHeaders)
    #expect(feed.status == 200)
    let entries = try #require(try feed.json()["changes"] as? [[String: Any]])
    #expect(entries.contains { $0["kind"] as? String == "share" })
    // Known: each shared list's log is read from `since`, not from when it was shared
    // (docs/SYNC.md, "Not yet"). When that is fixed this known issue is reported as fixed.
    withKnownIssue("a new sharee's feed replays tombstones from before the share") {
      #expect(
        !entries.contains { $0["id"] as? String == secret.id.uuidString },
        "bob hears of an item deleted before he could read the list")
    }
  }

  @Test("After an unshare the ex-sharee's feed drops the list and hears nothing of it again")
  func unshareEndsTheFeed() async throws {
    let home = try await Household()
    let bob = try await home.signIn("bob")
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Party")
    _ = try lists.addItem("Cake", to: list.id)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .editor)
    let start = try #require(
      try await home.server.get("/api/v1/changes", headers: bob.readHeaders).json()["next"]
        as? String)
    _ = try lists.addItem("Candles", to: list.id)
    try home.sharing("alice").unshare(listID: list.id, with: "bob")
    let later = try lists.addItem("Surprise for bob", to: list.id)

    let feed = try await home.server.get(
      "/api/v1/changes?since=\(start)&limit=1", headers: bob.readHeaders)
    var entries = try #require(try feed.json()["changes"] as? [[String: Any]])
    var next = try #require(try feed.json()["next"] as? String)
    for _ in 0..<10 {
      let page = try await home.server.get(
        "/api/v1/changes?since=\(next)&limit=1", headers: bob.readHeaders)
      let json = try page.json()
      entries += try #require(json["changes"] as? [[String: Any]])
      next = try #require(json["next"] as? String)
      if json["more"] as? Bool == false { break }
    }
    let ids = entries.map { "\($0["kind"] ?? "")/\($0["id"] ?? "")/\($0["deleted"] ?? "")" }
    #expect(
      entries.contains {
        $0["kind"] as? String == "share" && $0["id"] as? String == list.id.uuidString
          && $0["deleted"] as? Bool == true
      }, "no share tombstone: \(ids)")
    #expect(!entries.contains { $0["id"] as? String == later.id.uuidString }, "\(ids)")
    #expect(!entries.contains { ($0["state"] as? [String: Any]) != nil }, "\(ids)")
  }

  @Test("The feed's routes: a trailing slash and HEAD find it, signed out is 401, POST is 405")
  func changesRoute() async throws {
    let home = try await Household()
    let bob = try await home.signIn("bob")
    #expect(try await home.server.get("/api/v1/changes").status == 401)
    #expect(try await home.server.request("HEAD", "/api/v1/changes").status == 401)
    #expect(try await home.server.get("/api/v1/changes/", headers: bob.readHeaders).status == 200)
    let post = try await home.server.request("POST", "/api/v1/changes", headers: bob.writeHeaders)
    #expect(post.status == 405)
    #expect(post.header("Allow") == "GET, HEAD")
    for bad in ["c-1", "c", "C1", "czzzzzzzzzzzzzzz", "%E2%80%8Bc1", "c1%00"] {
      let answer = try await home.server.get(
        "/api/v1/changes?since=\(bad)", headers: bob.readHeaders)
      #expect(answer.status == 400, "\(bad): \(answer.status) \(answer.text)")
    }
    #expect(
      try await home.server.get("/api/v1/changes?since=c1y2p0ij32e8e7", headers: bob.readHeaders)
        .status == 410)
    for bad in ["0", "1001", "-1", "1.5", ""] {
      let answer = try await home.server.get(
        "/api/v1/changes?limit=\(bad)", headers: bob.readHeaders)
      #expect(answer.status == 422, "limit=\(bad): \(answer.status) \(answer.text)")
    }
  }

  @Test("A user who polls the feed while others write is never sent to reload by their churn")
  func quietUsersCursorKeepsUp() async throws {
    let home = try await Household()
    let bob = try await home.signIn("bob")
    try home.store.setChangeLogRetention(5)
    _ = try home.lists("bob").createList(named: "Bob's")
    var cursor = try #require(
      try await home.server.get("/api/v1/changes", headers: bob.readHeaders).json()["next"]
        as? String)
    let alice = try home.lists("alice")
    let list = try alice.createList(named: "Churn")
    for number in 1...30 {
      try alice.addItem("Item \(number)", to: list.id)
      // Bob keeps polling with the cursor each page gives him; nothing of his changes.
      let page = try await home.server.get(
        "/api/v1/changes?since=\(cursor)", headers: bob.readHeaders)
      #expect(page.status == 200, "after alice's write \(number): \(page.text)")
      guard page.status == 200 else { return }
      #expect(try #require(try page.json()["changes"] as? [[String: Any]]).isEmpty)
      cursor = try #require(try page.json()["next"] as? String)
    }
  }

  @Test("A create replayed after another device edited it is told apart from a taken id")
  func replayAfterEditIsRecognisable() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server)
    let id = UUID().uuidString
    let create: [String: Any] = ["id": id, "text": "Milk"]
    let first = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: create)
    #expect(first.status == 201)
    // Another device checks it off; then the phone, which lost the first answer, sends again.
    let check = try await server.request("PATCH", "/api/v1/items/\(id)", json: ["checked": true])
    #expect(check.status == 200)
    let replay = try await server.request("POST", "/api/v1/checklists/\(list)/items", json: create)
    let otherList = try await APIItemsTests.makeList(server, "Other")
    let taken = try await server.request(
      "POST", "/api/v1/checklists/\(otherList)/items", json: create)
    #expect(taken.status == 409)
    // The replay landed: a client must be able to see that without reading English.
    let replayBody = try replay.json()
    let takenBody = try taken.json()
    // Known: both are 409 with type about:blank (docs/SYNC.md, "Not yet").
    withKnownIssue("a replay after an edit reads like a taken id") {
      #expect(
        replay.status == 200 || replay.header("Location") != nil
          || replayBody["type"] as? String != takenBody["type"] as? String
          || replayBody["current"] != nil,
        "a replay after an edit and a taken id answer alike: \(replay.status) \(replay.text)")
    }
  }

  // MARK: - Helpers

  static func signIn(_ home: Household, _ name: String, _ password: String) async throws
    -> Household.Browser
  {
    let response = try await home.server.request(
      "POST", "/api/v1/session", json: ["user": name, "password": password],
      headers: ["Origin": home.origin])
    #expect(response.status == 200, "\(response.text)")
    let setCookie = try #require(response.header("Set-Cookie"))
    let pair = try #require(setCookie.split(separator: ";").first)
    let csrf = try #require(try response.json()["csrfToken"] as? String)
    return Household.Browser(cookie: String(pair), csrfToken: csrf, origin: home.origin)
  }
}
