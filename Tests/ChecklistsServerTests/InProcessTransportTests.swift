import ChecklistsCore
import Foundation
import Testing

/// The fast tier's client (``TestServer`` in process) against the real one: the same server
/// answers both, and what a test sees must not depend on which one asked.
@Suite("In-process requests get what a socket gets")
struct InProcessTransportTests {
  @Test("A request answered in process and over a socket: the same status, headers and body")
  func sameAnswer() async throws {
    let server = try TestServer()
    let inProcess = try await server.get("/api/v1/checklists")
    let overSocket = try await TestServer.send(
      "GET", server.baseURL + "/api/v1/checklists", headers: [:], body: nil)
    #expect(inProcess.status == 200)
    #expect(overSocket.status == inProcess.status)
    #expect(overSocket.body == inProcess.body)
    for name in [
      "Content-Type", "ETag", "Content-Security-Policy", "X-Content-Type-Options",
      "Referrer-Policy", "Content-Length",
    ] {
      #expect(inProcess.header(name) != nil, "\(name)")
      #expect(overSocket.header(name) == inProcess.header(name), "\(name)")
    }
    #expect(overSocket.header("Cache-Control") == inProcess.header("Cache-Control"))
  }

  @Test("In process, a request meets the server's own checks: Host, Origin, path, routes")
  func sameChecks() async throws {
    let server = try TestServer()
    let rebound = try await server.get("/api/v1/checklists", headers: ["Host": "evil.example"])
    #expect(rebound.status == 421, "\(rebound.text)")
    #expect(rebound.header("Content-Security-Policy") != nil)
    let crossSite = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Planted"],
      headers: ["Origin": "http://evil.example"])
    #expect(crossSite.status == 403, "\(crossSite.text)")
    #expect(try !server.service.checklists().contains { $0.name == "Planted" })
    let sameSite = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Kept"], headers: ["Origin": server.origin])
    #expect(sameSite.status == 201, "\(sameSite.text)")
    // Decoded as the listener decodes a target: not text is 400 before any route.
    #expect(try await server.get("/api/v1/checklists/%FF").status == 400)
    #expect(try await server.get("/api/v1/nothing").status == 404)
  }

  @Test("A change another process made is in the next answer, with no watcher thread polling")
  func otherProcessesChanges() async throws {
    let server = try TestServer()
    let first = try await server.get("/api/v1/checklists")
    let tag = try #require(first.header("ETag"))
    _ = try server.otherProcess().createList(named: "From the CLI")
    let next = try await server.get("/api/v1/checklists", headers: ["If-None-Match": tag])
    #expect(next.status == 200)
    #expect(next.text.contains("From the CLI"))
  }

  @Test("The port is bound from the start: the origin is the same once the listener runs")
  func portBoundFromTheStart() async throws {
    let server = try TestServer()
    let origin = server.origin
    #expect(origin.hasPrefix("http://127.0.0.1:") && !origin.hasSuffix(":0"))
    #expect(server.baseURL == origin)
    // A page's origin taken before the listener started is still this server's.
    let write = try await server.request(
      "POST", "/api/v1/checklists", json: ["name": "Later"], headers: ["Origin": origin])
    #expect(write.status == 201, "\(write.text)")
  }
}
