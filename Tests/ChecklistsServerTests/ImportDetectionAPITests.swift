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

  @Test("A Checklists.plist brings due dates only with Remind Me; our export comes back as it was")
  func appDueDates() async throws {
    let server = try TestServer()  // the clock stands in 2027, after every date of the file
    let imported = try await server.request(
      "POST", "/api/v1/import", body: try ShoppingFixtures.data("Checklists.plist"))
    #expect(imported.status == 200)
    func overdue() async throws -> [String] {
      let body = try await server.get("/api/v1/smart-lists/overdue").json()
      return (body["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
    // The file has a date on all ten items; the app showed one, with Remind Me.
    #expect(try await overdue() == ["Buy a cake"])
    let lists = try server.service.checklists()
    let items = try lists.flatMap { try server.service.checklistWithItems(id: $0.id).1 }
    #expect(items.count == 10)
    #expect(items.filter { $0.dueDate != nil }.map(\.text) == ["Buy a cake"])

    // An item of ours due without a reminder, exported as the app's file (every item with a
    // date, as the app writes it) and imported again: nothing changes.
    let toDo = try server.service.findList("To Do")
    let passport = try server.service.addItem(
      "Passport", to: toDo.id, dueDate: Date(timeIntervalSince1970: 1_900_000_000))
    let plist = try await server.get("/api/v1/export?format=ios-plist")
    let again = try await server.request("POST", "/api/v1/import", body: plist.body)
    #expect(again.status == 200)
    let report = try #require(try again.json()["report"] as? [String: Any])
    #expect(report["itemsAdded"] as? Int == 0 && report["itemsUpdated"] as? Int == 0)
    #expect(try server.service.item(id: passport.id).dueDate == passport.dueDate)
    let after = try lists.flatMap { try server.service.checklistWithItems(id: $0.id).1 }
    #expect(after.filter { $0.dueDate != nil }.map(\.text) == ["Buy a cake", "Passport"])
    #expect(try await overdue() == ["Buy a cake"])
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
