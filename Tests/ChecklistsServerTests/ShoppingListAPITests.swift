import ChecklistsCore
import Foundation
import Testing

@Suite("The JSON API: shopping lists, checking off, totals, live updates and the items import")
struct ShoppingListAPITests {
  @Test("Putting an item on a list twice keeps one entry; a quantity changes how many")
  func putTwice() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let pear = try await server.catalogueItem(named: "Pear")
    let first = try await server.put(pear.id, on: list.id)
    #expect(first.status == 201)
    #expect(
      first.header("Location")
        == "/api/v1/shopping-lists/\(list.id.uuidString)/entries/\(pear.id.uuidString)")
    let again = try await server.put(pear.id, on: list.id)
    #expect(again.status == 200)
    let three = try await server.put(pear.id, on: list.id, quantity: 3)
    #expect(try three.decode(WireLine.self).quantity == 3)
    let contents = try await server.contents(of: list.id)
    #expect(contents.lines.map(\.item.name) == ["Pear"])
    #expect(contents.lines.map(\.quantity) == [3])
    #expect(contents.list.entryCount == 1)
    #expect(try await server.put(pear.id, on: list.id, quantity: 0).status == 422)
  }

  @Test("Typing 'Milk' and then 'milk' makes one Milk, on the list once")
  func putByName() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)/entries"
    let first = try await server.request("POST", path, json: ["name": "Milk"])
    #expect(first.status == 201)
    #expect(try first.json()["createdItem"] as? Bool == true)
    let second = try await server.request("POST", path, json: ["name": "milk", "quantity": 2])
    #expect(second.status == 200)
    #expect(try second.json()["createdItem"] as? Bool == false)
    let line = try second.decode(WireAddedByName.self).line
    #expect(line.item.name == "Milk")
    #expect(line.quantity == 2)
    let names = try await server.catalogue().items.map(\.name)
    #expect(names.filter { $0.lowercased() == "milk" } == ["Milk"])
    #expect(try await server.contents(of: list.id).lines.map(\.item.name) == ["Milk"])
    // An item of the catalogue that is not on the list yet: a new entry, not a new item.
    let bread = try await server.request("POST", path, json: ["name": "BREAD"])
    #expect(bread.status == 201)
    #expect(try bread.json()["createdItem"] as? Bool == false)
  }

  @Test("Checking an item off moves it below everything still to get")
  func inCartMovesDown() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    for name in ["Bread", "Mango", "Pear"] {
      _ = try await server.put(server.catalogueItem(named: name).id, on: list.id)
    }
    #expect(
      try await server.contents(of: list.id).lines.map(\.item.name) == [
        "Bread", "Mango", "Pear",
      ])
    let bread = try await server.catalogueItem(named: "Bread")
    let checked = try await server.setInCart(bread.id, on: list.id, true)
    #expect(checked.status == 200)
    #expect(try checked.decode(WireLine.self).inCart)
    let contents = try await server.contents(of: list.id)
    #expect(contents.lines.map(\.item.name) == ["Mango", "Pear", "Bread"])
    #expect(contents.lines.map(\.inCart) == [false, false, true])
    #expect(contents.list.inCartCount == 1)
    #expect(contents.list.remainingCount == 2)
    _ = try await server.setInCart(bread.id, on: list.id, false)
    #expect(
      try await server.contents(of: list.id).lines.map(\.item.name) == [
        "Bread", "Mango", "Pear",
      ])
  }

  @Test("Totals for the whole list and for the cart are exact, in minor units")
  func totals() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let pear = try await server.catalogueItem(named: "Pear")  // 62.50
    let pencil = try await server.catalogueItem(named: "Pencil")  // 0.35
    let bread = try await server.catalogueItem(named: "Bread")  // 3.12
    _ = try await server.put(pear.id, on: list.id, quantity: 2)
    _ = try await server.put(pencil.id, on: list.id, quantity: 3)
    _ = try await server.put(bread.id, on: list.id)
    _ = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/entries", json: ["name": "Salt"])
    _ = try await server.setInCart(pencil.id, on: list.id, true)
    let totals = try await server.contents(of: list.id).totals
    // 2 × 62.50 + 3 × 0.35 + 3.12 = 129.17; Salt has no price.
    #expect(
      totals.total == [
        WirePrice(amount: "129.17", currency: "EUR", minorUnits: 12_917, formatted: "€129.17")
      ])
    #expect(
      totals.inCart == [
        WirePrice(amount: "1.05", currency: "EUR", minorUnits: 105, formatted: "€1.05")
      ])
    #expect(totals.unpricedCount == 1)
    let lines = try await server.contents(of: list.id).lines
    #expect(lines.first { $0.item.name == "Pencil" }?.cost?.minorUnits == 105)
    #expect(lines.first { $0.item.name == "Salt" }.map { $0.cost == nil } == true)
  }

  @Test("Finishing shopping clears what is in the cart; the items stay in the catalogue")
  func finish() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let pear = try await server.catalogueItem(named: "Pear")
    let mango = try await server.catalogueItem(named: "Mango")
    _ = try await server.put(pear.id, on: list.id)
    _ = try await server.put(mango.id, on: list.id)
    _ = try await server.setInCart(pear.id, on: list.id, true)
    let finished = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/finish")
    #expect(finished.status == 200)
    let body = try finished.decode(WireFinished.self)
    #expect(body.cleared == 1)
    #expect(body.contents.lines.map(\.item.name) == ["Mango"])
    #expect(body.contents.totals.inCart.map(\.minorUnits) == [0])
    #expect(try await server.contents(of: list.id).lines.map(\.item.name) == ["Mango"])
    #expect(try await server.catalogue().items.map(\.name).contains("Pear"))
  }

  @Test("Renaming a catalogue item shows in every list and changes their ETags")
  func renameShowsEverywhere() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let party = try await server.request("POST", "/api/v1/shopping-lists", json: ["name": "Party"])
      .decode(WireList.self)
    let mango = try await server.catalogueItem(named: "Mango")
    _ = try await server.put(mango.id, on: list.id)
    _ = try await server.put(mango.id, on: party.id)
    let listPath = "/api/v1/shopping-lists/\(list.id.uuidString)"
    let tag = try #require(try await server.get(listPath).header("ETag"))
    #expect(try await server.get(listPath, headers: ["If-None-Match": tag]).status == 304)

    let renamed = try await server.request(
      "PATCH", "/api/v1/catalogue/\(mango.id.uuidString)",
      json: ["name": "Alphonso Mango", "price": "2.40"])
    #expect(renamed.status == 200)
    let after = try await server.get(listPath, headers: ["If-None-Match": tag])
    #expect(after.status == 200)
    #expect(after.header("ETag") != tag)
    for listID in [list.id, party.id] {
      let line = try #require(try await server.contents(of: listID).lines.first)
      #expect(line.item.name == "Alphonso Mango")
      #expect(line.cost?.amount == "2.40")
    }
  }

  @Test("Shopping lists are created, renamed and deleted; their items stay in the catalogue")
  func lists() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let created = try await server.request(
      "POST", "/api/v1/shopping-lists", json: ["name": "Weekly"])
    #expect(created.status == 201)
    let weekly = try created.decode(WireList.self)
    #expect(created.header("Location") == "/api/v1/shopping-lists/\(weekly.id.uuidString)")
    let taken = try await server.request("POST", "/api/v1/shopping-lists", json: ["name": "weekly"])
    #expect(taken.status == 409)
    let path = "/api/v1/shopping-lists/\(weekly.id.uuidString)"
    let renamed = try await server.request(
      "PATCH", path, json: ["name": "Weekend"], headers: ["If-Match": "\"r\(weekly.revision)\""])
    #expect(renamed.status == 200)
    #expect(try renamed.decode(WireList.self).name == "Weekend")
    _ = try await server.put(server.catalogueItem(named: "Pear").id, on: weekly.id)
    #expect(try await server.request("DELETE", path).status == 204)
    #expect(try await server.get(path).status == 404)
    let names = try await server.get("/api/v1/shopping-lists").decode(WireLists.self).lists
      .map(\.name)
    #expect(names == ["Shopping List"])
    #expect(try await server.catalogue().items.count == 5)
  }

  @Test("Taking an item off a list leaves it in the catalogue")
  func removeEntry() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let pear = try await server.catalogueItem(named: "Pear")
    _ = try await server.put(pear.id, on: list.id)
    let path = "/api/v1/shopping-lists/\(list.id.uuidString)/entries/\(pear.id.uuidString)"
    #expect(try await server.request("DELETE", path).status == 204)
    #expect(try await server.request("DELETE", path).status == 404)
    #expect(try await server.contents(of: list.id).lines.isEmpty)
    #expect(try await server.catalogueItem(named: "Pear").price?.amount == "62.50")
  }

  // MARK: - Live updates

  @Test("Checking an entry off reaches an open event stream as a shopping-list change")
  func liveEntryChange() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let list = try await server.shoppingList()
    let pear = try await server.catalogueItem(named: "Pear")
    _ = try await server.put(pear.id, on: list.id)
    let events = try LiveUpdateTests.openEvents(server)
    _ = try await server.setInCart(pear.id, on: list.id, true)
    let text = events.read(until: Date().addingTimeInterval(120)) { $0.contains("entryUpdated") }
    let data = try #require(Self.eventData(text, kind: "entryUpdated"))
    #expect(data["scope"] as? String == "shoppingList")
    #expect(data["collectionID"] as? String == list.id.uuidString)
    #expect(data["itemID"] as? String == pear.id.uuidString)
    #expect(data["checklistID"] == nil)

    // A checklist change still names its checklist for the web app.
    _ = try await server.request("POST", "/api/v1/checklists", json: ["name": "Trips"])
    let more = events.read(until: Date().addingTimeInterval(120)) { $0.contains("listCreated") }
    let created = try #require(Self.eventData(more, kind: "listCreated"))
    #expect(created["scope"] as? String == "checklist")
    #expect(created["checklistID"] as? String == created["collectionID"] as? String)
  }

  /// The data of the first `change` event of a kind in a stream's text.
  static func eventData(_ text: String, kind: String) -> [String: Any]? {
    for line in text.split(separator: "\n") where line.hasPrefix("data: ") {
      let json = Data(line.dropFirst("data: ".count).utf8)
      if let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
        object["kind"] as? String == kind
      {
        return object
      }
    }
    return nil
  }

  // MARK: - The iPhone app's items file

  @Test("The Shopping List app's items file imports with names, prices and on-list state")
  func importItemsFile() async throws {
    // A new catalogue is empty, so every item of the file is new.
    let server = try TestServer()
    let list = try await server.shoppingList()
    let imported = try await server.request(
      "POST", "/api/v1/catalogue/import?list=\(list.id.uuidString)",
      body: try ShoppingFixtures.data("items"),
      headers: ["Content-Type": "application/octet-stream"])
    #expect(imported.status == 200)
    let report = try imported.json()
    #expect(report["added"] as? Int == 5)
    #expect(report["putOnList"] as? Int == 2)
    let items = try await server.catalogue().items
    #expect(items.map(\.name) == ["Bread", "Mango", "Notepad", "Pear", "Pencil"])
    #expect(items.map { $0.price?.amount } == ["3.12", "1.25", "2.53", "62.50", "0.35"])
    // Each new item takes the grocery table's category.
    #expect(items.map(\.category) == ["Bakery", "Fruit", "Stationery", "Fruit", "Stationery"])
    #expect(
      items.first { $0.name == "Pear" }?.id
        == UUID(uuidString: "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F"))
    let lines = try await server.contents(of: list.id).lines
    #expect(lines.map(\.item.name) == ["Bread", "Notepad"])
    #expect(lines.map(\.inCart) == [false, false])
  }

  @Test("Without ?list= the import fills 'Shopping List'; importing twice adds nothing")
  func importTwice() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let file = try ShoppingFixtures.data("items")
    let first = try await server.request("POST", "/api/v1/catalogue/import", body: file)
    #expect(first.status == 200)
    #expect(try first.json()["added"] as? Int == 0)
    #expect(try first.json()["putOnList"] as? Int == 2)
    let second = try await server.request("POST", "/api/v1/catalogue/import", body: file)
    #expect(try second.json()["putOnList"] as? Int == 0)
    let list = try await server.shoppingList()
    #expect(try await server.contents(of: list.id).lines.map(\.item.name) == ["Bread", "Notepad"])
    #expect(try await server.catalogue().items.count == 5)
  }

  @Test("A file that is not an items file is refused with the reader's message; nothing changes")
  func importForeignFile() async throws {
    let server = try TestServer()
    let before = try #require(try await server.get("/api/v1/catalogue").header("ETag"))
    let foreign = try await server.request(
      "POST", "/api/v1/catalogue/import", body: try ShoppingFixtures.data("Checklists.plist"))
    #expect(foreign.status == 422)
    #expect(foreign.header("Content-Type") == "application/problem+json")
    #expect(foreign.problemDetail.contains("not an items file from the Shopping List app"))
    let garbage = try await server.request(
      "POST", "/api/v1/catalogue/import", body: Data("hello".utf8))
    #expect(garbage.status == 422)
    #expect(
      try await server.get("/api/v1/catalogue", headers: ["If-None-Match": before]).status == 304)
    let list = try await server.shoppingList()
    #expect(try await server.contents(of: list.id).lines.isEmpty)
  }

  @Test("An item with a price that is no price is refused by name; nothing is imported")
  func importBadPrice() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let file = ShoppingFixtures.itemsFile([
      ("Cheese", 4.5, true), ("Broken", -2, false),
    ])
    let refused = try await server.request("POST", "/api/v1/catalogue/import", body: file)
    #expect(refused.status == 422)
    #expect(refused.problemDetail.contains("'Broken'"), "\(refused.problemDetail)")
    #expect(try await server.catalogue().items.count == 5)
  }

  @Test("An unknown ?list= is 404")
  func importUnknownList() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let refused = try await server.request(
      "POST", "/api/v1/catalogue/import?list=\(UUID().uuidString)",
      body: try ShoppingFixtures.data("items"))
    #expect(refused.status == 404)
    #expect(try await server.catalogue().items.count == 5)
  }
}

