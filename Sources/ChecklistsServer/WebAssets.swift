import ChecklistsMessages
import ChecklistsWeb
import Foundation

/// The web app's files as the server serves them: the embedded ones (``WebFiles``), or a
/// checkout's folder read at start when `CHECKLISTS_WEB_DIR` is set; and each language's
/// messages from the catalogue as `/messages/<language>.json` (docs/MESSAGES.md), kept offline
/// by the service worker with the rest.
enum WebAssets {
  /// Every file, keyed by its URL path ("/app.js", "/icons/groceries.svg", "/index.html").
  static let all: [String: WebFile] = {
    var assets = WebFiles.all
    for language in CatalogueFiles.languages {
      let path = "/messages/\(language).json"
      assets[path] = WebFile(path: path, bytes: MessageCatalogue.named(language).webFile())
    }
    if let folder = ProcessInfo.processInfo.environment["CHECKLISTS_WEB_DIR"], !folder.isEmpty {
      for (path, bytes) in filesOnDisk(in: folder) {
        assets[path] = WebFile(path: path, bytes: bytes)
      }
    }
    return assets
  }()

  /// For working on the web app without rebuilding: with `CHECKLISTS_WEB_DIR` set to a
  /// checkout's `Sources/ChecklistsWeb/Web`, the server reads every file of it at start,
  /// new ones included, in place of the embedded copies.
  private static func filesOnDisk(in folder: String) -> [(String, [UInt8])] {
    let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var files: [(String, [UInt8])] = []
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
        let data = FileManager.default.contents(atPath: url.path)
      else { continue }
      let relative = url.standardizedFileURL.path.dropFirst(root.path.count)
      files.append((relative.hasPrefix("/") ? String(relative) : "/" + relative, Array(data)))
    }
    return files
  }

  /// index.html: the server sends it for "/" and for every app URL (/lists/…, /shopping/…),
  /// with its `<!-- modulepreload -->` line made the list of modules the app loads at start
  /// (``ModulePreload``).
  static let shell: WebFile = {
    guard let page = all["/index.html"] else { preconditionFailure("index.html is not embedded") }
    return ModulePreload.page(page, files: all)
  }()
}
