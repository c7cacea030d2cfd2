import ChecklistsCore
import Foundation
import Testing

@Suite("The JSON API: the shopping catalogue and prices")
struct ShoppingAPITests {
  @Test("The first use makes an empty catalogue in the server's currency and one empty list")
  func emptyCatalogue() async throws {
    let server = try TestServer()
    let catalogue = try await server.catalogue()
    #expect(catalogue.currency == "EUR")
    #expect(catalogue.items.isEmpty)
    let lists = try await server.get("/api/v1/shopping-lists").decode(WireLists.self).lists
    #expect(lists.map(\.name) == ["Shopping List"])
    #expect(lists.first?.entryCount == 0)
  }

  @Test("A new item without a category takes the grocery table's, in the request's language")
  func categoryFromAcceptLanguage() async throws {
    let server = try TestServer()
    func add(_ name: String, _ language: String?, category: String? = nil) async throws -> WireItem
    {
      var json: [String: Any] = ["name": name]
      if let category { json["category"] = category }
      return try await server.request(
        "POST", "/api/v1/catalogue", json: json,
        headers: language.map { ["Accept-Language": $0] } ?? [:]
      ).decode(WireItem.self)
    }
    #expect(try await add("Whole milk", nil).category == "Dairy")
    #expect(try await add("Vollkornbrot", "de-DE,de;q=0.9,en;q=0.8").category == "Backwaren")
    #expect(try await add("Fromage", "ja-JP, fr;q=0.5").category == "Produits laitiers")
    #expect(try await add("Lettuce", "de;q=0, en").category == "Vegetables")
    #expect(try await add("Apples", "en", category: "Orchard").category == "Orchard")
    #expect(try await add("Flux capacitor", "en").category == nil)
    // `null` says no category.
    let plain = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Eggs", "category": NSNull()])
    #expect(try plain.decode(WireItem.self).category == nil)
    // Typing a name on a list makes the item with its category too.
    let list = try await server.shoppingList()
    let typed = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/entries", json: ["name": "Käse"],
      headers: ["Accept-Language": "de-AT"])
    #expect(typed.status == 201)
    #expect(try await server.catalogueItem(named: "Käse").category == "Milchprodukte")
  }

  @Test("Add, edit and delete a catalogue item; deleting takes it off every list")
  func addEditDelete() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let added = try await server.request(
      "POST", "/api/v1/catalogue",
      json: ["name": "Cheese", "price": "4.50", "unit": "200 g", "category": "Dairy"])
    #expect(added.status == 201)
    let cheese = try added.decode(WireItem.self)
    #expect(added.header("Location") == "/api/v1/catalogue/\(cheese.id.uuidString)")
    #expect(added.header("ETag") == "\"r1\"")
    #expect(
      cheese.price
        == WirePrice(amount: "4.50", currency: "EUR", minorUnits: 450, formatted: "€4.50"))
    #expect(cheese.unit == "200 g")
    #expect(cheese.category == "Dairy")

    let edited = try await server.request(
      "PATCH", "/api/v1/catalogue/\(cheese.id.uuidString)",
      json: ["name": "Gouda", "price": NSNull(), "unit": ""])
    #expect(edited.status == 200)
    let gouda = try edited.decode(WireItem.self)
    #expect(gouda.name == "Gouda")
    #expect(gouda.price == nil)
    #expect(gouda.unit == nil)
    #expect(gouda.category == "Dairy")
    #expect(try await server.catalogue().items.map(\.name).contains("Gouda"))

    let list = try await server.shoppingList()
    let party = try await server.request("POST", "/api/v1/shopping-lists", json: ["name": "Party"])
      .decode(WireList.self)
    for listID in [list.id, party.id] {
      #expect(try await server.put(gouda.id, on: listID).status == 201)
    }
    let deleted = try await server.request("DELETE", "/api/v1/catalogue/\(gouda.id.uuidString)")
    #expect(deleted.status == 200)
    #expect(try deleted.json()["removedFromLists"] as? Int == 2)
    #expect(try deleted.decode(WireDeleted.self).item.name == "Gouda")
    #expect(try await server.get("/api/v1/catalogue/\(gouda.id.uuidString)").status == 404)
    #expect(try await server.contents(of: list.id).lines.isEmpty)
    #expect(try await server.contents(of: party.id).lines.isEmpty)
    #expect(try await server.catalogue().items.count == 5)
  }

  @Test("A name the catalogue has, in any case, is that item (200); renaming to it is a conflict")
  func duplicateName() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let pear = try await server.catalogueItem(named: "Pear")
    let added = try await server.request("POST", "/api/v1/catalogue", json: ["name": "pEAR"])
    #expect(added.status == 200)
    #expect(try added.json()["id"] as? String == pear.id.uuidString)
    let repriced = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "pear", "price": "9.99"])
    #expect(repriced.status == 409)
    #expect(repriced.header("Content-Type") == "application/problem+json")
    #expect(repriced.problemDetail.contains("'Pear'"))
    let mango = try await server.catalogueItem(named: "Mango")
    let renamed = try await server.request(
      "PATCH", "/api/v1/catalogue/\(mango.id.uuidString)", json: ["name": "BREAD"])
    #expect(renamed.status == 409)
    #expect(
      try await server.catalogue().items.map(\.name) == [
        "Bread", "Mango", "Notepad", "Pear", "Pencil",
      ])
  }

  @Test(
    "A bad price is refused with a message about the price, and nothing changes",
    arguments: ["-1", "abc", "1e9", "NaN", "2000000", ""])
  func badPrice(_ text: String) async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let added = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Cheese", "price": text])
    #expect(added.status == 422)
    #expect(added.header("Content-Type") == "application/problem+json")
    #expect(added.problemDetail.contains("'price'"), "\(added.problemDetail)")
    let pear = try await server.catalogueItem(named: "Pear")
    let edited = try await server.request(
      "PATCH", "/api/v1/catalogue/\(pear.id.uuidString)", json: ["price": text])
    #expect(edited.status == 422)
    #expect(edited.problemDetail.contains("'price'"), "\(edited.problemDetail)")
    let catalogue = try await server.catalogue()
    #expect(catalogue.items.count == 5)
    #expect(try await server.catalogueItem(named: "Pear").price?.amount == "62.50")
  }

  @Test("A price sent as a JSON number is refused: prices are text")
  func priceAsNumber() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let added = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Cheese", "price": 1.99])
    #expect(added.status == 422)
    #expect(added.problemDetail.contains("'price'"))
    #expect(added.problemDetail.contains("\"1.99\""))
    #expect(try await server.catalogue().items.count == 5)
  }

  @Test("Prices are read and shown in the request's language")
  func localePrices() async throws {
    let server = try TestServer()
    let german = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Käse", "price": "1,99"],
      headers: ["Accept-Language": "de-DE,de;q=0.9,en;q=0.8"])
    #expect(german.status == 201)
    let cheese = try german.decode(WireItem.self)
    #expect(cheese.price?.amount == "1.99")
    #expect(cheese.price?.minorUnits == 199)
    #expect(cheese.price?.formatted == "1,99\u{00A0}€")
    #expect(german.header("Vary") == "Accept-Language")
    // The same item for an American reader.
    let american = try await server.get(
      "/api/v1/catalogue/\(cheese.id.uuidString)", headers: ["Accept-Language": "en-US"])
    #expect(try american.decode(WireItem.self).price?.formatted == "€1.99")
    // "$2" names its own currency.
    let dollars = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Soda", "price": "$2"])
    #expect(
      try dollars.decode(WireItem.self).price
        == WirePrice(
          amount: "2.00", currency: "USD", minorUnits: 200, formatted: "$2.00"))
  }

  @Test("Search finds names as typed, ignoring case, within the limit")
  func search() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let found = try await server.get("/api/v1/catalogue/search?q=pe")
    #expect(found.status == 200)
    #expect(try found.decode(WireSearch.self).items.map(\.name) == ["Pear", "Pencil"])
    let one = try await server.get("/api/v1/catalogue/search?q=PE&limit=1")
    #expect(try one.decode(WireSearch.self).items.map(\.name) == ["Pear"])
    #expect(try await server.get("/api/v1/catalogue/search?q=pe&limit=0").status == 422)
    #expect(try await server.get("/api/v1/catalogue/search").status == 422)
  }

  @Test("GET answers 304 while nothing changed; a stale If-Match is 412 and changes nothing")
  func etags() async throws {
    let server = try TestServer()
    try server.addTutorialItems()
    let catalogue = try await server.get("/api/v1/catalogue")
    let tag = try #require(catalogue.header("ETag"))
    #expect(
      try await server.get("/api/v1/catalogue", headers: ["If-None-Match": tag]).status == 304)

    let pear = try await server.catalogueItem(named: "Pear")
    let path = "/api/v1/catalogue/\(pear.id.uuidString)"
    let itemTag = try #require(try await server.get(path).header("ETag"))
    #expect(itemTag == "\"r1\"")
    #expect(try await server.get(path, headers: ["If-None-Match": itemTag]).status == 304)
    let first = try await server.request(
      "PATCH", path, json: ["price": "0.99"], headers: ["If-Match": itemTag])
    #expect(first.status == 200)
    #expect(first.header("ETag") == "\"r2\"")
    let stale = try await server.request(
      "PATCH", path, json: ["price": "5.00"], headers: ["If-Match": itemTag])
    #expect(stale.status == 412)
    let staleDelete = try await server.request("DELETE", path, headers: ["If-Match": itemTag])
    #expect(staleDelete.status == 412)
    #expect(try await server.catalogueItem(named: "Pear").price?.amount == "0.99")
    // The catalogue changed, so its old tag no longer matches.
    #expect(
      try await server.get("/api/v1/catalogue", headers: ["If-None-Match": tag]).status == 200)

    let list = try await server.shoppingList()
    let listPath = "/api/v1/shopping-lists/\(list.id.uuidString)"
    _ = try await server.put(pear.id, on: list.id)
    // Only the entries changed since that tag, not the name: the rename merges (FieldMergeTests).
    let staleRename = try await server.request(
      "PATCH", listPath, json: ["name": "Weekly"], headers: ["If-Match": "\"r\(list.revision)\""])
    #expect(staleRename.status == 200)
    let names = try await server.get("/api/v1/shopping-lists").decode(WireLists.self).lists
      .map(\.name)
    #expect(names == ["Weekly"])
  }

  @Test("Unknown ids are 404, and bodies are strict")
  func badInput() async throws {
    let server = try TestServer()
    let unknown = UUID().uuidString
    #expect(try await server.get("/api/v1/catalogue/\(unknown)").status == 404)
    #expect(try await server.get("/api/v1/catalogue/not-an-id").status == 404)
    #expect(try await server.get("/api/v1/shopping-lists/\(unknown)").status == 404)
    let list = try await server.shoppingList()
    #expect(try await server.put(UUID(), on: list.id).status == 404)
    let extra = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Cheese", "colour": "yellow"])
    #expect(extra.status == 422)
    #expect(extra.problemDetail.contains("'colour'"))
    let noName = try await server.request("POST", "/api/v1/catalogue", json: ["price": "1.00"])
    #expect(noName.status == 422)
    #expect(noName.problemDetail.contains("'name'"))
    let blank = try await server.request("POST", "/api/v1/catalogue", json: ["name": "  "])
    #expect(blank.status == 422)
  }
}

