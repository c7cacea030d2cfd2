import ChecklistsCore
import Foundation

/// How a person names a list or an item on the command line (``NameReference``), with the
/// messages for lists, items and tokens.
enum NameLookup {
  /// Resolves `reference`, or throws a message that names `what` was looked for.
  static func resolve<Element>(
    _ reference: String, in elements: [Element], name: (Element) -> String, what: String,
    noun: String, numbersFrom command: String, noNumber: (String) -> String
  ) throws -> Element {
    switch NameReference.match(reference, in: elements, name: name) {
    case .found(let element):
      return element
    case .sameName(let exact):
      throw ChecklistsError(
        .ambiguous,
        "There are \(exact.count) \(noun) called '\(name(exact[0]))'. "
          + "Use the number from '\(command)'.")
    case .noSuchNumber:
      throw ChecklistsError(.notFound, noNumber(reference))
    case .severalStartWith(let matches):
      throw ChecklistsError(
        .ambiguous,
        "'\(reference)' matches \(matches.count) of them: "
          + "\(NameReference.shown(matches, name: name)). "
          + "Type more of the name, or use the number from '\(command)'.")
    case .none:
      throw ChecklistsError.notFound(what, named: reference, candidates: elements.map(name))
    }
  }
}
