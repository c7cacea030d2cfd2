import ChecklistsWeb

/// The page's `<link rel="modulepreload">` list, computed once at start from the web app's
/// files: the modules its module scripts (`/app.js`) import statically, followed through every
/// file they import in turn. Nobody keeps it by hand, so it can neither miss a module (which the
/// browser would then fetch only after the one importing it: one more round trip per level) nor
/// name one that is gone.
///
/// Modules loaded with `import()` (the Shopping tab, reminders' push set-up) are left out: they
/// load when first needed.
enum ModulePreload {
  /// The line of `index.html` the list replaces.
  static let placeholder = "<!-- modulepreload -->"

  /// The page with its placeholder replaced by one `<link rel="modulepreload">` per module its
  /// module scripts load at start.
  /// - Parameters:
  ///   - page: the page, such as index.html.
  ///   - files: every file of the app, by URL path.
  /// - Returns: the page with the list, or as it was when it has no placeholder.
  static func page(_ page: WebFile, files: [String: WebFile]) -> WebFile {
    let html = String(decoding: page.bytes, as: UTF8.self)
    guard html.contains(placeholder) else { return page }
    let links = modules(loadedBy: moduleScripts(in: html), files: files)
      .map { "<link rel=\"modulepreload\" href=\"\($0)\">" }
    let text = html.replacingOccurrences(of: placeholder, with: links.joined(separator: "\n  "))
    return WebFile(path: page.path, bytes: Array(text.utf8), contentType: page.contentType)
  }

  /// The `src` of every `<script type="module">` of a page, in order.
  /// - Parameter html: the page.
  /// - Returns: the scripts' URL paths.
  static func moduleScripts(in html: String) -> [String] {
    html.matches(of: /<script\b[^>]*>/).compactMap { match in
      let tag = match.output
      guard tag.contains("type=\"module\""),
        let src = tag.firstMatch(of: /\bsrc="([^"]+)"/)
      else { return nil }
      return String(src.output.1)
    }
  }

  /// Every module the entries load before they run: their static imports, those modules'
  /// static imports, and so on, breadth first, each once; the entries themselves and imports of
  /// files that do not exist are left out.
  /// - Parameters:
  ///   - entries: the URL paths of the modules the page runs.
  ///   - files: every file of the app, by URL path.
  /// - Returns: the modules' URL paths in the order first met.
  /// - Complexity: O(*n*) in the total size of the modules reached.
  static func modules(loadedBy entries: [String], files: [String: WebFile]) -> [String] {
    var seen = Set(entries)
    var queue = entries
    var found: [String] = []
    var next = 0
    while next < queue.count {
      let path = queue[next]
      next += 1
      guard let file = files[path] else { continue }
      for imported in staticImports(in: String(decoding: file.bytes, as: UTF8.self), of: path)
      where files[imported] != nil && seen.insert(imported).inserted {
        found.append(imported)
        queue.append(imported)
      }
    }
    return found
  }

  /// The URL paths a module imports statically (`import … from "…"`, `import "…"`,
  /// `export … from "…"`), resolved against the module's own path; `import()` is not one.
  ///
  /// Statements are found where the app writes them, at the start of a line; a specifier that
  /// is not a path ("https://…", a bare name) is left out.
  /// - Parameters:
  ///   - source: the module's text.
  ///   - path: the module's URL path, for relative specifiers ("./x.js", "../x.js").
  /// - Returns: the paths in the order imported, each once.
  static func staticImports(in source: String, of path: String) -> [String] {
    let statement =
      /(?m)^[ \t]*(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["']([^"'\n]+)["']/
    var paths: [String] = []
    for match in source.matches(of: statement) {
      guard let resolved = resolve(String(match.output.1), from: path),
        !paths.contains(resolved)
      else { continue }
      paths.append(resolved)
    }
    return paths
  }

  /// A specifier as a URL path, the way a browser resolves it against the importing module.
  /// - Returns: the path, or nil for a specifier that is not a path.
  static func resolve(_ specifier: String, from importer: String) -> String? {
    let bare = String(specifier.prefix { $0 != "?" && $0 != "#" })
    var parts: [Substring]
    if bare.hasPrefix("/") && !bare.hasPrefix("//") {
      parts = []
    } else if bare.hasPrefix("./") || bare.hasPrefix("../") {
      parts = Array(importer.split(separator: "/", omittingEmptySubsequences: true).dropLast())
    } else {
      return nil
    }
    for part in bare.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
