import ChecklistsCore
import ChecklistsMessages
import Foundation

/// How a person names a list or an item on the command line (``NameReference``), with the
/// messages for lists, items and tokens.
enum NameLookup {
  /// Resolves `reference`, or throws a message that names `what` was looked for.
  static func resolve<Element>(
    _ reference: String, in elements: [Element], name: (Element) -> String, what: String,
    noun: String, numbersFrom command: String, noNumber: (String) -> String
  ) throws -> Element {
    try outcome(
      NameReference.match(reference, in: elements, name: name), reference, name: name,
      what: what, noun: noun, numbersFrom: command, noNumber: { noNumber($0) },
      candidates: { elements.map(name) })
  }

  /// Resolves `reference` by the same rule through a store's indexes, reading only the
  /// elements it might mean: those whose ``NameKey/lookup(_:)`` key equals the reference's,
  /// the one at its number, or those whose key starts with the reference's, each confirmed
  /// with the rule itself.
  ///
  /// Only a miss reads every name, for its "Did you mean" suggestion, and only an ambiguous
  /// prefix reads every element it matches.
  /// - Parameters:
  ///   - named: The elements whose key is the given key, in listing order.
  ///   - startingWith: The elements whose key starts with the given key, in listing order.
  ///   - number: The element at a 1-based number, if there is one.
  ///   - noNumber: The message for a number with no element.
  ///   - candidates: Every name, in listing order, for the suggestion.
  static func resolve<Element>(
    _ reference: String, name: (Element) -> String, what: String, noun: String,
    numbersFrom command: String, named: (String) throws -> [Element],
    startingWith: (String) throws -> [Element], number: (Int) throws -> Element?,
    noNumber: (String) throws -> String, candidates: () throws -> [String]
  ) throws -> Element {
    let key = NameKey.lookup(reference)
    let match: NameReference<Element>
    let exact = try named(key).filter { Checklist.namesMatch(name($0), reference) }
    if exact.count == 1 {
      match = .found(exact[0])
    } else if exact.count > 1 {
      match = .sameName(exact)
    } else if let wanted = Int(reference) {
      match = try (wanted >= 1 ? number(wanted) : nil).map { .found($0) } ?? .noSuchNumber(wanted)
    } else {
      let starting = try startingWith(key).filter {
        name($0).range(of: reference, options: [.caseInsensitive, .anchored]) != nil
      }
      switch starting.count {
      case 0: match = .none
      case 1: match = .found(starting[0])
      default: match = .severalStartWith(starting)
      }
    }
    return try outcome(
      match, reference, name: name, what: what, noun: noun, numbersFrom: command,
      noNumber: noNumber, candidates: candidates)
  }

  private static func outcome<Element>(
    _ match: NameReference<Element>, _ reference: String, name: (Element) -> String,
    what: String, noun: String, numbersFrom command: String,
    noNumber: (String) throws -> String, candidates: () throws -> [String]
  ) throws -> Element {
    switch match {
    case .found(let element):
      return element
    case .sameName(let exact):
      throw ChecklistsError(
        .ambiguous,
        MessageText(
          "errors.name.sameName",
          [
            "count": String(exact.count), "things": noun, "name": name(exact[0]),
            "command": command,
          ]))
    case .noSuchNumber:
      throw ChecklistsError(.notFound, try noNumber(reference))
    case .severalStartWith(let matches):
      throw ChecklistsError(
        .ambiguous,
        MessageText(
          "errors.name.severalStartWith",
          [
            "reference": reference, "count": String(matches.count),
            "matches": NameReference.shown(matches, name: name), "command": command,
          ]))
    case .none:
      throw ChecklistsError.notFound(what, named: reference, candidates: try candidates())
    }
  }
}
