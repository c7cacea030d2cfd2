import ChecklistsCore
import Foundation

extension ChecklistService {
  /// Finds a list the way a person names it: by its exact name (ignoring case), else by the
  /// number that All Lists shows (1-based), else by the start of a name only one list has.
  ///
  /// - Parameter reference: What the person typed.
  /// - Returns: The list.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous` naming the candidates.
  public func findList(_ reference: String) throws -> Checklist {
    let lists = try checklists()
    let count = "\(lists.count) \(lists.count == 1 ? "list" : "lists")"
    return try NameLookup.resolve(
      reference, in: lists, name: \.name, what: "list", noun: "lists",
      numbersFrom: "checklists lists",
      noNumber: {
        "There is no list number \($0); there \(lists.count == 1 ? "is" : "are") \(count)."
      })
  }

  /// Finds an item of a list by the same rules as ``findList(_:)``: its exact text (ignoring
  /// case), else its number in the list (1-based, as `items` shows), else the start of a text
  /// only one item has.
  ///
  /// - Complexity: O(*items*).
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous`.
  public func findItem(_ reference: String, in list: Checklist) throws -> ChecklistItem {
    let items = try store.read { tx in try tx.items(checklistID: list.id) }
    let count = "\(items.count) \(items.count == 1 ? "item" : "items")"
    return try NameLookup.resolve(
      reference, in: items, name: \.text, what: "item in '\(list.name)'", noun: "items",
      numbersFrom: "checklists items \(ChecklistService.quoted(list.name))",
      noNumber: { "'\(list.name)' has no item number \($0); it has \(count)." })
  }

  /// A name as it should be typed back in a shell command: bare when safe, else in single quotes.
  public static func quoted(_ name: String) -> String {
    name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
      ? name : "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
