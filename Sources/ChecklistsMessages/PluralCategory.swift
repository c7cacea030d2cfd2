/// A CLDR plural category: which form of a message a number takes in a language.
///
/// English has two (`one`, `other`); other languages use up to all six. `other` is the form
/// every message with plural forms must have (CLDR's rule: it is the fallback).
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
  case zero, one, two, few, many, other
}
