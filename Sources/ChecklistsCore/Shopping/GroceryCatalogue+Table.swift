import ChecklistsMessages
import Foundation

// The built-in table of common groceries, read from the message catalogue's data files
// (docs/MESSAGES.md): `groceries.json` holds each grocery's id, category and starter flag in the
// order the starter set offers them; `<language>.groceries.json` names them in one language (the
// usual name first, then others it goes by: a singular, a regional word), names the categories,
// and says how names are matched. A language is added by adding its names file.
extension GroceryCatalogue {
  /// Every grocery of the table, in the order the starter set offers them.
  public static var groceries: [Grocery] { table.groceries }

  /// How a language's names are matched beyond whole names and their endings.
  struct Matching: Sendable, Decodable {
    /// Look up a name's beginnings too, for languages whose noun comes first ("lait entier"
    /// is "lait").
    var beginnings: Bool
    /// Look up a compound's last part too, of at least four letters ("Vollkornbrot" is "Brot").
    var compoundEndings: Bool
  }

  /// The table as the files give it.
  struct Table: Sendable {
    /// The languages that have names, English first, then the others sorted.
    var languages: [String]
    /// Every grocery, in the table's order.
    var groceries: [Grocery]
    /// The categories' names, by language.
    var categoryNames: [String: [GroceryCategory: String]]
    /// How names are matched, by language.
    var matching: [String: Matching]
  }

  /// `groceries.json`: what every language shares.
  private struct SharedFile: Decodable {
    struct Entry: Decodable {
      var id: String
      var category: GroceryCategory
      var starter: Bool?
    }
    var groceries: [Entry]
  }

  /// `<language>.groceries.json`: one language's names.
  private struct NamesFile: Decodable {
    var matching: Matching
    var categories: [String: String]
    var groceries: [String: [String]]
  }

  /// The table, read once from the catalogue.
  static let table: Table = {
    do { return try readTable() } catch {
      preconditionFailure("the grocery table does not read: \(error)")
    }
  }()

  /// Reads the shared file and every language's names file.
  /// - Throws: ``CatalogueError`` naming a file that does not read, a category that is not
  ///   one, or a grocery without an English name.
  static func readTable() throws -> Table {
    let shared = try CatalogueData.decode(SharedFile.self, .groceries)
    let languages = ["en"] + CatalogueData.languages(.groceries).filter { $0 != "en" }
    var names: [String: NamesFile] = [:]
    for language in languages {
      names[language] = try CatalogueData.decode(NamesFile.self, .groceries, language: language)
    }
    var categoryNames: [String: [GroceryCategory: String]] = [:]
    for (language, file) in names {
      var named: [GroceryCategory: String] = [:]
      for (raw, name) in file.categories {
        guard let category = GroceryCategory(rawValue: raw) else {
          throw CatalogueError("\(language).groceries.json: '\(raw)' is not a category")
        }
        named[category] = name
      }
      categoryNames[language] = named
    }
    guard let english = categoryNames["en"], english.count == GroceryCategory.allCases.count else {
      throw CatalogueError("en.groceries.json does not name every category")
    }
    let groceries = try shared.groceries.map { entry in
      var byLanguage: [String: [String]] = [:]
      for (language, file) in names {
        if let words = file.groceries[entry.id], !words.isEmpty { byLanguage[language] = words }
      }
      guard byLanguage["en"] != nil else {
        throw CatalogueError("en.groceries.json has no name for '\(entry.id)'")
      }
      return Grocery(
        id: entry.id, category: entry.category, isStarter: entry.starter ?? false,
        names: byLanguage)
    }
    return Table(
      languages: languages, groceries: groceries, categoryNames: categoryNames,
      matching: names.mapValues(\.matching))
  }
}
