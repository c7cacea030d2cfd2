import Foundation
import Testing

@testable import ChecklistsServer

/// The web app builds its requests from the route table's operation ids (`/data/routes.js`),
/// never from paths written by hand; its unit tests read the same table from
/// `Tests/js/fixtures/operations.json`, which this suite keeps equal to the route table.
@Suite("Client operations: the route table as the web app reads it")
struct ClientOperationsTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("js/fixtures/operations.json")

  @Test(
    "The unit tests' copy is the route table's operations (CHECKLISTS_WRITE_FIXTURES=1 rewrites)")
  func fixtureMatchesTheRouteTable() throws {
    let json = RouteTable.server.clientOperationsJSON + "\n"
    if ProcessInfo.processInfo.environment["CHECKLISTS_WRITE_FIXTURES"] == "1" {
      try Data(json.utf8).write(to: Self.file, options: .atomic)
    }
    let stored = try JSONDecoder().decode(
      [String: [String]].self, from: Data(contentsOf: Self.file))
    #expect(stored == RouteTable.server.clientOperations)
  }

  @Test("Every operation of the JSON API is there, below /api/v1, and nothing else")
  func operations() {
    let operations = RouteTable.server.clientOperations
    #expect(operations["updateItem"] == ["PATCH", "/items/{id}"])
    #expect(operations["putEntry"] == ["PUT", "/shopping-lists/{listID}/entries/{itemID}"])
    #expect(operations["createChecklist"] == ["POST", "/checklists"])
    #expect(operations["openAPI"] == nil)  // not under /api/v1
    #expect(operations["health"] == nil)
    #expect(operations.values.allSatisfy { $0.count == 2 && $0[1].hasPrefix("/") })
  }

  @Test("/data/routes.js is served with the table in place of its placeholder")
  func served() async throws {
    let server = try TestServer()
    let module = try await server.get("/data/routes.js")
    #expect(module.status == 200)
    #expect(module.header("Content-Type")?.hasPrefix("text/javascript") == true)
    #expect(!module.text.contains(StaticFiles.clientRoutesPlaceholder))
    #expect(module.text.contains(#""updateItem": ["PATCH","/items/{id}"]"#))
    let etag = try #require(module.header("ETag"))
    #expect(try await server.get("/data/routes.js", headers: ["If-None-Match": etag]).status == 304)
  }
}
