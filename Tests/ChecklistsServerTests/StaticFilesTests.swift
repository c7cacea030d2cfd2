import ChecklistsWeb
import Foundation
import Testing

@testable import ChecklistsServer

@Suite("The web app is served from the binary")
struct StaticFilesTests {
  @Test("The app shell at / and at every app URL, with security headers")
  func shell() async throws {
    let server = try TestServer()
    for path in [
      "/", "/lists/\(UUID().uuidString)", "/lists/new", "/smart/today", "/search", "/templates",
    ] {
      let page = try await server.get(path)
      #expect(page.status == 200)
      #expect(page.header("Content-Type") == "text/html; charset=utf-8")
      #expect(page.text.contains("<html"))
      #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
      #expect(page.header("X-Content-Type-Options") == "nosniff")
      #expect(page.header("Strict-Transport-Security") == nil)  // only over HTTPS
    }
  }

  @Test("Files have their types and ETags, and revalidate with 304")
  func files() async throws {
    let server = try TestServer()
    let manifest = try await server.get("/manifest.webmanifest")
    #expect(manifest.status == 200)
    #expect(manifest.header("Content-Type")?.hasPrefix("application/manifest+json") == true)
    let worker = try await server.get("/sw.js")
    #expect(worker.header("Content-Type")?.hasPrefix("text/javascript") == true)
    let etag = try #require(worker.header("ETag"))
    #expect(try await server.get("/sw.js", headers: ["If-None-Match": etag]).status == 304)
    #expect(try await server.get("/nothing-here.js").status == 404)
    #expect(try await server.request("POST", "/app.js").status == 405)
  }

  @Test("The OpenAPI document is served and names every route")
  func openAPI() async throws {
    let server = try TestServer()
    let document = try await server.get("/api/openapi.json").json()
    #expect(document["openapi"] as? String == "3.1.0")
    let paths = try #require(document["paths"] as? [String: Any])
    for path in [
      "/api/v1/checklists", "/api/v1/checklists/{id}", "/api/v1/checklists/{id}/items",
      "/api/v1/items/{id}", "/api/v1/items/{id}/toggle", "/api/v1/items/{id}/move",
      "/api/v1/icons", "/api/v1/due", "/api/v1/import", "/api/v1/export", "/api/v1/events",
    ] {
      #expect(paths[path] != nil, "\(path) is not documented")
    }
  }

  @Test("The service worker's cache is named after the app's files, not a hand-bumped number")
  func serviceWorkerVersion() async throws {
    let server = try TestServer()
    let worker = try await server.get("/sw.js").text
    #expect(!worker.contains("const VERSION = \"development\";"))
    #expect(worker.contains("const VERSION = \""))
  }

  @Test("Every file of Web/ is embedded and served, and the offline shell lists each one")
  func everyFileIsServed() async throws {
    let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/ChecklistsWeb/Web").standardized
    let files = try #require(FileManager.default.enumerator(atPath: web.path))
      .compactMap { $0 as? String }
      .filter { !$0.hasPrefix(".") && !$0.hasSuffix("/") }
      .filter { path in
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(
          atPath: web.appendingPathComponent(path).path, isDirectory: &isFolder)
        return !isFolder.boolValue
      }
    #expect(files.count > 10)
    // The build lists the folder (Plugins/EmbeddedFileList): exactly its files, none by hand.
    #expect(WebFiles.paths.sorted() == files.map { "/" + $0 }.sorted())
    #expect(WebFiles.all.count == files.count)
    let server = try TestServer()
    let worker = try await server.get("/sw.js").text
    for file in files {
      let response = try await server.get("/" + file)
      #expect(response.status == 200, "/\(file) is not served")
      if file != "sw.js" && file != "index.html" {
        #expect(worker.contains("\"/\(file)\""), "sw.js does not cache /\(file)")
      }
    }
  }

  @Test("The offline shell in the served sw.js is every web asset but sw.js and index.html")
  func shellFromWebAssets() async throws {
    let server = try TestServer()
    let worker = try await server.get("/sw.js").text
    let start = try #require(worker.range(of: "const SHELL = ["), "sw.js has no SHELL list")
    let end = try #require(worker.range(of: "];", range: start.upperBound..<worker.endIndex))
    let listed = try #require(
      JSONSerialization.jsonObject(
        with: Data(("[" + worker[start.upperBound..<end.lowerBound] + "]").utf8)) as? [String])
    let assets = WebAssets.all.keys.filter { $0 != "/sw.js" && $0 != "/index.html" }
    #expect(listed == ["/"] + assets.sorted())
    // Nobody keeps the list by hand: the file itself holds only the placeholder.
    let source = String(decoding: try #require(WebAssets.all["/sw.js"]).bytes, as: UTF8.self)
    #expect(source.contains(StaticFiles.shellPlaceholder))
    #expect(!source.contains("\"/app.js\""))
  }
}
