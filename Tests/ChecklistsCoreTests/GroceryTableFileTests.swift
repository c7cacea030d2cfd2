import ChecklistsCore
import ChecklistsMessages
import Foundation
import Testing

/// The grocery table's files in the message catalogue: `groceries.json` (ids, categories, the
/// starter set, the order) and a names file per language.
@Suite("The grocery table's files: every grocery named in English, no language naming others")
struct GroceryTableFileTests {
  /// A file as plain JSON.
  static func object(_ bytes: [UInt8]?) throws -> [String: Any] {
    let bytes = try #require(bytes)
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// The ids of `groceries.json`, in its order.
  static func ids() throws -> [String] {
    let shared = try object(CatalogueData.shared(.groceries))
    let entries = try #require(shared["groceries"] as? [[String: Any]])
    return try entries.map { try #require($0["id"] as? String) }
  }

  @Test("Every grocery has a unique id, a known category and an English name")
  func everyGroceryHasAnEnglishName() throws {
    let ids = try Self.ids()
    #expect(Set(ids).count == ids.count, "an id is used twice")
    let english = try #require(
      Self.object(CatalogueData.file(.groceries, language: "en"))["groceries"]
        as? [String: [String]])
    for id in ids {
      #expect(english[id]?.first?.isEmpty == false, "'\(id)' has no English name")
    }
    #expect(GroceryCatalogue.groceries.map(\.id) == ids)
    for grocery in GroceryCatalogue.groceries {
      #expect(grocery.name(in: "en") == english[grocery.id]?.first)
    }
  }

  @Test("Each language's file names only groceries and categories the table has")
  func languageFilesNameKnownIDs() throws {
    let ids = Set(try Self.ids())
    let categories = Set(GroceryCategory.allCases.map(\.rawValue))
    let languages = CatalogueData.languages(.groceries)
    #expect(languages.contains("en"))
    for language in languages {
      let file = try Self.object(CatalogueData.file(.groceries, language: language))
      let names = try #require(file["groceries"] as? [String: [String]], "\(language)")
      let unknown = Set(names.keys).subtracting(ids)
      #expect(unknown.isEmpty, "\(language).groceries.json names \(unknown.sorted())")
      #expect(names.values.allSatisfy { !$0.isEmpty && !$0.contains("") }, "\(language)")
      let named = try #require(file["categories"] as? [String: String], "\(language)")
      #expect(Set(named.keys).isSubset(of: categories), "\(language): \(named.keys.sorted())")
      #expect(file["matching"] is [String: Bool], "\(language)")
    }
  }

  @Test("A language of the table is one with a names file, English first")
  func languagesAreFiles() {
    let files = CatalogueData.languages(.groceries)
    #expect(GroceryCatalogue.languages.first == "en")
    #expect(Set(GroceryCatalogue.languages) == Set(files))
    #expect(GroceryCatalogue.languages.count == files.count)
  }
}
