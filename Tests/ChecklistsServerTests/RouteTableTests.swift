import ChecklistsCore
import Foundation
import Testing

@testable import ChecklistsServer

/// The route table against the live server: the document it serves lists exactly the routes
/// the server answers, every reference in it resolves, and the body limits are the table's.
@Suite("Route table: one declaration for the router, the document and the limits")
struct RouteTableTests {
  static let methods = ["GET", "PUT", "POST", "PATCH", "DELETE"]

  /// The path with a fresh UUID for each `{parameter}`.
  static func concrete(_ path: String) -> String {
    path.split(separator: "/").map {
      $0.hasPrefix("{") ? UUID().uuidString.lowercased() : String($0)
    }.reduce("") { $0 + "/" + $1 }
  }

  /// The operations of a document's `paths`, as "METHOD path".
  static func operations(_ document: [String: Any]) throws -> Set<String> {
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    var operations: Set<String> = []
    for (path, item) in paths {
      for method in methods where item[method.lowercased()] != nil {
        operations.insert("\(method) \(path)")
      }
    }
    return operations
  }

  @Test("Every route under /api/ is in the served document, and every operation in it is a route")
  func documentMatchesTable() async throws {
    let server = try TestServer()
    let document = try await server.get("/api/openapi.json").json()
    let documented = try Self.operations(document)
    let table = Set(
      RouteTable.server.routes.filter { $0.path.hasPrefix("/api/") || $0.operation != nil }.map {
        "\($0.method) \($0.path)"
      })
    #expect(table.subtracting(documented).isEmpty, "routes missing from the document")
    #expect(documented.subtracting(table).isEmpty, "operations the table lacks")
    #expect(documented.count >= 45)
    // Every API route is documented: none hides with `operation: nil`.
    for route in RouteTable.server.routes where route.path.hasPrefix("/api/") {
      #expect(route.operation != nil, "\(route.method) \(route.path) has no operation")
    }
    let ids = RouteTable.server.documented.compactMap(\.operation?.id)
    #expect(Set(ids).count == ids.count, "an operationId twice")
  }

  @Test("The live server answers every documented operation, and 405 for every other method")
  func serverAnswersTheDocument() async throws {
    let server = try TestServer()
    let document = try await server.get("/api/openapi.json").json()
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
      let concrete = Self.concrete(path)
      let documented = Self.methods.filter { item[$0.lowercased()] != nil }
      var allow = documented.sorted()
      if let get = allow.firstIndex(of: "GET") { allow.insert("HEAD", at: get + 1) }
      // The event stream never ends; its route is checked by the live update tests.
      for method in Self.methods where !(method == "GET" && path == "/api/v1/events") {
        // Without a body: the route is found (so it is not 404 "no API route" nor 405)...
        let response = try await server.request(
          method, concrete, headers: method == "GET" ? [:] : ["Content-Type": "application/json"])
        if documented.contains(method) {
          #expect(response.status != 405, "\(method) \(path) is documented but 405")
          #expect(!response.text.contains("There is no API route"), "\(method) \(path): no route")
        } else {
          // ...and a method the document leaves out is refused, naming the documented ones.
          #expect(response.status == 405, "\(method) \(path) answered \(response.status)")
          #expect(response.header("Allow") == allow.joined(separator: ", "), "\(method) \(path)")
        }
      }
    }
  }

  @Test("POST /api/openapi.json is 405 with Allow: GET, HEAD")
  func documentIsReadOnly() async throws {
    let server = try TestServer()
    let response = try await server.request("POST", "/api/openapi.json", body: Data("{}".utf8))
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, HEAD")
    #expect(try await server.get("/api/openapi.json").status == 200)
    #expect(try await server.request("HEAD", "/api/openapi.json").status == 200)
  }

  @Test("Every $ref in the document resolves")
  func referencesResolve() async throws {
    let server = try TestServer()
    let response = try await server.get("/api/openapi.json")
    let document = try JSONSerialization.jsonObject(with: response.body)
    var references: [String] = []
    func collect(_ value: Any) {
      if let object = value as? [String: Any] {
        if let reference = object["$ref"] as? String { references.append(reference) }
        object.values.forEach(collect)
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    collect(document)
    #expect(references.count > 100)
    for reference in Set(references).sorted() {
      #expect(reference.hasPrefix("#/"), "\(reference) is not local")
      var target: Any? = document
      for key in reference.dropFirst(2).split(separator: "/") {
        let key = key.replacingOccurrences(of: "~1", with: "/")
          .replacingOccurrences(of: "~0", with: "~")
        target = (target as? [String: Any])?[key]
      }
      #expect(target != nil, "\(reference) resolves to nothing")
    }
    // The same bytes each time: keys are sorted.
    #expect(try await server.get("/api/openapi.json").body == response.body)
  }

  @Test("A 2 MiB body is 413 on every route but those the table lets upload")
  func bodyLimitsComeFromTheTable() async throws {
    // Body limits are the HTTP layer's: only a socket has them.
    let server = try TestServer(transport: .socket)
    let big = Data(repeating: UInt8(ascii: " "), count: 2 << 20)
    var uploads: [String] = []
    for route in RouteTable.server.routes where ["POST", "PUT", "PATCH"].contains(route.method) {
      let response = try await server.request(
        route.method, Self.concrete(route.path), body: big,
        headers: ["Content-Type": "application/json"])
      if route.bodyLimit == .upload {
        uploads.append(route.path)
        #expect(response.status != 413, "\(route.method) \(route.path)")
      } else {
        #expect(response.status == 413, "\(route.method) \(route.path): \(response.status)")
      }
    }
    #expect(uploads.sorted() == ["/api/v1/catalogue/import", "/api/v1/cli", "/api/v1/import"])
    #expect(RouteTable.server.bodyLimit("POST", "/api/v1/import?mode=replace") == 64 << 20)
    #expect(RouteTable.server.bodyLimit("POST", "/api/v1/checklists") == 1 << 20)
    #expect(RouteTable.server.bodyLimit("GET", "/api/v1/import") == 1 << 20)
  }

  @Test("Unknown paths are 404 under /api/ and for pages, and pages take only GET and HEAD")
  func unknownPaths() async throws {
    let server = try TestServer()
    let api = try await server.request("POST", "/api/v1/nothing-here")
    #expect(api.status == 404)
    #expect(api.text.contains("There is no API route /api/v1/nothing-here"))
    #expect(try await server.get("/nothing-here").status == 404)
    #expect(try await server.get("/lists/some/deep/page").status == 200)
    let post = try await server.request("POST", "/login")
    #expect(post.status == 405)
    #expect(post.header("Allow") == "GET, HEAD")
  }
}
