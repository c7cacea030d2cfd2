import ChecklistsCore
import Foundation

extension ChecklistService {
  /// Finds a list the way a person names it: by its exact name (ignoring case), else by the
  /// number that All Lists shows (1-based), else by the start of a name only one list has.
  ///
  /// - Parameter reference: What the person typed.
  /// - Returns: The list.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous` naming the candidates.
  /// - Complexity: O(log *lists*) rows through indexes for a name or a prefix, plus the
  ///   lists shared with the user; a number steps over that many index entries. Only a miss
  ///   reads every list, for its suggestion.
  public func findList(_ reference: String) throws -> Checklist {
    try store.read { tx in
      // Lists shared with the user are few and read whole; their own go through indexes.
      let shared = try sharedChecklists(in: tx)
      func visibleCount() throws -> String {
        let count = try tx.checklistCount(ownerID: owner.id) + shared.count
        return "there \(count == 1 ? "is" : "are") \(count) \(count == 1 ? "list" : "lists")"
      }
      return try NameLookup.resolve(
        reference, name: \.name, what: "list", noun: "lists", numbersFrom: "checklists lists",
        named: { key in
          (try tx.checklists(ownerID: owner.id, nameKey: key)
            + shared.filter { NameKey.lookup($0.name) == key }).sortedForDisplay()
        },
        startingWith: { prefix in
          (try tx.checklists(ownerID: owner.id, nameKeyStartingWith: prefix)
            + shared.filter { NameKey.lookup($0.name).utf8.starts(with: prefix.utf8) })
            .sortedForDisplay()
        },
        number: { number in
          try tx.visibleChecklistID(userID: owner.id, at: number - 1).map {
            try accessibleChecklist($0, for: .read, in: tx)
          }
        },
        noNumber: { "There is no list number \($0); \(try visibleCount())." },
        candidates: { try visibleChecklists(in: tx).sortedForDisplay().map(\.name) })
    }
  }

  /// Finds an item of a list by the same rules as ``findList(_:)``: its exact text (ignoring
  /// case), else its number in the list (1-based, as `items` shows), else the start of a text
  /// only one item has.
  ///
  /// - Complexity: O(log *items*) rows through an index for a text or a prefix; a number
  ///   steps over that many index entries and reads one item. Only a miss reads every text,
  ///   for its suggestion.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous`.
  public func findItem(_ reference: String, in list: Checklist) throws -> ChecklistItem {
    try store.read { tx in
      let count = try tx.checklist(id: list.id)?.itemCount ?? list.itemCount
      return try NameLookup.resolve(
        reference, name: \.text, what: "item in '\(list.name)'", noun: "items",
        numbersFrom: "checklists items \(ChecklistService.quoted(list.name))",
        named: { try tx.items(checklistID: list.id, textKey: $0) },
        startingWith: { try tx.items(checklistID: list.id, textKeyStartingWith: $0) },
        number: { try tx.item(checklistID: list.id, at: $0 - 1) },
        noNumber: {
          "'\(list.name)' has no item number \($0); it has \(count) \(count == 1 ? "item" : "items")."
        },
        candidates: { try tx.itemTexts(checklistID: list.id) })
    }
  }

  /// A name as it should be typed back in a shell command: bare when safe, else in single quotes.
  public static func quoted(_ name: String) -> String {
    name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
      ? name : "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
