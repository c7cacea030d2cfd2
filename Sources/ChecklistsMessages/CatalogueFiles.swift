import Foundation

/// The catalogue's files (`Catalogue/`), embedded in the binary: message files
/// `<language>.<area>.json`, such as `en.web.json`, and beside them data files named after their
/// kind (``CatalogueData``), such as `groceries.json` and `en.groceries.json`. The list is
/// written at build time from the folder (Plugins/EmbeddedFileList): a language is added by
/// adding its files.
///
/// For working on the texts without rebuilding, `CHECKLISTS_CATALOGUE_DIR` set to a checkout's
/// `Sources/ChecklistsMessages/Catalogue` makes the binary read that folder's files at start in
/// place of the embedded ones (as `CHECKLISTS_WEB_DIR` does for the web app's files).
public enum CatalogueFiles {
  /// Every file's bytes, keyed by its name ("en.web.json", "groceries.json").
  public static let all: [String: [UInt8]] = {
    var files = Dictionary(
      uniqueKeysWithValues: embedded.map { (String($0.path.dropFirst()), $0.bytes) })
    if let folder = ProcessInfo.processInfo.environment["CHECKLISTS_CATALOGUE_DIR"],
      !folder.isEmpty,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    {
      for name in names where name.hasSuffix(".json") {
        if let data = FileManager.default.contents(atPath: folder + "/" + name) {
          files[name] = Array(data)
        }
      }
    }
    return files
  }()

  /// The message files' bytes, keyed by name: every file that is not a data file.
  public static let messageFiles: [String: [UInt8]] = all.filter {
    CatalogueData.kind(ofFile: $0.key) == nil
  }

  /// The languages that have at least one message file, sorted.
  public static var languages: [String] {
    Set(messageFiles.keys.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted()
  }

  /// The bytes of one language's file for an area, if it has one.
  public static func file(language: String, area: MessageArea) -> [UInt8]? {
    all["\(language).\(area.rawValue).json"]
  }
}
