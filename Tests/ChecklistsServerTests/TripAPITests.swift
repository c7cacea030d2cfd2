import ChecklistsCore
import Foundation
import Testing

/// A trip as a client reads it.
struct WireTrip: Decodable, Equatable {
  struct Shop: Decodable, Equatable {
    var id: UUID
    var name: String
  }
  struct Line: Decodable, Equatable {
    var itemID: UUID
    var name: String
    var quantity: Int
    var unitPrice: WirePrice?
    var cost: WirePrice?
    var category: String?
  }
  var id: UUID
  var listID: UUID
  var listName: String
  var shop: Shop?
  var finishedAt: String
  var lines: [Line]
  var totals: [WirePrice]
}

private struct WireFinishedTrip: Decodable {
  var cleared: Int
  var contents: WireContents
  var trip: WireTrip?
}

private struct WireTrips: Decodable { var trips: [WireTrip] }

private struct WirePriceHistory: Decodable {
  struct Step: Decodable {
    var price: WirePrice?
    var since: String
  }
  var item: WireItem
  var prices: [Step]
}

private func euros(_ amount: String, _ minorUnits: Int64) -> WirePrice {
  WirePrice(amount: amount, currency: "EUR", minorUnits: minorUnits, formatted: "€\(amount)")
}

extension TestServer {
  /// Adds a catalogue item with a price typed as a person types it.
  fileprivate func addItem(_ name: String, price: String?) async throws -> WireItem {
    var body: [String: Any] = ["name": name]
    if let price { body["price"] = price }
    let response = try await request("POST", "/api/v1/catalogue", json: body)
    #expect(response.status == 201, "\(response.text)")
    return try response.decode(WireItem.self)
  }

  fileprivate func finish(_ listID: UUID, clientID: UUID?) async throws -> Response {
    try await request(
      "POST", "/api/v1/shopping-lists/\(listID.uuidString)/finish",
      json: clientID.map { ["clientID": $0.uuidString] },
      headers: ["Accept-Language": "en-US"])
  }
}

@Suite("The JSON API: trips, price history, spending and the CSV export")
struct TripAPITests {
  @Test(
    "Finishing records the cart's lines at their prices; a price change keeps both with dates; a replay records no second trip"
  )
  func finishRecordsTrip() async throws {
    let server = try TestServer()
    let list = try await server.shoppingList()
    let milk = try await server.addItem("Oat milk", price: "1.49")
    let bread = try await server.addItem("Rye bread", price: "2.80")
    let cheese = try await server.addItem("Goat cheese", price: "4.20")
    for item in [milk, bread, cheese] { _ = try await server.put(item.id, on: list.id) }
    _ = try await server.put(milk.id, on: list.id, quantity: 3)
    _ = try await server.setInCart(milk.id, on: list.id, true)
    _ = try await server.setInCart(bread.id, on: list.id, true)

    server.clock.advance(by: 3_600)
    let clientID = UUID()
    let response = try await server.finish(list.id, clientID: clientID)
    #expect(response.status == 200, "\(response.text)")
    let finished = try response.decode(WireFinishedTrip.self)
    #expect(finished.cleared == 2)
    #expect(finished.contents.lines.map(\.item.name) == ["Goat cheese"])
    let trip = try #require(finished.trip)
    #expect(trip.listID == list.id)
    #expect(trip.listName == "Shopping List")
    #expect(trip.shop == nil)
    #expect(trip.finishedAt == "2027-01-15T09:00:00Z")
    #expect(Set(trip.lines.map(\.name)) == ["Oat milk", "Rye bread"])
    let milkLine = try #require(trip.lines.first { $0.itemID == milk.id })
    #expect(milkLine.quantity == 3)
    #expect(milkLine.unitPrice == euros("1.49", 149))
    #expect(milkLine.cost == euros("4.47", 447))
    #expect(trip.lines.first { $0.itemID == bread.id }?.cost == euros("2.80", 280))
    // 3 × 1.49 + 2.80
    #expect(trip.totals == [euros("7.27", 727)])

    // A new price: the history keeps the old one with its date, the trip its price.
    server.clock.advance(by: 86_400)
    let patched = try await server.request(
      "PATCH", "/api/v1/catalogue/\(milk.id.uuidString)", json: ["price": "1.69"])
    #expect(patched.status == 200, "\(patched.text)")
    let history = try await server.get(
      "/api/v1/catalogue/\(milk.id.uuidString)/prices", headers: ["Accept-Language": "en-US"])
    #expect(history.status == 200, "\(history.text)")
    let prices = try history.decode(WirePriceHistory.self)
    #expect(prices.item.id == milk.id)
    #expect(prices.prices.map(\.price) == [euros("1.49", 149), euros("1.69", 169)])
    #expect(
      prices.prices.map(\.since) == ["2027-01-15T08:00:00Z", "2027-01-16T09:00:00Z"])
    let read = try await server.get(
      "/api/v1/trips/\(trip.id.uuidString)", headers: ["Accept-Language": "en-US"])
    #expect(try read.decode(WireTrip.self) == trip)

