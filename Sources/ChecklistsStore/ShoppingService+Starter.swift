import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ShoppingService {
  /// One grocery of the starter set, named in the service's language.
  public struct StarterItem: Sendable, Hashable {
    /// Its name, such as "Milk" or "Milch".
    public var name: String
    /// Its category, such as "Dairy" or "Milchprodukte".
    public var category: String
    /// Whether the catalogue has an item of this name (ignoring case).
    public var isInCatalogue: Bool
  }

  /// The starter set of common groceries in ``groceryLanguage``, which a new, empty catalogue
  /// offers: each with its category, marked when the catalogue has it already.
  /// - Complexity: O(*s* log *n*) for *s* starter items and *n* catalogue items.
  public func starterSet() throws -> [StarterItem] {
    try store.readShopping { tx in
      try GroceryCatalogue.starterSet.map { grocery in
        let name = grocery.name(in: groceryLanguage)
        return StarterItem(
          name: name, category: grocery.category.name(in: groceryLanguage),
          isInCatalogue: try tx.shoppingItem(ownerID: owner.id, named: name) != nil)
      }
    }
  }

  /// Adds groceries of the starter set to the catalogue, with their categories and no prices,
  /// in one transaction. Safe to send twice: a name the catalogue has (ignoring case) is left
  /// as it is.
  /// - Parameter names: Names from ``starterSet()`` (ignoring case), or nil for all of them.
  /// - Returns: The items added, in the order asked (the starter set's for all), and how many of those asked for
  ///   the catalogue had already.
  /// - Throws: `invalidInput` naming a name that is not in the starter set; nothing is added.
  @discardableResult
  public func addStarterItems(named names: [String]?) throws -> (
    added: [ShoppingItem], alreadyInCatalogue: Int
  ) {
    let starter = GroceryCatalogue.starterSet.map {
      (name: $0.name(in: groceryLanguage), category: $0.category.name(in: groceryLanguage))
    }
    var chosen = starter
    if let names {
      let keys = Dictionary(
        starter.map { (ShoppingItem.uniquenessKey($0.name), $0) }, uniquingKeysWith: { a, _ in a })
      var seen = Set<String>()
      chosen = try names.compactMap { raw in
        let key = ShoppingItem.uniquenessKey(raw.trimmingCharacters(in: .whitespaces))
        guard let grocery = keys[key] else {
          throw ChecklistsError.invalid(
            MessageText(
              "errors.starter.unknown", ["name": raw, "example": starter[0].name]))
        }
        return seen.insert(key).inserted ? grocery : nil
      }
    }
    return try store.writeShopping { tx in
      var added: [ShoppingItem] = []
      var already = 0
      for grocery in chosen {
        if try tx.shoppingItem(ownerID: owner.id, named: grocery.name) != nil {
          already += 1
          continue
        }
        let item = ShoppingItem(
          ownerID: owner.id, name: grocery.name, category: grocery.category, createdAt: now())
        try tx.insertShoppingItem(item)
        try log(.catalogueItemAdded, item: item, in: tx)
        added.append(item)
      }
      return (added, already)
    }
  }
}
