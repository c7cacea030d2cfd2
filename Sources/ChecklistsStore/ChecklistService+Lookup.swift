import ChecklistsCore
import Foundation

extension ChecklistService {
  /// Finds a list the way a person names it: by its exact name (ignoring case), by the number
  /// that All Lists shows (1-based), or by the start of a name that only one list has.
  ///
  /// - Parameter reference: What the person typed.
  /// - Returns: The list.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous` naming the candidates.
  public func findList(_ reference: String) throws -> Checklist {
    let lists = try checklists()
    if let exact = lists.first(where: { Checklist.namesMatch($0.name, reference) }) {
      return exact
    }
    if let number = Int(reference) {
      guard lists.indices.contains(number - 1) else {
        throw ChecklistsError(
          .notFound,
          "There is no list number \(number); there \(lists.count == 1 ? "is" : "are") "
            + "\(lists.count) \(lists.count == 1 ? "list" : "lists").")
      }
      return lists[number - 1]
    }
    return try uniquePrefixMatch(
      reference, in: lists, name: \.name, what: "list", numbersFrom: "checklists lists")
  }

  /// Finds an item of a list by its number in the list (1-based, as `items` shows), its exact
  /// text (ignoring case), or the start of a text that only one item has.
  ///
  /// - Complexity: O(1) rows by number; O(*items*) by text.
  /// - Throws: `notFound` with a "Did you mean" hint, or `ambiguous`.
  public func findItem(_ reference: String, in list: Checklist) throws -> ChecklistItem {
    if let number = Int(reference), number >= 1 {
      let item = try store.read { tx in try tx.item(checklistID: list.id, at: number - 1) }
      guard let item else {
        throw ChecklistsError(
          .notFound,
          "'\(list.name)' has no item number \(number); it has \(list.itemCount) "
            + "\(list.itemCount == 1 ? "item" : "items").")
      }
      return item
    }
    let items = try store.read { tx in try tx.items(checklistID: list.id) }
    let exact = items.filter { Checklist.namesMatch($0.text, reference) }
    if exact.count == 1 { return exact[0] }
    if exact.count > 1 {
      throw ChecklistsError(
        .ambiguous,
        "'\(list.name)' has \(exact.count) items called '\(exact[0].text)'. "
          + "Use the item's number from 'checklists items \(list.name)'.")
    }
    return try uniquePrefixMatch(
      reference, in: items, name: \.text, what: "item in '\(list.name)'",
      numbersFrom: "checklists items \(list.name)")
  }

  private func uniquePrefixMatch<Element>(
    _ reference: String, in elements: [Element], name: (Element) -> String, what: String,
    numbersFrom command: String
  ) throws -> Element {
    let matches = elements.filter {
      name($0).range(of: reference, options: [.caseInsensitive, .anchored]) != nil
    }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      throw ChecklistsError.notFound(what, named: reference, candidates: elements.map(name))
    }
    let shown = matches.prefix(5).map { "'\(name($0))'" }.joined(separator: ", ")
    let more = matches.count > 5 ? " and \(matches.count - 5) more" : ""
    throw ChecklistsError(
      .ambiguous,
      "'\(reference)' matches \(matches.count) of them: \(shown)\(more). "
        + "Type more of the name, or use the number from '\(command)'.")
  }
}
