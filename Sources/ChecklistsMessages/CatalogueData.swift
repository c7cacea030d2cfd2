import Foundation

/// The catalogue's data files: what differs by language but is not a message, such as the
/// grocery table's names and the words the date parsers read. They sit beside the message
/// files in `Catalogue/`, named after their ``Kind``: `<kind>.json` for what every language
/// shares, `<language>.<kind>.json` for one language's part. A language is added by adding its
/// files.
///
/// A data file is a JSON object of plain values (objects, arrays, texts, numbers and booleans),
/// so that the web app can read the same file as the server.
public enum CatalogueData {
  /// A kind of data file; its name is the middle part of the file's name.
  public enum Kind: String, CaseIterable, Sendable {
    /// The grocery table: `groceries.json` holds each grocery's id, category and starter flag
    /// in the table's order; `<language>.groceries.json` its names, the categories' names and
    /// how names are matched in that language.
    case groceries
    /// The words the date and repeat parsers read ("tomorrow", "every monday"):
    /// `<language>.dates.json`.
    case dates
  }

  /// The bytes of the file every language shares for `kind`, if it has one.
  public static func shared(_ kind: Kind) -> [UInt8]? {
    CatalogueFiles.all["\(kind.rawValue).json"]
  }

  /// The bytes of one language's file for `kind`, if it has one.
  public static func file(_ kind: Kind, language: String) -> [UInt8]? {
    CatalogueFiles.all["\(language).\(kind.rawValue).json"]
  }

  /// The languages that have a file for `kind`, sorted.
  public static func languages(_ kind: Kind) -> [String] {
    CatalogueFiles.all.keys.compactMap { name in
      let parts = name.split(separator: ".")
      guard parts.count == 3, parts[1] == kind.rawValue, parts[2] == "json" else { return nil }
      return String(parts[0])
    }.sorted()
  }

  /// The kind of data a catalogue file holds, from its name; nil for a message file.
  public static func kind(ofFile name: String) -> Kind? {
    let parts = name.split(separator: ".")
    guard parts.count == 2 || parts.count == 3, parts.last == "json" else { return nil }
    return Kind(rawValue: String(parts[parts.count - 2]))
  }

  /// Decodes a data file: the shared one when `language` is nil, else that language's.
  /// - Throws: ``CatalogueError`` naming the file, when it is missing or does not read as `T`.
  public static func decode<T: Decodable>(
    _ type: T.Type, _ kind: Kind, language: String? = nil
  ) throws -> T {
    let name = language.map { "\($0).\(kind.rawValue).json" } ?? "\(kind.rawValue).json"
    guard let bytes = CatalogueFiles.all[name] else { throw CatalogueError("no file \(name)") }
    do {
      return try JSONDecoder().decode(T.self, from: Data(bytes))
    } catch {
      throw CatalogueError("\(name) does not read: \(error)")
    }
  }
}
