import Foundation
import Testing

@Suite("The API refuses text no one can read: NUL and other control characters, lone marks")
struct TextInputTests {
  /// A name made only of combining marks, and names hiding NUL (and an escape sequence).
  static let unreadable = [
    "\u{0301}\u{0301}", "Trips\u{0000}", "\u{0000}", "Tr\u{0000}ips", "red\u{001B}[0m",
  ]

  /// Sends `body` and checks the answer is a problem naming the field, and nothing changed.
  static func expectRefused(
    _ server: TestServer, _ method: String, _ path: String, _ body: [String: Any],
    status: Int = 422, detail: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let before = try await APIBadInputTests.exportWithoutDate(server)
    let response = try await server.request(method, path, json: body)
    #expect(response.status == status, "\(body)", sourceLocation: sourceLocation)
    #expect(
      response.header("Content-Type") == "application/problem+json",
      sourceLocation: sourceLocation)
    let problem = try response.json()
    #expect(
      (problem["detail"] as? String)?.hasPrefix(detail) == true, "\(problem)",
      sourceLocation: sourceLocation)
    #expect(
      try await APIBadInputTests.exportWithoutDate(server) == before,
      sourceLocation: sourceLocation)
  }

  static func detail(_ field: String, for text: String) -> String {
    text.unicodeScalars.first == "\u{0301}"
      ? "\(field) cannot be only combining marks"
      : "\(field) must be one line of text without control characters"
  }

  @Test("A list's name or an item's text", arguments: unreadable)
  func checklists(text: String) async throws {
    let server = try TestServer()
    let list = try server.service.checklists()[0].id.uuidString
    try await Self.expectRefused(
      server, "POST", "/api/v1/checklists", ["name": text],
      detail: Self.detail("A list's name", for: text))
    try await Self.expectRefused(
      server, "PATCH", "/api/v1/checklists/\(list)", ["name": text],
      detail: Self.detail("A list's name", for: text))
    try await Self.expectRefused(
      server, "POST", "/api/v1/checklists/\(list)/items", ["text": text],
      detail: Self.detail("An item's text", for: text))
  }

  @Test("A shopping list's name, a catalogue item's name or unit", arguments: unreadable)
  func shopping(text: String) async throws {
    let server = try TestServer()
    let list = try await server.shoppingList().id.uuidString
    try await Self.expectRefused(
      server, "POST", "/api/v1/shopping-lists", ["name": text],
      detail: Self.detail("A shopping list's name", for: text))
    try await Self.expectRefused(
      server, "POST", "/api/v1/catalogue", ["name": text],
      detail: Self.detail("An item's name", for: text))
    try await Self.expectRefused(
      server, "POST", "/api/v1/catalogue", ["name": "Pears", "unit": text],
      detail: Self.detail("A unit", for: text))
    try await Self.expectRefused(
      server, "POST", "/api/v1/shopping-lists/\(list)/entries", ["name": text],
      detail: Self.detail("An item's name", for: text))
  }

  @Test(
    "An icon whose name hides NUL is unknown, not 'No Icon'",
    arguments: ["No Icon\u{0000}", "\u{0000}Folder", "Gro\u{0000}ceries"])
  func icon(name: String) async throws {
    let server = try TestServer()
    let list = try server.service.checklists()[0].id.uuidString
    try await Self.expectRefused(
      server, "POST", "/api/v1/checklists", ["name": "Trips", "icon": name],
      detail: "Unknown icon '\(name)'")
    try await Self.expectRefused(
      server, "PATCH", "/api/v1/checklists/\(list)", ["icon": name],
      detail: "Unknown icon '\(name)'")
  }
}
