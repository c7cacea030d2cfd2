import ChecklistsWeb
import Foundation
import Testing

@testable import ChecklistsServer

/// The page's `<link rel="modulepreload">` list is computed from the modules, not kept by hand.
@Suite("The page preloads the modules app.js loads at start")
struct ModulePreloadTests {
  /// The `href` of every `<link rel="modulepreload">` of a page, in order.
  static func preloads(in page: String) -> [String] {
    page.matches(of: /<link rel="modulepreload" href="([^"]+)">/).map { String($0.output.1) }
  }

  /// A module's static imports as URL paths, read by splitting it into statements: a second
  /// reading, independent of ``ModulePreload/staticImports(in:of:)``, to check the page against.
  static func imports(of path: String, in source: String) throws -> [String] {
    let base = try #require(URL(string: "https://app.example" + path))
    return source.split(separator: ";").compactMap { piece -> String? in
      // Comments above a statement belong to the piece before it: drop them line by line.
      let statement = piece.split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
      guard
        statement.hasPrefix("import ") || statement.hasPrefix("import{")
          || statement.hasPrefix("import\"") || statement.hasPrefix("export ")
      else { return nil }
      guard let quote = statement.lastIndex(of: "\""), statement.hasSuffix("\""),
        let open = statement[..<quote].lastIndex(of: "\"")
      else { return nil }
      let before = statement[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
      guard before == "import" || before.hasSuffix("from") else { return nil }
      let specifier = String(statement[statement.index(after: open)..<quote])
      return URL(string: specifier, relativeTo: base)?.path
    }
  }

  @Test("The served page preloads every module app.js imports statically, and only files there are")
  func pageMatchesImports() async throws {
    let server = try TestServer()
    let page = try await server.get("/")
    #expect(page.status == 200)
    #expect(!page.text.contains(ModulePreload.placeholder))
    let listed = Self.preloads(in: page.text)
    #expect(listed.count > 10, "the page preloads \(listed)")
    #expect(Set(listed).count == listed.count, "a module is preloaded twice")
    #expect(!listed.contains("/app.js"), "the page's own script is not preloaded as well")

    // Every preloaded module is served, as JavaScript.
    for path in listed {
      let module = try await server.get(path)
      #expect(module.status == 200, "\(path) is preloaded but not served")
      #expect(module.header("Content-Type")?.hasPrefix("text/javascript") == true, "\(path)")
    }
    // Every module app.js loads before it runs is preloaded: app.js's static imports, theirs…
    var missing: [String] = []
    var checked: Set<String> = []
    var queue = ["/app.js"]
    while let path = queue.popLast() {
      guard checked.insert(path).inserted else { continue }
      let source = try await server.get(path).text
      for imported in try Self.imports(of: path, in: source) {
        if !listed.contains(imported) { missing.append("\(imported) (imported by \(path))") }
        queue.append(imported)
      }
      #expect(checked.count < 500, "the import graph does not end")
      if checked.count >= 500 { break }
    }
    #expect(missing.isEmpty, "not preloaded: \(missing)")
    // …and nothing else: every preloaded module is one of them.
    #expect(Set(listed) == checked.subtracting(["/app.js"]))
    // The Shopping tab's screens load on demand, with import(): not at start.
    #expect(!listed.contains("/shopping/shopping.js"))
  }

  @Test("The page with its list revalidates with 304, like every file")
  func pageRevalidates() async throws {
    let server = try TestServer()
    let page = try await server.get("/")
    let etag = try #require(page.header("ETag"))
    #expect(try await server.get("/", headers: ["If-None-Match": etag]).status == 304)
    #expect(try await server.get("/lists/new", headers: ["If-None-Match": etag]).status == 304)
    // No script is written into the page: the Content-Security-Policy allows none inline.
    for tag in page.text.matches(of: /<script\b[^>]*>/) {
      #expect(tag.output.contains(" src=\"/"), "an inline script: \(tag.output)")
    }
  }

  @Test("Static imports in every form a module writes them; import() and import.meta are not")
  func staticImportForms() {
    let source = """
      // import { commented } from "/commented.js";
      import { a } from "/a.js";
      import * as b from "./b.js";
      import c, {
        d,
        e as f,
      } from "../c.js";
      import "/side-effect.js";
      export { g } from "/g.js";
      export * from '/h.js';
      import { a as again } from "/a.js?v=1";
      const later = await import("/later.js");
      const here = import.meta.url;
      export function from() { return "/not-a-module.js"; }
      import { remote } from "https://cdn.example/x.js";
      """
    #expect(
      ModulePreload.staticImports(in: source, of: "/app/main.js") == [
        "/a.js", "/app/b.js", "/c.js", "/side-effect.js", "/g.js", "/h.js",
      ])
  }

  @Test("Modules are followed through their imports, each once; missing files are not listed")
  func followsImports() {
    let files = [
      "/app.js": "import { x } from \"/x.js\";\nimport \"/gone.js\";\n",
      "/x.js": "import { y } from \"/y/y.js\";\nimport { app } from \"/app.js\";\n",
      "/y/y.js": "import { x } from \"../x.js\";\nexport const y = await import(\"/lazy.js\");\n",
      "/lazy.js": "export const lazy = 1;\n",
    ].mapValues { Array($0.utf8) }
    let web = Dictionary(
      uniqueKeysWithValues: files.map { ($0.key, WebFile(path: $0.key, bytes: $0.value)) })
    #expect(ModulePreload.modules(loadedBy: ["/app.js"], files: web) == ["/x.js", "/y/y.js"])

    let page = WebFile(
      path: "/index.html",
      bytes: Array(
        "<head>\n  <!-- modulepreload -->\n  <script type=\"module\" src=\"/app.js\"></script>\n"
          .utf8))
    let written = String(decoding: ModulePreload.page(page, files: web).bytes, as: UTF8.self)
    #expect(
      written == """
        <head>
          <link rel="modulepreload" href="/x.js">
          <link rel="modulepreload" href="/y/y.js">
          <script type="module" src="/app.js"></script>

        """)
  }
}