// MARK: - The wire shapes, as a client reads them

struct WirePrice: Decodable, Equatable {
  var amount: String
  var currency: String
  var minorUnits: Int64
  var formatted: String?
}

struct WireItem: Decodable {
  var id: UUID
  var name: String
  var price: WirePrice?
  var unit: String?
  var category: String?
  var revision: Int64
}

struct WireCatalogue: Decodable {
  var currency: String
  var items: [WireItem]
}

struct WireSearch: Decodable { var items: [WireItem] }

struct WireDeleted: Decodable {
  var item: WireItem
  var removedFromLists: Int
}

struct WireList: Decodable {
  var id: UUID
  var name: String
  var entryCount: Int
  var inCartCount: Int
  var remainingCount: Int
  var revision: Int64
}

struct WireLists: Decodable { var lists: [WireList] }

struct WireLine: Decodable {
  var item: WireItem
  var quantity: Int
  var inCart: Bool
  var cost: WirePrice?
}

struct WireTotals: Decodable {
  var total: [WirePrice]
  var inCart: [WirePrice]
  var unpricedCount: Int
}

struct WireContents: Decodable {
  var list: WireList
  var lines: [WireLine]
  var totals: WireTotals
}

extension TestServer.Response {
  /// The body as one of the wire shapes.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONDecoder().decode(T.self, from: body)
  }

  /// A problem's `detail`, or "" for another body.
  var problemDetail: String {
    ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["detail"] as? String ?? ""
  }
}

