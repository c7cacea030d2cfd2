/// Finds what a user probably meant when they mistype a name, for "Did you mean …?" hints.
///
/// Names are compared ignoring case by edit distance, counting an insertion, deletion,
/// substitution or swap of two neighbouring characters as one edit, so `lsts` suggests `lists`
/// and `Grocereis` suggests `Groceries`.
public enum SpellingSuggestion {
  /// The candidate closest to `typed`, if one is close enough to be a plausible typo.
  ///
  /// A candidate qualifies when it is at most a third of `typed`'s length away (at least 1,
  /// at most 3 edits); among equally close candidates the first wins.
  ///
  /// - Parameters:
  ///   - typed: What the user typed.
  ///   - candidates: The names that exist.
  /// - Returns: The best match, or `nil` when none is close enough.
  /// - Complexity: O(*n* × *m*) per candidate, for lengths *n* and *m* of the two names.
  public static func bestMatch(
    for typed: String, among candidates: some Sequence<String>
  ) -> String? {
    let limit = min(3, max(1, typed.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, candidate)
      if distance <= limit, distance < best?.distance ?? Int.max {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The hint to append to an error message, such as ` Did you mean 'lists'?`.
  ///
  /// - Parameters:
  ///   - typed: What the user typed.
  ///   - candidates: The names that exist.
  /// - Returns: The hint with a leading space, or an empty string when nothing is close.
  public static func hint(for typed: String, among candidates: some Sequence<String>) -> String {
    bestMatch(for: typed, among: candidates).map { " Did you mean '\($0)'?" } ?? ""
  }

  /// The number of edits that turn one string into the other, ignoring case.
  ///
  /// This is the optimal-string-alignment distance: Levenshtein distance in which swapping two
  /// neighbouring characters also counts as a single edit.
  ///
  /// - Parameters:
  ///   - first: One string.
  ///   - second: The other string.
  /// - Returns: The number of edits, 0 when the strings are equal ignoring case.
  /// - Complexity: O(*n* × *m*) for lengths *n* and *m*.
  public static func editDistance(_ first: String, _ second: String) -> Int {
    let a = Array(first.lowercased())
    let b = Array(second.lowercased())
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // Three rows suffice: the swap rule looks two rows back.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
