import Foundation

/// A section of a supermarket that the built-in grocery table files items under, with its
/// name in each language the table knows (`categories` in `<language>.groceries.json`).
public enum GroceryCategory: String, CaseIterable, Sendable, Codable {
  case fruit, vegetables, bakery, dairy, meat, fish, frozen, pantry, spices, breakfast
  case snacks, drinks, household, personalCare, baby, pets, stationery

  /// The category's name in `language` (one the grocery table has names in), in English for
  /// any other; from the table's names files.
  /// - Parameter language: A language the table knows; see ``GroceryCatalogue/languages``.
  /// - Returns: A name such as "Dairy" or "Milchprodukte".
  public func name(in language: String) -> String {
    let names = GroceryCatalogue.table.categoryNames
    return names[language]?[self] ?? names["en"]![self]!
  }
}
