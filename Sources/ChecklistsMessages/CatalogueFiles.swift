/// The catalogue's files (`Catalogue/`), embedded in the binary: `<language>.<area>.json`, such
/// as `en.web.json`. The list is written at build time from the folder (Plugins/EmbeddedFileList):
/// a language is added by adding its files.
public enum CatalogueFiles {
  /// Every file's bytes, keyed by its name ("en.web.json").
  public static let all: [String: [UInt8]] = Dictionary(
    uniqueKeysWithValues: embedded.map { (String($0.path.dropFirst()), $0.bytes) })

  /// The languages that have at least one file, sorted.
  public static var languages: [String] {
    Set(all.keys.compactMap { $0.split(separator: ".").first.map(String.init) }).sorted()
  }

  /// The bytes of one language's file for an area, if it has one.
  public static func file(language: String, area: MessageArea) -> [UInt8]? {
    all["\(language).\(area.rawValue).json"]
  }
}
