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
    return try resolve(
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
    return try resolve(
      reference, in: items, name: \.text, what: "item in '\(list.name)'", noun: "items",
      numbersFrom: "checklists items \(ChecklistService.quoted(list.name))",
      noNumber: { "'\(list.name)' has no item number \($0); it has \(count)." })
  }

  /// The one rule for both: exact name, then number, then unique prefix.
  private func resolve<Element>(
    _ reference: String, in elements: [Element], name: (Element) -> String, what: String,
    noun: String, numbersFrom command: String, noNumber: (String) -> String
  ) throws -> Element {
    let exact = elements.filter { Checklist.namesMatch(name($0), reference) }
    if exact.count == 1 { return exact[0] }
    if exact.count > 1 {
      throw ChecklistsError(
        .ambiguous,
        "There are \(exact.count) \(noun) called '\(name(exact[0]))'. "
          + "Use the number from '\(command)'.")
    }
    if let number = Int(reference) {
      guard number >= 1, number <= elements.count else {
        throw ChecklistsError(.notFound, noNumber(reference))
      }
      return elements[number - 1]
    }
    return try uniquePrefixMatch(
      reference, in: elements, name: name, what: what, numbersFrom: command)
  }

  /// A name as it should be typed back in a shell command: bare when safe, else in single quotes.
  public static func quoted(_ name: String) -> String {
    name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
      ? name : "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
