import ChecklistsCore
import Foundation
import Testing

@Suite("The built-in table of groceries")
struct GroceryCatalogueTests {
  @Test("It knows at least 150 groceries, each named in English, German, French and Spanish")
  func size() {
    #expect(GroceryCatalogue.groceries.count >= 150)
    for grocery in GroceryCatalogue.groceries {
      for language in GroceryCatalogue.languages {
        #expect(grocery.names[language]?.isEmpty == false, "\(grocery.name(in: "en"))")
      }
    }
  }

  @Test("Every name of the table gives its own grocery's category back")
  func unambiguous() {
    for language in GroceryCatalogue.languages {
      for grocery in GroceryCatalogue.groceries {
        for name in grocery.names[language]! {
          #expect(
            GroceryCatalogue.grocery(for: name, language: language)?.category
              == grocery.category, "'\(name)' (\(language))")
        }
      }
    }
  }

  @Test(
    "A whole name, ignoring case and accents, gives its category in the person's language",
    arguments: [
      ("Milk", "en", "Dairy"), ("MILK", "en", "Dairy"), ("milch", "de", "Milchprodukte"),
      ("Käse", "de", "Milchprodukte"), ("kase", "de", "Milchprodukte"),
      ("Pommes de terre", "fr", "Légumes"), ("pommes", "fr", "Fruits"),
      ("Pommes", "de", "Tiefkühl"), ("Plátanos", "es", "Fruta"), ("platanos", "es", "Fruta"),
      ("Toilet paper", "en", "Household"), ("Spülmittel", "de", "Haushalt"),
      ("Washing up liquid", "en", "Household"), ("Pear", "en", "Fruit"),
      ("Notepad", "en", "Stationery"), ("Bread", "en", "Bakery"), ("Mango", "en", "Fruit"),
      ("Pepper", "en", "Spices & sauces"), ("Peppers", "en", "Vegetables"),
      ("Paprika", "de", "Gemüse"), ("Paprika", "en", "Spices & sauces"),
    ])
  func wholeName(name: String, language: String, category: String) {
    #expect(GroceryCatalogue.category(for: name, language: language) == category)
  }

  @Test(
    "A name the table lacks is found by its last word, or a singular by its plural",
    arguments: [
      ("Whole milk", "en", "Dairy"), ("Organic whole milk", "en", "Dairy"),
      ("Cherry tomatoes", "en", "Vegetables"), ("Tomato", "en", "Vegetables"),
      ("Free-range eggs", "en", "Dairy"), ("Strawberry", "en", "Fruit"),
      ("Vollmilch", "de", "Milchprodukte"), ("Vollkornbrot", "de", "Backwaren"),
      ("Lait entier", "fr", "Produits laitiers"), ("Leche entera", "es", "Lácteos"),
    ])
  func lastWord(name: String, language: String, category: String) {
    #expect(GroceryCatalogue.category(for: name, language: language) == category)
  }

  @Test("A name in another language of the table is found, its category named in this one")
  func otherLanguage() {
    #expect(GroceryCatalogue.category(for: "Milch", language: "en") == "Dairy")
    #expect(GroceryCatalogue.category(for: "Bread", language: "de") == "Backwaren")
  }

  @Test("Names the table does not know, and blank names, have no category")
  func unknown() {
    #expect(GroceryCatalogue.category(for: "Flux capacitor", language: "en") == nil)
    #expect(GroceryCatalogue.category(for: "   ", language: "en") == nil)
    #expect(GroceryCatalogue.category(for: "?!", language: "de") == nil)
  }

  @Test("A language the table lacks means English; tags and locales name their language")
  func languages() {
    #expect(GroceryCatalogue.category(for: "Milk", language: "ja") == "Dairy")
    #expect(GroceryCatalogue.language(of: "de-AT") == "de")
    #expect(GroceryCatalogue.language(of: "fr_CA") == "fr")
    #expect(GroceryCatalogue.language(of: "ES") == "es")
    #expect(GroceryCatalogue.language(of: "ja-JP") == nil)
    #expect(GroceryCatalogue.language(of: "*") == nil)
  }

  @Test("The starter set is a few dozen common groceries, every category's name localised")
  func starter() {
    let starter = GroceryCatalogue.starterSet
    #expect((25...60).contains(starter.count))
    #expect(starter.map { $0.name(in: "en") }.prefix(2) == ["Apples", "Bananas"])
    #expect(starter.map { $0.name(in: "de") }.contains("Milch"))
    #expect(GroceryCategory.dairy.name(in: "fr") == "Produits laitiers")
    #expect(GroceryCategory.dairy.name(in: "xx") == "Dairy")
    let used = Set(GroceryCatalogue.groceries.map(\.category))
    #expect(used == Set(GroceryCategory.allCases))
  }
}
