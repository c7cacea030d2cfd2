import ChecklistsCore
import Foundation

/// How a person names a list or an item on the command line: its exact name (ignoring case),
/// else its number as the listing shows it (1-based), else the start of a name only one has.
enum NameLookup {
  /// The one rule for every lookup: exact name, then number, then unique prefix.
  static func resolve<Element>(
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

  private static func uniquePrefixMatch<Element>(
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
