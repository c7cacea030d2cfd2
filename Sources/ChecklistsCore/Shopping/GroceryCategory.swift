import Foundation

/// A section of a supermarket that the built-in grocery table files items under, with its
/// name in each language the table knows.
public enum GroceryCategory: String, CaseIterable, Sendable, Codable {
  case fruit, vegetables, bakery, dairy, meat, fish, frozen, pantry, spices, breakfast
  case snacks, drinks, household, personalCare, baby, pets, stationery

  /// The category's name in `language` ("en", "de", "fr" or "es"), in English for any other.
  /// - Parameter language: A language the table knows; see ``GroceryCatalogue/languages``.
  /// - Returns: A name such as "Dairy" or "Milchprodukte".
  public func name(in language: String) -> String {
    let names = Self.names[self]!
    switch language {
    case "de": return names.de
    case "fr": return names.fr
    case "es": return names.es
    default: return names.en
    }
  }

  private static let names: [GroceryCategory: (en: String, de: String, fr: String, es: String)] =
    [
      .fruit: ("Fruit", "Obst", "Fruits", "Fruta"),
      .vegetables: ("Vegetables", "Gemüse", "Légumes", "Verduras"),
      .bakery: ("Bakery", "Backwaren", "Boulangerie", "Panadería"),
      .dairy: ("Dairy", "Milchprodukte", "Produits laitiers", "Lácteos"),
      .meat: ("Meat", "Fleisch & Wurst", "Viande", "Carne"),
      .fish: ("Fish", "Fisch", "Poisson", "Pescado"),
      .frozen: ("Frozen", "Tiefkühl", "Surgelés", "Congelados"),
      .pantry: ("Pantry", "Vorrat", "Épicerie", "Despensa"),
      .spices: ("Spices & sauces", "Gewürze & Saucen", "Épices & sauces", "Especias y salsas"),
      .breakfast: ("Breakfast", "Frühstück", "Petit-déjeuner", "Desayuno"),
      .snacks: ("Snacks & sweets", "Süßes & Snacks", "Snacks & confiseries", "Dulces y snacks"),
      .drinks: ("Drinks", "Getränke", "Boissons", "Bebidas"),
      .household: ("Household", "Haushalt", "Entretien", "Limpieza"),
      .personalCare: ("Personal care", "Drogerie", "Hygiène", "Higiene"),
      .baby: ("Baby", "Baby", "Bébé", "Bebé"),
      .pets: ("Pets", "Tierbedarf", "Animaux", "Mascotas"),
      .stationery: ("Stationery", "Schreibwaren", "Papeterie", "Papelería"),
    ]
}
