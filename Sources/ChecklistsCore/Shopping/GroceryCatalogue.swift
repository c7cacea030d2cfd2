import Foundation

/// A built-in table of common groceries with the supermarket section each is in, named in
/// English, German, French and Spanish: it gives new catalogue items a category and offers a
/// new catalogue its starter set.
///
/// The table is data in the message catalogue (`groceries.json` and a names file per language,
/// see GroceryCatalogue+Table.swift): a language is added by adding its names file.
/// Pure and fixed: the same name and language always give the same category.
public enum GroceryCatalogue {
  /// One grocery of the table.
  public struct Grocery: Sendable, Hashable {
    /// Its stable id in the table's files ("apples", "oatMilk"), the same in every language.
    public let id: String
    /// Its section of the shop.
    public let category: GroceryCategory
    /// Whether the starter set offers it.
    public let isStarter: Bool
    /// Its names by language ("en", "de", "fr", "es"): the usual one first, then others. Every
    /// grocery has English names; a language's file may lack a grocery.
    public let names: [String: [String]]

    /// Its usual name in `language`, else in English.
    public func name(in language: String) -> String {
      (names[language] ?? names["en"]!)[0]
    }
  }

  /// The languages the table has names in, English first, then the others sorted.
  public static var languages: [String] { table.languages }

  /// The table's language for a language tag or locale identifier ("de-AT", "fr_CA", "es"),
  /// or nil when it has none for it.
  public static func language(of tag: String) -> String? {
    let code = tag.prefix { $0.isLetter }.lowercased()
    return languages.contains(code) ? code : nil
  }

  /// The category a grocery called `name` is in, in `language`: "Whole milk" is in "Dairy",
  /// "Vollmilch" in "Milchprodukte".
  ///
  /// Case, accents and punctuation do not count, nor a plural "s". The whole name is looked
  /// up first, then its endings word by word down to the last word ("organic whole milk",
  /// "whole milk", "milk"); in languages where the noun comes first (French, Spanish), its
  /// beginnings ("lait entier" is "lait"); in languages of compounds (German), a compound's
  /// last part ("Vollkornbrot" is "Brot"). Each names file says which its language does.
  /// A whole name not found in `language` is looked up in the others.
  /// - Parameters:
  ///   - name: An item's name.
  ///   - language: One of ``languages``; any other means English.
  /// - Returns: The category's name in `language`, or nil when the table does not know it.
  public static func category(for name: String, language: String) -> String? {
    let language = languages.contains(language) ? language : "en"
    return grocery(for: name, language: language)?.category.name(in: language)
  }

  /// The table's grocery for `name`, found as ``category(for:language:)`` says.
  public static func grocery(for name: String, language: String) -> Grocery? {
    let words = key(name).split(separator: " ").map(String.init)
    guard !words.isEmpty else { return nil }
    let index = self.index[language] ?? self.index["en"]!
    // The whole name, then shorter and shorter endings, in the person's language.
    for start in words.indices {
      if let found = lookUp(words[start...].joined(separator: " "), in: index) { return found }
      if start == 0 {
        for other in languages where other != language {
          if let found = lookUp(words.joined(separator: " "), in: self.index[other]!) {
            return found
          }
        }
      }
    }
    let matching = table.matching[language]
    if matching?.beginnings == true {
      for end in words.indices.dropLast().reversed() {
        if let found = lookUp(words[...end].joined(separator: " "), in: index) { return found }
      }
    }
    if matching?.compoundEndings == true, let last = words.last {
      // The longest known word that ends the compound, of at least four letters.
      for start in last.indices.dropFirst() where last.distance(from: start, to: last.endIndex) >= 4
      {
        if let found = index[String(last[start...])] { return found }
      }
    }
    return nil
  }

  /// The groceries the starter set offers, in the table's order.
  public static var starterSet: [Grocery] { groceries.filter(\.isStarter) }

  // MARK: - Matching

  /// A name as the table compares it: lower case, without accents, "ß" as "ss", words of
  /// letters and digits separated by one space.
  static func key(_ name: String) -> String {
    let folded = name.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .lowercased()
    .replacingOccurrences(of: "ß", with: "ss")
    .replacingOccurrences(of: "œ", with: "oe")
    .replacingOccurrences(of: "æ", with: "ae")
    return folded.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
  }

  /// The grocery of `key`, or of its singular or plural ("tomato", "tomatoes").
  private static func lookUp(_ key: String, in index: [String: Grocery]) -> Grocery? {
    if let found = index[key] { return found }
    for variant in [key + "s", key + "es"] {
      if let found = index[variant] { return found }
    }
    for suffix in ["es", "s", "x"] where key.hasSuffix(suffix) && key.count > suffix.count + 2 {
      if let found = index[String(key.dropLast(suffix.count))] { return found }
    }
    return nil
  }

  /// Every name's key to its grocery, by language; the first grocery of a name wins.
  private static let index: [String: [String: Grocery]] = {
    var index: [String: [String: Grocery]] = [:]
    for language in languages {
      var keys: [String: Grocery] = [:]
      for grocery in groceries {
        for name in grocery.names[language] ?? [] where keys[key(name)] == nil {
          keys[key(name)] = grocery
        }
      }
      index[language] = keys
    }
    return index
  }()
}
