import ChecklistsCore
import Foundation
import Testing

/// What a request means is read strictly: an encoded slash is data, JSON is JSON as RFC 8259
/// has it, and an entity tag is quoted.
@Suite("Strict framing: paths, JSON bodies and entity tags")
struct FramingTests {
  @Test("%2F in a path segment is data, never a separator")
  func encodedSlash() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server)
    let item = try await APIItemsTests.addItem(server, list, ["text": "Milk"])
    let id = try #require(item["id"] as? String)
    for path in [
      "/api/v1/items/\(id)%2Ftoggle", "/api/v1/items/\(id)%2ftoggle", "/api/v1%2Fchecklists",
      "/api%2Fv1%2Fchecklists", "/api/v1/checklists/\(list)%2Fitems",
    ] {
      let answer = try RawHTTPConnection.exchange(
        port: server.server.port,
        Array(
          ("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.server.port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 14\r\nConnection: close\r\n\r\n"
            + "{\"text\":\"Tea\"}").utf8))
      #expect(answer.status == 404, "\(path): \(answer.text)")
    }
    let after = try await server.get("/api/v1/items/\(id)").json()
    #expect(after["checked"] as? Bool == false)
    let items = try await server.get("/api/v1/checklists/\(list)").json()["items"] as? [Any]
    #expect(items?.count == 1)
    // A static file's name is data too: /ui%2F… is not /ui/….
    #expect(try RawHTTPConnection.get(port: server.server.port, "/ui/ui-back.svg").status == 200)
    let page = try RawHTTPConnection.get(port: server.server.port, "/ui%2Fui-back.svg")
    #expect(page.status == 404)
  }

  @Test(
    "JSON with a trailing comma, or other things RFC 8259 does not allow, is 400",
    arguments: [
      "{\"name\": \"X\",}", "{\"name\": \"X\" , }", "{\"name\": [\"X\",]}", "{\"name\": 'X'}",
      "{name: \"X\"}", "{\"name\": \"X\"} // note", "{\"name\": NaN}",
    ])
  func trailingComma(body: String) async throws {
    let server = try TestServer()
    let response = try await server.request(
      "POST", "/api/v1/checklists", body: Data(body.utf8),
      headers: ["Content-Type": "application/json"])
    #expect(response.status == 400, "\(body): \(response.text)")
    #expect(try response.json()["detail"] as? String == "The request body is not valid JSON.")
    #expect(try server.service.checklists().map(\.name) == [Checklist.firstListName])
  }

  @Test("An unquoted If-Match never matches, even naming the current revision")
  func unquotedIfMatch() async throws {
    let server = try TestServer()
    let list = try await APIItemsTests.makeList(server)
    let item = try await APIItemsTests.addItem(server, list, ["text": "Milk"])
    let id = try #require(item["id"] as? String)
    let etag = try #require(try await server.get("/api/v1/items/\(id)").header("ETag"))
    let bare = etag.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    for header in [bare, "\(bare), \(bare)", "\"\(bare)", "\(bare)\""] {
      let response = try await server.request(
        "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: ["If-Match": header])
      #expect(response.status == 412, "If-Match: \(header): \(response.text)")
      let toggle = try await server.request(
        "POST", "/api/v1/items/\(id)/toggle", headers: ["If-Match": header])
      #expect(toggle.status == 412, "If-Match: \(header): \(toggle.text)")
    }
    #expect(try await server.get("/api/v1/items/\(id)").json()["checked"] as? Bool == false)
    // Unquoted is no tag for If-None-Match either: the full answer, not 304.
    #expect(
      try await server.get("/api/v1/items/\(id)", headers: ["If-None-Match": bare]).status == 200)
    let quoted = try await server.request(
      "PATCH", "/api/v1/items/\(id)", json: ["checked": true], headers: ["If-Match": etag])
    #expect(quoted.status == 200)
  }
}
