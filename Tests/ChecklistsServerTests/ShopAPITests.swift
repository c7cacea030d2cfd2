import ChecklistsCore
import ChecklistsSQLStore
import Foundation
import Testing

@testable import ChecklistsStore

/// The walk through the shop: sections in this order, items inside in this order (neither
/// alphabetical).
private let walk: [(category: String, items: [String])] = [
  ("Vegetables", ["Tomatoes", "Carrots"]),
  ("Bakery", ["Rolls", "Baguette"]),
  ("Dairy", ["Yoghurt", "Milk", "Butter"]),
]

private struct WireShop: Decodable {
  struct Section: Decodable {
    var category: String
    var rank: Double
  }
  var id: UUID
  var name: String
  var revision: Int64
  var sections: [Section]
  var itemRanks: [String: Double]
}

private struct WireShops: Decodable { var shops: [WireShop] }

private struct WireShopLine: Decodable {
  struct Item: Decodable {
    var id: UUID
    var name: String
    var category: String?
  }
  var item: Item
  var inCart: Bool
  var cartOrder: Int64?
}

private struct WireShopContents: Decodable {
  var shop: WireShop?
  var lines: [WireShopLine]
}

@Suite("The JSON API: shops, picking one for a list, and the order trips teach")
struct ShopAPITests {
  @Test("Pick a shop, shop three times in one walk: the list reads in the walk's order")
  func threeTripsOverHTTP() async throws {
    let server = try TestServer()
    var ids: [String: UUID] = [:]
    for section in walk {
      for name in section.items {
        let added = try await server.request(
          "POST", "/api/v1/catalogue", json: ["name": name, "category": section.category])
        #expect(added.status == 201, "\(added.text)")
        ids[name] = try added.decode(WireShopLine.Item.self).id
      }
    }
    let created = try await server.request(
      "POST", "/api/v1/shopping-lists", json: ["name": "Weekly"])
    let listID = try #require(try created.json()["id"] as? String)
    let clientID = UUID().uuidString
    let addShop = try await server.request(
      "POST", "/api/v1/shops", json: ["name": "Aldi", "clientID": clientID])
    #expect(addShop.status == 201)
    #expect(addShop.header("Location") == "/api/v1/shops/\(clientID)")
    let replay = try await server.request(
      "POST", "/api/v1/shops", json: ["name": "Aldi", "clientID": clientID])
    #expect(replay.status == 200)
    let taken = try await server.request("POST", "/api/v1/shops", json: ["name": "aldi"])
    #expect(taken.status == 409)
    #expect(taken.problemDetail == "A shop named 'Aldi' already exists.")
    let shop = try addShop.decode(WireShop.self)
    #expect(shop.sections.isEmpty)

    let picked = try await server.request(
      "PUT", "/api/v1/shopping-lists/\(listID)/shop", json: ["shopID": shop.id.uuidString])
    #expect(picked.status == 200, "\(picked.text)")
    #expect(try picked.decode(WireShopContents.self).shop?.name == "Aldi")

    // The shopping as another process would do it on the same file, teaching the shop as
    // finishing a trip does (ShoppingService+TripHooks), then finishing over HTTP.
    let shopping = try ShoppingService.open(
      store: SQLChecklistStore(sqlitePath: server.databasePath), owner: server.service.owner,
      currency: .euro, now: server.clock.now)
    let walkOrder = walk.flatMap(\.items)
    let path = "/api/v1/shopping-lists/\(listID)"
    for trip in 1...3 {
      for name in walkOrder { _ = try await server.put(ids[name]!, on: UUID(uuidString: listID)!) }
      if trip == 1 {
        let before = try await server.get(path).decode(WireShopContents.self)
        #expect(
          before.lines.map(\.item.name) == [
            "Baguette", "Rolls", "Butter", "Milk", "Yoghurt", "Carrots", "Tomatoes",
          ])
        #expect(before.lines.allSatisfy { $0.cartOrder == nil })
      }
      for name in walkOrder {
        let checked = try await server.setInCart(ids[name]!, on: UUID(uuidString: listID)!, true)
        #expect(checked.status == 200)
      }
      let cart = try await server.get(path).decode(WireShopContents.self).lines
      let orders = walkOrder.map { name in cart.first { $0.item.name == name }?.cartOrder ?? 0 }
      #expect(orders.allSatisfy { $0 > 0 })
      #expect(orders == orders.sorted(), "the walk's order: \(orders)")
      let finished = try await server.request("POST", "\(path)/finish")
      #expect(finished.status == 200)
    }
    for name in walkOrder.reversed() {
      _ = try await server.put(ids[name]!, on: UUID(uuidString: listID)!)
    }
    let contents = try await server.get(path).decode(WireShopContents.self)
    #expect(contents.lines.map(\.item.name) == walkOrder)
    #expect(contents.shop?.sections.map(\.category) == walk.map(\.category))
    let learned = try await server.get("/api/v1/shops/\(shop.id.uuidString)")
    #expect(learned.status == 200)
    let learnedShop = try learned.decode(WireShop.self)
    #expect(learnedShop.sections.map(\.category) == walk.map(\.category))
    #expect(learnedShop.itemRanks[ids["Milk"]!.uuidString] == 0.5)
    let shops = try await server.get("/api/v1/shops").decode(WireShops.self).shops
    #expect(shops.map(\.name) == ["Aldi"])

