import ChecklistsCore
import Foundation
import Testing

@Suite("The JSON API: the user's settings (the currency)")
struct UserSettingsAPITests {
  @Test("GET shows the currency; PATCH changes it for new prices, relabelling on request")
  func currency() async throws {
    let server = try TestServer()
    let settings = try await server.get("/api/v1/settings").json()
    #expect(settings["currency"] as? String == "EUR")
    let choices = try #require(settings["currencies"] as? [[String: Any]])
    #expect(choices.first?["code"] as? String == "EUR")
    #expect(choices.first?["name"] as? String == "Euro")

    _ = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Tea", "price": "2.50"])
    let changed = try await server.request(
      "PATCH", "/api/v1/settings", json: ["currency": "gbp"])
    #expect(changed.status == 200)
    #expect(try changed.json()["currency"] as? String == "GBP")
    #expect(try await server.catalogue().currency == "GBP")
    // Old prices keep their currency; new ones are in pounds.
    #expect(try await server.catalogueItem(named: "Tea").price?.currency == "EUR")
    let coffee = try await server.request(
      "POST", "/api/v1/catalogue", json: ["name": "Coffee", "price": "7.10"]
    ).decode(WireItem.self)
    #expect(coffee.price?.formatted == "£7.10")

    let relabelled = try await server.request(
      "PATCH", "/api/v1/settings", json: ["currency": "GBP", "relabelPrices": true])
    #expect(relabelled.status == 200)
    #expect(try await server.catalogueItem(named: "Tea").price?.formatted == "£2.50")
    #expect(try await server.get("/api/v1/settings").json()["currency"] as? String == "GBP")
  }

  @Test("A code that is no currency is refused, naming it")
  func refused() async throws {
    let server = try TestServer()
    let bad = try await server.request("PATCH", "/api/v1/settings", json: ["currency": "XYZ"])
    #expect(bad.status == 422)
    #expect(
      bad.problemDetail == "'XYZ' is not a currency; use an ISO 4217 code such as EUR, USD or GBP.")
    let alone = try await server.request(
      "PATCH", "/api/v1/settings", json: ["relabelPrices": true])
    #expect(alone.status == 422)
    #expect(try await server.get("/api/v1/settings").json()["currency"] as? String == "EUR")
  }
}
