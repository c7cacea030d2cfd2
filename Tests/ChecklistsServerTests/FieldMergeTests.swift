import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

/// Field-level merges on a real server (docs/SYNC.md): a PATCH with an older `If-Match` goes
/// through unless a field it sets changed since; then 412 names each such field with its
/// current value and who changed it.
@Suite struct FieldMergeTests {
  // MARK: - Items

  @Test("Edit/edit of one field: the second device gets 412 naming the field, its value and who")
  func editEditSameField() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    let phone = try await server.request(
      "PATCH", path, json: ["text": "Sea salt"], headers: ["If-Match": read])
    #expect(phone.status == 200)
    let phoneTag = try #require(phone.header("ETag"))

    let laptop = try await server.request(
      "PATCH", path, json: ["text": "Rock salt"], headers: ["If-Match": read])
    #expect(laptop.status == 412)
    #expect(laptop.header("Content-Type") == "application/problem+json")
    #expect(laptop.header("ETag") == phoneTag)
    let problem = try laptop.json()
    #expect(problem["type"] as? String == "about:blank")
    #expect(problem["title"] as? String == "Precondition Failed")
    #expect(problem["status"] as? Int == 412)
    #expect(
      problem["detail"] as? String
        == "The item 'Sea salt' changed since revision \(Self.revision(read)): "
        + "text was changed to 'Sea salt' by local.")
    let conflicts = try #require(problem["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts[0]["field"] as? String == "text")
    #expect(conflicts[0]["current"] as? String == "Sea salt")
    #expect(conflicts[0]["revision"] as? Int == Self.revision(phoneTag))
    #expect(conflicts[0]["changedBy"] as? String == "local")
    #expect(conflicts[0]["changedAt"] as? String == "2027-01-15T08:00:00Z")
    let current = try #require(problem["current"] as? [String: Any])
    let fetched = try await server.get(path).json()
    #expect(current["text"] as? String == "Sea salt")
    #expect(current.keys.sorted() == fetched.keys.sorted())
    #expect(current["revision"] as? Int == fetched["revision"] as? Int)
    #expect(fetched["text"] as? String == "Sea salt", "nothing of the second edit was written")
  }

  @Test("Edit/edit of different fields: both edits are kept")
  func editEditDifferentFields() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    let phone = try await server.request(
      "PATCH", path, json: ["text": "Sea salt"], headers: ["If-Match": read])
    #expect(phone.status == 200)
    let laptop = try await server.request(
      "PATCH", path, json: ["checked": true, "dueDate": "2027-02-01T09:00:00Z"],
      headers: ["If-Match": read])
    #expect(laptop.status == 200, "\(laptop.text)")
    #expect(laptop.header("ETag") != phone.header("ETag"))
    let item = try await server.get(path).json()
    #expect(item["text"] as? String == "Sea salt")
    #expect(item["checked"] as? Bool == true)
    #expect(item["dueDate"] as? String == "2027-02-01T09:00:00Z")
  }

  @Test("Check/uncheck from two stale devices: the second gets 412 on 'checked'")
  func checkUncheck() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    let phone = try await server.request(
      "PATCH", path, json: ["checked": true], headers: ["If-Match": read])
    #expect(phone.status == 200)
    let laptop = try await server.request(
      "PATCH", path, json: ["checked": false], headers: ["If-Match": read])
    #expect(laptop.status == 412)
    let problem = try laptop.json()
    let conflicts = try #require(problem["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["field"] as? String } == ["checked"])
    #expect(conflicts[0]["current"] as? Bool == true)
    #expect(
      (problem["detail"] as? String)?.contains("checked was changed to true by local") == true)
    #expect(try await server.get(path).json()["checked"] as? Bool == true)
  }

  @Test("A field set to the value it already has is no conflict")
  func sameValueIsNoConflict() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    _ = try await server.request(
      "PATCH", path, json: ["text": "Sea salt", "checked": true], headers: ["If-Match": read])
    let laptop = try await server.request(
      "PATCH", path, json: ["checked": true, "remind": false], headers: ["If-Match": read])
    #expect(laptop.status == 200, "\(laptop.text)")
    let retyped = try await server.request(
      "PATCH", path, json: ["text": "Sea salt"], headers: ["If-Match": read])
    #expect(retyped.status == 200, "\(retyped.text)")
  }

  @Test("Edit/delete: editing an item deleted meanwhile is 404, with or without If-Match")
  func editDeleted() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    #expect(try await server.request("DELETE", path, headers: ["If-Match": read]).status == 204)
    let stale = try await server.request(
      "PATCH", path, json: ["text": "Sea salt"], headers: ["If-Match": read])
    #expect(stale.status == 404)
    #expect(stale.header("Content-Type") == "application/problem+json")
    let blind = try await server.request("PATCH", path, json: ["checked": true])
    #expect(blind.status == 404)
  }

  @Test("Without If-Match the last write wins, as before")
  func withoutIfMatchLastWriteWins() async throws {
    let server = try TestServer()
    let (path, _) = try await Self.item(server, "Salt")
    #expect(try await server.request("PATCH", path, json: ["text": "Sea salt"]).status == 200)
    #expect(try await server.request("PATCH", path, json: ["text": "Rock salt"]).status == 200)
    #expect(try await server.get(path).json()["text"] as? String == "Rock salt")
  }

  @Test("Deleting, moving or toggling with a stale If-Match is still refused as a whole")
  func staleNonPatchWrites() async throws {
    let server = try TestServer()
    let (path, read) = try await Self.item(server, "Salt")
    _ = try await server.request("PATCH", path, json: ["text": "Sea salt"])
    let headers = ["If-Match": read]
    #expect(try await server.request("DELETE", path, headers: headers).status == 412)
    #expect(
      try await server.request("POST", "\(path)/move", json: ["index": 0], headers: headers)
        .status == 412)
    #expect(try await server.request("POST", "\(path)/toggle", headers: headers).status == 412)
    #expect(try await server.get(path).status == 200)
  }

  @Test("A sharee's edit is recorded as theirs: the owner's stale edit names them")
  func shareeIsNamed() async throws {
    let home = try await Household()
    let alice = try await home.signIn("alice")
    let bob = try await home.signIn("bob")
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Party")
    let item = try lists.addItem("Salt", to: list.id)
    try home.sharing("alice").share(listID: list.id, with: "bob", role: .editor)
    let path = "/api/v1/items/\(item.id.uuidString)"
    let read = try #require(
      try await home.server.get(path, headers: alice.readHeaders).header("ETag"))
    let edit = try await home.server.request(
      "PATCH", path, json: ["text": "Sea salt"],
      headers: bob.writeHeaders.merging(["If-Match": read]) { $1 })
    #expect(edit.status == 200, "\(edit.text)")
    let stale = try await home.server.request(
      "PATCH", path, json: ["text": "Rock salt"],
      headers: alice.writeHeaders.merging(["If-Match": read]) { $1 })
    #expect(stale.status == 412)
    let conflicts = try #require(try stale.json()["conflicts"] as? [[String: Any]])
    #expect(conflicts.first?["changedBy"] as? String == "bob")
  }

  // MARK: - Lists

  @Test("Renaming a list while another device changes its icon (and adds an item): all kept")
  func renameWhileIconChanges() async throws {
    let server = try TestServer()
    let created = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Groceries"])
    let id = try #require(try created.json()["id"] as? String)
    let path = "/api/v1/checklists/\(id)"
    let read = try #require(created.header("ETag"))
    let icon = try await server.request(
      "PATCH", path, json: ["icon": "Trips"], headers: ["If-Match": read])
    #expect(icon.status == 200)
    _ = try await server.request("POST", "\(path)/items", json: ["text": "Salt"])
    let rename = try await server.request(
      "PATCH", path, json: ["name": "Shop"], headers: ["If-Match": read])
    #expect(rename.status == 200, "\(rename.text)")
    let list = try await server.get(path).json()["checklist"] as? [String: Any]
    #expect(list?["name"] as? String == "Shop")
    #expect(list?["icon"] as? String == "Trips")
    #expect(list?["itemCount"] as? Int == 1)

    let clash = try await server.request(
      "PATCH", path, json: ["icon": "Inbox", "name": "Shop"], headers: ["If-Match": read])
    #expect(clash.status == 412)
    let problem = try clash.json()
    let conflicts = try #require(problem["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["field"] as? String } == ["icon"])
    #expect(conflicts[0]["current"] as? String == "Trips")
    #expect((problem["current"] as? [String: Any])?["name"] as? String == "Shop")
    #expect(clash.header("ETag") == rename.header("ETag"))
  }

  // MARK: - Shopping

  @Test("A catalogue item's price and name from two devices: both kept; a second price is 412")
  func cataloguePriceVersusName() async throws {
    let server = try TestServer()
    let shopping = try Self.shopping(server)
    let pear = try shopping.findItem("Pear")
    let path = "/api/v1/catalogue/\(pear.id.uuidString)"
    let read = try #require(try await server.get(path).header("ETag"))
    let price = try await server.request(
      "PATCH", path, json: ["price": "2.50"], headers: ["If-Match": read])
    #expect(price.status == 200)
    let name = try await server.request(
      "PATCH", path, json: ["name": "Pears"], headers: ["If-Match": read])
    #expect(name.status == 200, "\(name.text)")
    let item = try await server.get(path).json()
    #expect(item["name"] as? String == "Pears")
    #expect((item["price"] as? [String: Any])?["amount"] as? String == "2.50")

    let second = try await server.request(
      "PATCH", path, json: ["price": "3.00"], headers: ["If-Match": read])
    #expect(second.status == 412)
    let problem = try second.json()
    let conflicts = try #require(problem["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["field"] as? String } == ["price"])
    let current = try #require(conflicts[0]["current"] as? [String: Any])
    #expect(current["amount"] as? String == "2.50")
    #expect(current["minorUnits"] as? Int == 250)
    #expect(
      (problem["detail"] as? String)?.contains("price was changed to '€2.50' by local") == true)
  }

  @Test("An entry's quantity and inCart from two devices: both kept; a second quantity is 412")
  func entryQuantityVersusInCart() async throws {
    let server = try TestServer()
    let shopping = try Self.shopping(server)
    let pear = try shopping.findItem("Pear")
    let list = try shopping.findList("Shopping List")
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)/entries/\(pear.id.uuidString)"
    let put = try await server.request("PUT", path)
    #expect(put.status == 201)
    let read = try #require(put.header("ETag"))
    let quantity = try await server.request(
      "PATCH", path, json: ["quantity": 3], headers: ["If-Match": read])
    #expect(quantity.status == 200)
    let cart = try await server.request(
      "PATCH", path, json: ["inCart": true], headers: ["If-Match": read])
    #expect(cart.status == 200, "\(cart.text)")
    let line = try cart.json()
    #expect(line["quantity"] as? Int == 3)
    #expect(line["inCart"] as? Bool == true)

    let second = try await server.request(
      "PATCH", path, json: ["quantity": 5], headers: ["If-Match": read])
    #expect(second.status == 412)
    let problem = try second.json()
    let conflicts = try #require(problem["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["field"] as? String } == ["quantity"])
    #expect(conflicts[0]["current"] as? Int == 3)
    #expect((problem["current"] as? [String: Any])?["inCart"] as? Bool == true)
    #expect(second.header("ETag") == cart.header("ETag"))
  }

  @Test("Renaming a shopping list after entries changed merges; after a rename it is 412")
  func shoppingListRename() async throws {
    let server = try TestServer()
    let shopping = try Self.shopping(server)
    let list = try shopping.findList("Shopping List")
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)"
    let read = "\"r\(list.revision)\""
    try shopping.put(itemID: shopping.findItem("Pear").id, onList: list.id)
    let rename = try await server.request(
      "PATCH", path, json: ["name": "Weekly"], headers: ["If-Match": read])
    #expect(rename.status == 200, "\(rename.text)")
    let again = try await server.request(
      "PATCH", path, json: ["name": "Weekend"], headers: ["If-Match": read])
    #expect(again.status == 412)
    let conflicts = try #require(try again.json()["conflicts"] as? [[String: Any]])
    #expect(conflicts.first?["current"] as? String == "Weekly")
  }

  // MARK: - Helpers

  /// A new item on a new list: its path and its ETag as first read (the server's clock stands at 2027-01-15T08:00Z).
  static func item(_ server: TestServer, _ text: String) async throws -> (String, String) {
    let list = try await APIItemsTests.makeList(server)
    let item = try await APIItemsTests.addItem(server, list, ["text": text])
    let path = "/api/v1/items/\(try #require(item["id"] as? String))"
    let etag = try #require(try await server.get(path).header("ETag"))
    return (path, etag)
  }

  /// The revision an ETag `"r12"` names.
  static func revision(_ etag: String) -> Int {
    Int(etag.dropFirst(2).prefix { $0.isNumber }) ?? -1
  }

  /// The local user's shopping, on the server's file, with the original app's five items.
  static func shopping(_ server: TestServer) throws -> ShoppingService {
    let shopping = try ShoppingService.open(
      store: SQLChecklistStore(sqlitePath: server.databasePath), owner: server.service.owner,
      currency: .euro, now: server.clock.now)
    if try shopping.catalogue().isEmpty { try shopping.addTutorialItems() }
    return shopping
  }
}
