import Foundation

/// The words search finds things by: each word of a text folded so that case, accents and
/// width do not matter ("Crème BRÛLÉE" gives "creme" and "brulee"), split wherever a
/// character is neither a letter nor a digit.
///
/// The same folding makes the stored words and the words of a query, so a query word matches
/// a stored word when it is its start, and a database finds those through an index range
/// (``prefixRange(_:)``).
public enum SearchWords {
  /// The longest word kept, in characters: longer runs are cut, so one pasted blob cannot
  /// make an index entry of kilobytes.
  public static let longestWord = 64

  /// A text folded: lower case, without accents, half-width forms as their ordinary forms,
  /// in canonical composition.
  public static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    ).precomposedStringWithCanonicalMapping
  }

  /// The distinct folded words of `texts`, in the order they first occur.
  /// - Complexity: O(*n*) in the texts' length.
  public static func words(_ texts: String...) -> [String] {
    words(of: texts)
  }

  /// The distinct folded words of `texts`, in the order they first occur.
  public static func words(of texts: [String]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for text in texts {
      var word = String.UnicodeScalarView()
      func flush() {
        guard !word.isEmpty else { return }
        let folded = String(String(word).prefix(longestWord))
        if seen.insert(folded).inserted { result.append(folded) }
        word = String.UnicodeScalarView()
      }
      for scalar in fold(text).unicodeScalars {
        if wordCharacters.contains(scalar) {
          word.append(scalar)
        } else {
          flush()
        }
      }
      flush()
    }
    return result
  }

  /// The bounds of the words that start with `prefix`, in the byte order of SQLite's default
  /// collation and PostgreSQL's "C": every such word `w` has `lower <= w < upper`.
  public static func prefixRange(_ prefix: String) -> (lower: String, upper: String) {
    var scalars = Array(prefix.unicodeScalars)
    // The next string after every extension of `prefix`: its last scalar, one higher
    // (stepping over the surrogates, which are no scalars).
    while let last = scalars.popLast() {
      var next = last.value + 1
      if next == 0xD800 { next = 0xE000 }
      if let scalar = Unicode.Scalar(next) {
        scalars.append(scalar)
        var upper = String.UnicodeScalarView()
        upper.append(contentsOf: scalars)
        return (prefix, String(upper))
      }
    }
    return (prefix, "\u{10FFFF}\u{10FFFF}")
  }

  private static let wordCharacters = CharacterSet.alphanumerics
}