extension TestServer {
  /// The catalogue as an American reader gets it.
  func catalogue() async throws -> WireCatalogue {
    try await get("/api/v1/catalogue", headers: ["Accept-Language": "en-US"])
      .decode(WireCatalogue.self)
  }

  func catalogueItem(named name: String) async throws -> WireItem {
    try #require(try await catalogue().items.first { $0.name == name })
  }

  /// The list the first use creates, "Shopping List".
  func shoppingList() async throws -> WireList {
    let lists = try await get("/api/v1/shopping-lists").decode(WireLists.self).lists
    return try #require(lists.first { $0.name == "Shopping List" })
  }

  func contents(of listID: UUID) async throws -> WireContents {
    try await get(
      "/api/v1/shopping-lists/\(listID.uuidString)", headers: ["Accept-Language": "en-US"]
    ).decode(WireContents.self)
  }

  /// Puts a catalogue item on a list, as a tap on the Items screen does.
  func put(_ itemID: UUID, on listID: UUID, quantity: Int? = nil) async throws -> Response {
    try await request(
      "PUT", "/api/v1/shopping-lists/\(listID.uuidString)/entries/\(itemID.uuidString)",
      json: quantity.map { ["quantity": $0] })
  }

  /// Puts an entry in the cart or takes it out.
  func setInCart(_ itemID: UUID, on listID: UUID, _ inCart: Bool) async throws -> Response {
    try await request(
      "PATCH", "/api/v1/shopping-lists/\(listID.uuidString)/entries/\(itemID.uuidString)",
      json: ["inCart": inCart])
  }
}