    // A drag sets the order; against an old ETag it is refused.
    let stale = try await server.request(
      "PATCH", "/api/v1/shops/\(shop.id.uuidString)", json: ["sections": ["Dairy"]],
      headers: ["If-Match": "\"r1\""])
    #expect(stale.status == 412)
    let dragged = try await server.request(
      "PATCH", "/api/v1/shops/\(shop.id.uuidString)",
      json: ["sections": ["Dairy", "Bakery", "Vegetables"]],
      headers: ["If-Match": "\"r\(learnedShop.revision)\""])
    #expect(dragged.status == 200, "\(dragged.text)")
    let after = try await server.get(path).decode(WireShopContents.self)
    #expect(
      after.lines.map(\.item.name) == [
        "Yoghurt", "Milk", "Butter", "Rolls", "Baguette", "Tomatoes", "Carrots",
      ])
    let twice = try await server.request(
      "PATCH", "/api/v1/shops/\(shop.id.uuidString)", json: ["sections": ["Dairy", "dairy"]])
    #expect(twice.status == 422)
    #expect(twice.problemDetail == "The section 'dairy' is named twice in the order.")

    // No shop: the plain order again.
    let none = try await server.request(
      "PUT", "/api/v1/shopping-lists/\(listID)/shop", json: ["shopID": NSNull()])
    #expect(none.status == 200)
    #expect(try none.decode(WireShopContents.self).shop == nil)
    let deleted = try await server.request("DELETE", "/api/v1/shops/\(shop.id.uuidString)")
    #expect(deleted.status == 204)
    #expect(try await server.get("/api/v1/shops/\(shop.id.uuidString)").status == 404)
  }

  @Test("A checker of a shared list picks among the owner's shops; a viewer may not")
  func sharedListUsesTheOwnersShops() async throws {
    let home = try await Household()
    let alice = try home.shopping("alice")
    let list = try alice.createList(named: "Family")
    let milk = try alice.addItem(named: "Milk", category: "Dairy")
    let rolls = try alice.addItem(named: "Rolls", category: "Bakery")
    for item in [milk, rolls] { try alice.put(itemID: item.id, onList: list.id) }
    let market = try alice.createShop(named: "Market").shop
    try alice.updateShop(id: market.id, sections: ["Dairy", "Bakery"])
    // Bob's own shop is not one the list can be shopped in.
    let bobsShop = try home.shopping("bob").createShop(named: "Bob's corner").shop
    _ = try home.sharing("alice").share(listID: list.id, with: "bob", role: .checker)
    let bob = try await home.signIn("bob")

    let shops = try await home.server.get(
      "/api/v1/shops?list=\(list.id.uuidString)", headers: bob.readHeaders)
    #expect(shops.status == 200)
    #expect(try shops.decode(WireShops.self).shops.map(\.name) == ["Market"])
    let own = try await home.server.get("/api/v1/shops", headers: bob.readHeaders)
    #expect(try own.decode(WireShops.self).shops.map(\.name) == ["Bob's corner"])

    let path = "/api/v1/shopping-lists/\(list.id.uuidString)/shop"
    let wrong = try await home.server.request(
      "PUT", path, json: ["shopID": bobsShop.id.uuidString], headers: bob.writeHeaders)
    #expect(wrong.status == 404)
    let picked = try await home.server.request(
      "PUT", path, json: ["shopID": market.id.uuidString], headers: bob.writeHeaders)
    #expect(picked.status == 200, "\(picked.text)")
    let contents = try picked.decode(WireShopContents.self)
    #expect(contents.shop?.name == "Market")
    #expect(contents.lines.map(\.item.name) == ["Milk", "Rolls"])
    // Alice sees the list in the shop Bob picked.
    #expect(try alice.contents(ofList: list.id).shop?.id == market.id)
    // Bob may not edit Alice's shop itself.
    let edit = try await home.server.request(
      "PATCH", "/api/v1/shops/\(market.id.uuidString)", json: ["name": "Mine"],
      headers: bob.writeHeaders)
    #expect(edit.status == 404)

    _ = try home.sharing("alice").share(listID: list.id, with: "bob", role: .viewer)
    let viewer = try await home.server.request(
      "PUT", path, json: ["shopID": NSNull()], headers: bob.writeHeaders)
    #expect(viewer.status == 403)
  }
}