    // The same finish again (a phone that lost the answer): the same trip, nothing new.
    _ = try await server.setInCart(cheese.id, on: list.id, true)
    let replay = try await server.finish(list.id, clientID: clientID)
    #expect(replay.status == 200)
    let replayed = try replay.decode(WireFinishedTrip.self)
    #expect(replayed.trip == trip)
    #expect(replayed.cleared == 0)
    #expect(replayed.contents.lines.map(\.inCart) == [true])
    let trips = try await server.get("/api/v1/trips", headers: ["Accept-Language": "en-US"])
    #expect(trips.status == 200)
    #expect(try trips.decode(WireTrips.self).trips == [trip])

    // A finish without a body still works and records the cheese.
    let plain = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/finish")
    #expect(try plain.decode(WireFinishedTrip.self).trip?.lines.map(\.name) == ["Goat cheese"])
    let bad = try await server.request(
      "POST", "/api/v1/shopping-lists/\(list.id.uuidString)/finish",
      json: ["clientID": "tomorrow"])
    #expect(bad.status == 422)
    #expect(bad.problemDetail.contains("'clientID'"))
    #expect(try await server.get("/api/v1/trips/\(UUID().uuidString)").status == 404)
  }

  @Test("The CSV export quotes as RFC 4180 says and defuses cells a spreadsheet would run")
  func csvExport() async throws {
    let server = try TestServer()
    let list = try await server.shoppingList()
    let name = #"=cmd|' /C calc'!A0, "quoted""#
    let odd = try await server.addItem(name, price: "2.50")
    let plain = try await server.addItem("Salt", price: nil)
    for item in [odd, plain] {
      _ = try await server.put(item.id, on: list.id)
      _ = try await server.setInCart(item.id, on: list.id, true)
    }
    _ = try await server.put(odd.id, on: list.id, quantity: 2)
    let finished = try await server.finish(list.id, clientID: nil)
    #expect(finished.status == 200)

    let csv = try await server.get("/api/v1/trips/export.csv?tz=Europe/Berlin")
    #expect(csv.status == 200)
    #expect(csv.header("Content-Type")?.hasPrefix("text/csv") == true)
    #expect(csv.header("Content-Disposition")?.contains("attachment") == true)
    let rows = csv.text.components(separatedBy: "\r\n")
    #expect(rows.first == "date,list,shop,item,quantity,unit price,cost,currency")
    // 08:00 UTC is 09:00 in Berlin in January.
    #expect(
      Set(rows.dropFirst().filter { !$0.isEmpty }) == [
        #"2027-01-15 09:00,Shopping List,,"'=cmd|' /C calc'!A0, ""quoted""",2,2.50,5.00,EUR"#,
        "2027-01-15 09:00,Shopping List,,Salt,1,,,",
      ])
    #expect(csv.text.hasSuffix("\r\n"))
  }

  @Test("Spending per month has every month, in the time zone asked for")
  func spending() async throws {
    let server = try TestServer()
    let list = try await server.shoppingList()
    let tea = try await server.addItem("Green tea", price: "3.00")
    _ = try await server.put(tea.id, on: list.id)
    _ = try await server.setInCart(tea.id, on: list.id, true)
    _ = try await server.finish(list.id, clientID: nil)
    let response = try await server.get(
      "/api/v1/trips/spending?months=3&tz=Europe/Berlin", headers: ["Accept-Language": "en-US"])
    #expect(response.status == 200, "\(response.text)")
    let months = try #require(try response.json()["months"] as? [[String: Any]])
    #expect(months.map { $0["month"] as? String } == ["2026-11", "2026-12", "2027-01"])
    #expect(months.map { ($0["totals"] as? [Any])?.count } == [0, 0, 1])
    let total = try #require((months[2]["totals"] as? [[String: Any]])?.first)
    #expect(total["amount"] as? String == "3.00")
    #expect(total["currency"] as? String == "EUR")
    let zone = try await server.get("/api/v1/trips/spending?tz=Mars/Olympus")
    #expect(zone.status == 422)
    #expect(zone.problemDetail.contains("Mars/Olympus"))
    #expect(try await server.get("/api/v1/trips/spending?months=0").status == 422)
    #expect(try await server.get("/api/v1/trips?limit=500").status == 422)
    #expect(try await server.get("/api/v1/trips?before=yesterday").status == 422)
  }
}
