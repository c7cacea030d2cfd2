import ChecklistsCore
import ChecklistsSQLStore
import Foundation
import Testing

@testable import ChecklistsStore

/// The walk through the shop: sections in this order, items inside in this order (neither
/// alphabetical).
private let walk: [(category: String, items: [String])] = [
  ("Vegetables", ["Tomatoes", "Carrots"]),
  ("Bakery", ["Rolls", "Bread"]),
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
            "Bread", "Rolls", "Butter", "Milk", "Yoghurt", "Carrots", "Tomatoes",
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
      try shopping.learnFromCart(listID: UUID(uuidString: listID)!)
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
        "Yoghurt", "Milk", "Butter", "Rolls", "Bread", "Tomatoes", "Carrots",
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
}
