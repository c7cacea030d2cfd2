import ChecklistsCore
import Foundation

extension ShoppingService {
  /// Finds a shopping list the way a person names it: its exact name (ignoring case), else its
  /// number as `checklists shop lists` shows it, else the start of a name only one list has.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous` naming the candidates.
  public func findList(_ reference: String) throws -> ShoppingList {
    let lists = try lists()
    let count = "\(lists.count) shopping \(lists.count == 1 ? "list" : "lists")"
    return try NameLookup.resolve(
      reference, in: lists, name: \.name, what: "shopping list", noun: "shopping lists",
      numbersFrom: "checklists shop lists",
      noNumber: {
        "There is no shopping list number \($0); there \(lists.count == 1 ? "is" : "are") \(count)."
      })
  }

  /// Finds a catalogue item by the same rules as ``findList(_:)``, numbered as
  /// `checklists shop items` shows the catalogue.
  /// - Complexity: O(*n* log *n*) for the catalogue's order; an exact name is found first
  ///   through the index.
  public func findItem(_ reference: String) throws -> ShoppingItem {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if let exact = try store.readShopping({ tx in
      try tx.shoppingItem(ownerID: owner.id, named: trimmed)
    }) {
      return exact
    }
    let items = try catalogue()
    return try NameLookup.resolve(
      reference, in: items, name: \.name, what: "catalogue item", noun: "items",
      numbersFrom: "checklists shop items",
      noNumber: { "There is no catalogue item number \($0); there are \(items.count)." })
  }
}
