import ChecklistsMessages
import ChecklistsWeb
import Foundation
import HTTPServer

/// Serves the web app from the files embedded in the binary.
///
/// `/` and every app URL (`/lists/…`, `/shopping/…`, `/smart/…`, `/search`, `/templates`) get the app shell; other paths must name an embedded file
/// exactly. Paths are compared as given after percent-decoding, so `..`, encoded slashes and
/// the like never reach anything but a 404.
enum StaticFiles {
  static func response(for request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .problem(
        status: 405,
        detail: MessageCatalogue.english.text(
          "server.api.allowedHereUse", ["method": "\(request.method)"]),
        headers: ["Allow": "GET, HEAD"])
    }
    let path = request.path
    if path.contains("..") || path.contains("\\") || path.contains("\0") || path.contains("//") {
      return .problem(
        status: 400,
        detail: MessageCatalogue.english.text(
          "server.api.pathAllowed", ["rawPath": "\(request.rawPath)"]))
    }
    var asset: WebFile
    if path == "/sw.js" {
      asset = serviceWorker
    } else if path == clientRoutesPath, let routes = clientRoutes {
      asset = routes
    } else if path != "/index.html", let file = WebAssets.all[path] {
      // Before the app's pages: the Shopping tab's modules live under /shopping/ too.
      asset = file
    } else if isAppPage(path) {
      asset = WebAssets.shell
    } else {
      return .problem(
        status: 404, detail: MessageCatalogue.english.text("server.api.noPage", ["path": "\(path)"])
      )
    }
    let etag = versions[asset.path] ?? EntityTag(value: "w\(asset.fingerprint)")
    if request.isNotModified(etag) { return .notModified(etag) }
    var headers: HTTPHeaders = [
      "Content-Type": asset.contentType,
      "ETag": etag.headerValue,
      // Revalidate every time: the ETag makes that a cheap 304, and a new binary is seen at once.
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    ]
    if asset.path == "/sw.js" { headers["Service-Worker-Allowed"] = "/" }
    return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
  }

  /// Whether a path is one of the web app's own URLs, answered with the app shell: the
  /// Checklists tab's (`/`, `/lists/…`, the smart lists `/smart/…`, `/search`, `/templates`)
  /// and the Shopping tab's (`/shopping/…`).
  static func isAppPage(_ path: String) -> Bool {
    path == "/" || path == "/index.html" || path == "/lists" || path.hasPrefix("/lists/")
      || path == "/shopping" || path.hasPrefix("/shopping/") || path.hasPrefix("/smart/")
      || path == "/search" || path == "/templates"
  }

  /// The line of `sw.js` the server replaces with the offline shell: "/" and every file of
  /// ``WebAssets`` but the worker itself and index.html (served as "/").
  static let shellPlaceholder = "const SHELL = [\"/\"];"

  /// The offline shell as a JavaScript array, one path a line: "/" first, then every web
  /// asset but sw.js and index.html (which is "/"), sorted.
  static var shellList: String {
    let paths =
      ["/"] + WebAssets.all.keys.filter { $0 != "/sw.js" && $0 != "/index.html" }.sorted()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let lines = paths.map { path in
      // JSON string syntax is JavaScript's: any character a file name may hold is escaped.
      let quoted = (try? encoder.encode(path)).map { String(decoding: $0, as: UTF8.self) }
      return "  " + (quoted ?? "\"/\"")
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]"
  }

  /// The service worker with its cache named after a fingerprint of every file of the app,
  /// so that any change to the app replaces the offline copy without anyone bumping a number.
  private static let serviceWorker: WebFile = {
    guard let file = WebAssets.all["/sw.js"] else { return WebAssets.shell }
    // The operations module as served: a binary whose routes changed replaces the copy too.
    let everything = WebAssets.all.keys.sorted().map {
      (($0 == clientRoutesPath ? clientRoutes : nil) ?? WebAssets.all[$0]!).fingerprint
    }.joined()
    let version = WebFile(path: "", bytes: Array(everything.utf8), contentType: "").fingerprint
    let text = String(decoding: file.bytes, as: UTF8.self)
      .replacingOccurrences(
        of: "const VERSION = \"development\";", with: "const VERSION = \"\(version)\";"
      )
      .replacingOccurrences(of: shellPlaceholder, with: "const SHELL = \(shellList);")
    return WebFile(path: file.path, bytes: Array(text.utf8), contentType: file.contentType)
  }()

  /// The web app's module of the API's operations (operation id → method and path), so
  /// that the client builds every request from the route table, never from a path written by
  /// hand.
  static let clientRoutesPath = "/data/routes.js"

  /// The line of `/data/routes.js` the server replaces with ``RouteTable/clientOperationsJSON``.
  static let clientRoutesPlaceholder = "export const OPERATIONS = {};"

  /// `/data/routes.js` with the route table's operations in place of its placeholder.
  static let clientRoutes: WebFile? = {
    guard let file = WebAssets.all[clientRoutesPath] else { return nil }
    let text = String(decoding: file.bytes, as: UTF8.self)
      .replacingOccurrences(
        of: clientRoutesPlaceholder,
        with: "export const OPERATIONS = \(RouteTable.server.clientOperationsJSON);")
    return WebFile(path: file.path, bytes: Array(text.utf8), contentType: file.contentType)
  }()

  /// Every file's ETag, computed once.
  private static let versions: [String: EntityTag] = {
    var versions: [String: EntityTag] = [:]
    for asset in Array(WebAssets.all.values) + [WebAssets.shell, serviceWorker]
      + [clientRoutes].compactMap({ $0 })
    {
      versions[asset.path] = EntityTag(value: "w\(asset.fingerprint)")
    }
    return versions
  }()
}

extension WebFile {
  /// A short fingerprint of the file's bytes (FNV-1a), for its ETag.
  var fingerprint: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 36)
  }
}
