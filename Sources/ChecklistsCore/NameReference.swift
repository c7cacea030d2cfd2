import Foundation

/// What a name typed on the command line refers to among some elements, by the one rule every
/// lookup follows: the exact name (ignoring case), else the number the listing shows
/// (1-based), else the start of a name only one element has.
///
/// Callers word the failures for their own elements (lists, items, lines, tokens).
public enum NameReference<Element> {
  /// The element meant.
  case found(Element)
  /// Several elements have exactly that name.
  case sameName([Element])
  /// A number with no element at that position.
  case noSuchNumber(Int)
  /// Several names start with it.
  case severalStartWith([Element])
  /// Nothing is called that or starts with it.
  case none

  /// Applies the rule to `reference`.
  public static func match(
    _ reference: String, in elements: [Element], name: (Element) -> String
  ) -> NameReference {
    let exact = elements.filter { Checklist.namesMatch(name($0), reference) }
    if exact.count == 1 { return .found(exact[0]) }
    if exact.count > 1 { return .sameName(exact) }
    if let number = Int(reference) {
      guard number >= 1, number <= elements.count else { return .noSuchNumber(number) }
      return .found(elements[number - 1])
    }
    let starting = elements.filter {
      name($0).range(of: reference, options: [.caseInsensitive, .anchored]) != nil
    }
    switch starting.count {
    case 0: return .none
    case 1: return .found(starting[0])
    default: return .severalStartWith(starting)
    }
  }

  /// The first five names of several, quoted, with how many more: "'Milk', 'Mint' and 3 more".
  public static func shown(_ elements: [Element], name: (Element) -> String) -> String {
    let shown = elements.prefix(5).map { "'\(name($0))'" }.joined(separator: ", ")
    return elements.count > 5 ? "\(shown) and \(elements.count - 5) more" : shown
  }
}
