import Foundation
import Testing

@Suite("Bad input gets the right 4xx with a clear message, and changes nothing")
struct APIBadInputTests {
  static func exportWithoutDate(_ server: TestServer) async throws -> String {
    try await server.get("/api/v1/export").text.split(separator: "\n")
      .filter { !$0.contains("exportedAt") }.joined(separator: "\n")
  }

  @Test(
    "Request bodies",
    arguments: [
      ("{\"name\": ", "application/json", 400, "The request body is not valid JSON."),
      ("", "application/json", 400, "The request body is empty; send a JSON object."),
      ("[1, 2]", "application/json", 422, "The request body must be a JSON object, not an array."),
      (
        "{\"name\": 42}", "application/json", 422,
        "The field 'name' must be a string, not a number."
      ),
      ("{\"name\": \"X\", \"colour\": \"red\"}", "application/json", 422, "Unknown field 'colour'"),
      ("{\"icon\": \"Folder\"}", "application/json", 422, "The field 'name' is required."),
      ("{\"name\": \"X\", \"icon\": \"Boat\"}", "application/json", 422, "Unknown icon 'Boat'"),
      (
        "{\"name\": \"   \"}", "application/json", 422,
        "A list's name cannot be empty or only white space."
      ),
      ("name=X", "application/x-www-form-urlencoded", 415, "Send the body as JSON"),
    ])
  func bodies(body: String, type: String, status: Int, detail: String) async throws {
    let server = try TestServer()
    let before = try await Self.exportWithoutDate(server)
    let response = try await server.request(
      "POST", "/api/v1/checklists", body: Data(body.utf8), headers: ["Content-Type": type])
    #expect(response.status == status)
    #expect(response.header("Content-Type") == "application/problem+json")
    let problem = try response.json()
    #expect((problem["detail"] as? String)?.hasPrefix(detail) == true, "\(problem)")
    #expect(problem["status"] as? Int == status)
    #expect(try await Self.exportWithoutDate(server) == before)
  }

  @Test("Item fields of the wrong type or shape")
  func itemFields() async throws {
    let server = try TestServer()
    let list = try server.service.checklists()[0].id.uuidString
    let cases: [([String: Any], String)] = [
      (["text": "A", "checked": 1], "The field 'checked' must be true or false, not a number."),
      (["text": "A", "dueDate": "tomorrow"], "The field 'dueDate' must be an ISO 8601 date"),
      (["text": "A", "dueDate": 5], "The field 'dueDate' must be an ISO 8601 date string or null"),
      (["text": String(repeating: "x", count: 1_001)], "An item's text is 1001 characters long"),
      (["text": "a\nb"], "An item's text must be one line"),
    ]
    for (body, detail) in cases {
      let response = try await server.request(
        "POST", "/api/v1/checklists/\(list)/items", json: body)
      #expect(response.status == 422)
      #expect((try response.json()["detail"] as? String)?.hasPrefix(detail) == true)
    }
    let move = try await server.request(
      "POST", "/api/v1/items/\(UUID().uuidString)/move", json: ["index": -1])
    #expect(move.status == 422)
    #expect(try server.service.checklists()[0].itemCount == 0)
  }

  @Test("Invalid UTF-8 in a body is a 400")
  func invalidUTF8() async throws {
    let server = try TestServer()
    var body = Data("{\"name\": \"".utf8)
    body.append(contentsOf: [0xFF, 0xFE])
    body.append(contentsOf: Data("\"}".utf8))
    let response = try await server.request(
      "POST", "/api/v1/checklists", body: body, headers: ["Content-Type": "application/json"])
    #expect(response.status == 400)
    #expect(try response.json()["detail"] as? String == "The request body is not valid UTF-8.")
  }

  @Test("Unknown ids, routes and methods")
  func unknowns() async throws {
    let server = try TestServer()
    let missing = UUID().uuidString
    #expect(try await server.get("/api/v1/checklists/\(missing)").status == 404)
    #expect(try await server.get("/api/v1/items/not-a-uuid").status == 404)
    #expect(
      try await server.request("PATCH", "/api/v1/items/\(missing)", json: ["text": "x"]).status
        == 404)
    #expect(try await server.get("/api/v1/nothing").status == 404)
    let method = try await server.request("PUT", "/api/v1/checklists")
    #expect(method.status == 405)
    #expect(method.header("Allow") == "GET, HEAD, POST")
  }

  @Test("A body over 1 MiB is a 413 and is not read")
  func tooLarge() async throws {
    // The limit is the HTTP layer's: only a socket has it.
    let server = try TestServer(transport: .socket)
    let body = Data(("{\"name\": \"" + String(repeating: "x", count: 1_100_000) + "\"}").utf8)
    let response = try await server.request(
      "POST", "/api/v1/checklists", body: body, headers: ["Content-Type": "application/json"])
    #expect(response.status == 413)
    #expect(try server.service.checklists().count == 1)
  }

  @Test("An import may be larger than a JSON body: a 2 MB backup goes in")
  func largeImport() async throws {
    // The route's larger limit is the HTTP layer's: only a socket has it. The session waits
    // for the answer however long a loaded machine takes over 30,000 items (it once took
    // longer than URLSession's default timeout).
    let server = try TestServer(transport: .socket)
    let items = (0..<30_000).map { "{\"text\": \"Item number \($0) of a long list\"}" }
    let backup = """
      {"format": "checklists-backup", "version": 1, "checklists": [
        {"name": "Long", "icon": "Folder", "items": [\(items.joined(separator: ","))]}]}
      """
    #expect(backup.utf8.count > 1 << 20)
    let response = try await server.request(
      "POST", "/api/v1/import", body: Data(backup.utf8),
      headers: ["Content-Type": "application/json"])
    #expect(response.status == 200, "\(response.text.prefix(300))")
    #expect((try response.json()["report"] as? [String: Any])?["itemsAdded"] as? Int == 30_000)
  }

  @Test(
    "Path tricks on static files never reach a file or a 500",
    arguments: [
      "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/icons/..%2f..%2fetc%2fpasswd",
      "/%2e%2e%2fPackage.swift", "/app.js%00.png", "/..\\\\app.js", "//etc/passwd", "/%ff%fe",
    ])
  func pathTricks(path: String) throws {
    let server = try TestServer()
    let (status, text) = try RawHTTPConnection.get(port: server.server.port, path)
    #expect((400...404).contains(status), "\(path) → \(text.prefix(200))")
    #expect(!text.contains("root:"))
  }
}
