import ChecklistsCore
import Foundation

extension ShoppingService {
  /// Finds a shopping list the way a person names it: its exact name (ignoring case), else its
  /// number as `checklists shop lists` shows it, else the start of a name only one list has.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous` naming the candidates.
  /// - Complexity: O(log *lists*) rows through indexes for a name or a prefix, plus the lists
  ///   shared with the user; a number steps over that many index entries. Only a miss reads
  ///   every list, for its suggestion.
  public func findList(_ reference: String) throws -> ShoppingList {
    try store.readShopping { tx in
      let shared = try sharedLists(in: tx)
      return try NameLookup.resolve(
        reference, name: \.name, what: "shopping list", noun: "shopping lists",
        numbersFrom: "checklists shop lists",
        named: { key in
          Self.sortedByName(
            try tx.shoppingLists(ownerID: owner.id, nameKey: key)
              + shared.filter { NameKey.lookup($0.name) == key })
        },
        startingWith: { prefix in
          Self.sortedByName(
            try tx.shoppingLists(ownerID: owner.id, nameKeyStartingWith: prefix)
              + shared.filter { NameKey.lookup($0.name).utf8.starts(with: prefix.utf8) })
        },
        number: { number in
          try tx.visibleShoppingListID(userID: owner.id, at: number - 1).map {
            try accessibleList($0, for: .read, in: tx)
          }
        },
        noNumber: {
          let count = try tx.shoppingListCount(ownerID: owner.id) + shared.count
          return "There is no shopping list number \($0); there \(count == 1 ? "is" : "are") "
            + "\(count) shopping \(count == 1 ? "list" : "lists")."
        },
        candidates: {
          Self.sortedByName(try tx.shoppingLists(ownerID: owner.id) + shared).map(\.name)
        })
    }
  }

  /// The list that commands use when none is named: the one called "Shopping List" (ignoring
  /// case), else the first by name; `nil` when there are none.
  /// - Complexity: O(log *lists*) through indexes, plus the lists shared with the user.
  public func defaultList() throws -> ShoppingList? {
    try store.readShopping { tx in
      let shared = try sharedLists(in: tx)
      let key = NameKey.lookup(ShoppingList.firstListName)
      let named = Self.sortedByName(
        try tx.shoppingLists(ownerID: owner.id, nameKey: key)
          + shared.filter { NameKey.lookup($0.name) == key }
      ).first { Checklist.namesMatch($0.name, ShoppingList.firstListName) }
      if let named { return named }
      return try tx.visibleShoppingListID(userID: owner.id, at: 0).map {
        try accessibleList($0, for: .read, in: tx)
      }
    }
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