struct WireAddedByName: Decodable {
  var line: WireLine
  var createdItem: Bool
}

struct WireFinished: Decodable {
  var cleared: Int
  var contents: WireContents
}

/// The sample files in `shared/fixtures/seed-apps`, and items files written as the app does.
enum ShoppingFixtures {
  /// The contents of a sample file; the folder is `CHECKLISTS_FIXTURES`, or found by walking up
  /// from this source file, as the interop tests find it.
  static func data(_ name: String) throws -> Data {
    var folder: URL?
    if let path = ProcessInfo.processInfo.environment["CHECKLISTS_FIXTURES"] {
      folder = URL(fileURLWithPath: path, isDirectory: true)
    }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder == nil, directory.path != "/" {
      for candidate in ["shared/fixtures/seed-apps", "../shared/fixtures/seed-apps"] {
        let url = directory.appendingPathComponent(candidate, isDirectory: true).standardized
        if FileManager.default.fileExists(atPath: url.path) { folder = url }
      }
      directory = directory.deletingLastPathComponent()
    }
    let found = try #require(folder, "shared/fixtures/seed-apps not found; set CHECKLISTS_FIXTURES")
    return try Data(contentsOf: found.appendingPathComponent(name))
  }

  /// An `items` file as the Shopping List app writes it.
  static func itemsFile(_ items: [(name: String, price: Float, onList: Bool)]) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.setClassName("Shopping_List.Item", for: AppShoppingItem.self)
    archiver.encode(items.map(AppShoppingItem.init), forKey: "root")
    archiver.finishEncoding()
    return archiver.encodedData
  }
}

/// The Shopping List app's `Item`, archived with the app's keys.
final class AppShoppingItem: NSObject, NSCoding {
  let name: String
  let price: Float
  let onList: Bool

  init(_ item: (name: String, price: Float, onList: Bool)) {
    (name, price, onList) = item
  }

  required init?(coder: NSCoder) { nil }

  func encode(with coder: NSCoder) {
    coder.encode(UUID().uuidString, forKey: "uuid")
    coder.encode(name, forKey: "name")
    coder.encode(price, forKey: "price")
    coder.encode(onList, forKey: "inShoppingList")
  }
}
