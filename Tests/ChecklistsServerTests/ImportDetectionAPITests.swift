import ChecklistsCore
import Foundation
import Testing

@Suite("The JSON API: POST /api/v1/import takes any file checklists import reads")
struct ImportDetectionAPITests {
  @Test("The Shopping List app's items file fills an empty catalogue with its five items")
  func shoppingItems() async throws {
    let server = try TestServer()
    let imported = try await server.request(
      "POST", "/api/v1/import", body: try ShoppingFixtures.data("items"),
      headers: ["Content-Type": "application/octet-stream"])
    #expect(imported.status == 200)
    let body = try imported.json()
    #expect(body["kind"] as? String == "shopping")
    let report = try #require(body["report"] as? [String: Any])
    #expect(report["added"] as? Int == 5)
    #expect(report["putOnList"] as? Int == 2)
    let items = try await server.catalogue().items
    #expect(items.map(\.name) == ["Bread", "Mango", "Notepad", "Pear", "Pencil"])
    #expect(items.map { $0.price?.amount } == ["3.12", "1.25", "2.53", "62.50", "0.35"])
    #expect(items.map(\.category) == ["Bakery", "Fruit", "Stationery", "Fruit", "Stationery"])
    let list = try await server.shoppingList()
    #expect(try await server.contents(of: list.id).lines.map(\.item.name) == ["Bread", "Notepad"])
  }

  @Test("A Checklists.plist and a JSON backup say their kind beside the report")
  func checklists() async throws {
    let server = try TestServer()
    let plist = try await server.request(
      "POST", "/api/v1/import", body: try ShoppingFixtures.data("Checklists.plist"))
    #expect(plist.status == 200)
    #expect(try plist.json()["kind"] as? String == "checklists")
    let report = try #require(try plist.json()["report"] as? [String: Any])
    #expect((report["listsCreated"] as? Int ?? 0) > 0)
    let backup = try await server.get("/api/v1/export?format=json")
    let again = try await server.request("POST", "/api/v1/import", body: backup.body)
    #expect(again.status == 200)
    #expect(try again.json()["kind"] as? String == "backup")
    #expect((try again.json()["report"] as? [String: Any])?["listsCreated"] as? Int == 0)
  }

  @Test("An iCalendar file, and options for the other kind, are refused with a message")
  func refused() async throws {
    let server = try TestServer()
    let calendar = try await server.request(
      "POST", "/api/v1/import", body: Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
    #expect(calendar.status == 422)
    #expect(calendar.problemDetail.hasPrefix("iCalendar is not supported yet"))
    let replace = try await server.request(
      "POST", "/api/v1/import?mode=replace", body: try ShoppingFixtures.data("items"))
    #expect(replace.status == 422)
    let list = try await server.request(
      "POST", "/api/v1/import?list=\(UUID().uuidString)",
      body: try ShoppingFixtures.data("Checklists.plist"))
    #expect(list.status == 422)
    #expect(try await server.catalogue().items.isEmpty)
  }
}
