import ChecklistsCore
import Foundation
import Testing

@Suite("The JSON API: the starter set of an empty catalogue")
struct StarterAPITests {
  @Test("GET offers the starter set in the request's language, marking what the catalogue has")
  func offered() async throws {
    let server = try TestServer()
    let english = try await server.get("/api/v1/catalogue/starter").json()
    #expect(english["language"] as? String == "en")
    let items = try #require(english["items"] as? [[String: Any]])
    #expect(items.count >= 25)
    #expect(items.first?["name"] as? String == "Apples")
    #expect(items.first?["category"] as? String == "Fruit")
    #expect(items.allSatisfy { $0["inCatalogue"] as? Bool == false })

    _ = try await server.request("POST", "/api/v1/catalogue", json: ["name": "Milch"])
    let german = try await server.get(
      "/api/v1/catalogue/starter", headers: ["Accept-Language": "de-DE,de;q=0.9"])
    #expect(german.header("Vary") == "Accept-Language")
    let body = try german.json()
    #expect(body["language"] as? String == "de")
    let milch = (body["items"] as? [[String: Any]])?.first { $0["name"] as? String == "Milch" }
    #expect(milch?["category"] as? String == "Milchprodukte")
    #expect(milch?["inCatalogue"] as? Bool == true)
  }

  @Test("POST adds the names asked for, or all, once: sending it again adds nothing")
  func adding() async throws {
    let server = try TestServer()
    let some = try await server.request(
      "POST", "/api/v1/catalogue/starter", json: ["names": ["Milk", "bread"]])
    #expect(some.status == 200)
    let added = try #require(try some.json()["added"] as? [[String: Any]])
    #expect(added.map { $0["name"] as? String } == ["Milk", "Bread"])
    #expect(added.map { $0["category"] as? String } == ["Dairy", "Bakery"])
    #expect(added.allSatisfy { $0["price"] is NSNull || $0["price"] == nil })
    let again = try await server.request(
      "POST", "/api/v1/catalogue/starter", json: ["names": ["Milk"]])
    #expect(try (again.json()["added"] as? [Any])?.isEmpty == true)
    #expect(try again.json()["alreadyInCatalogue"] as? Int == 1)

    let all = try await server.request("POST", "/api/v1/catalogue/starter", json: ["all": true])
    let count = try #require((try all.json()["added"] as? [Any])?.count)
    #expect(try await server.catalogue().items.count == count + 2)
    #expect(try await server.catalogue().items.allSatisfy { $0.price == nil })
  }

  @Test("A name not in the set, or neither names nor all, is refused with a message")
  func refused() async throws {
    let server = try TestServer()
    let unknown = try await server.request(
      "POST", "/api/v1/catalogue/starter", json: ["names": ["Milk", "Caviar"]])
    #expect(unknown.status == 422)
    #expect(unknown.problemDetail.hasPrefix("'Caviar' is not in the starter set"))
    let neither = try await server.request("POST", "/api/v1/catalogue/starter", json: [:])
    #expect(neither.status == 422)
    #expect(neither.problemDetail.contains("{\"all\": true}"))
    let wrong = try await server.request(
      "POST", "/api/v1/catalogue/starter", json: ["names": "Milk"])
    #expect(wrong.status == 422)
    #expect(try await server.catalogue().items.isEmpty)
  }
}
