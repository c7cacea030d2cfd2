/// Finds the name a person probably meant when they mistyped one.
public enum NameSuggestion {
  /// The candidate closest to `input` by edit distance, ignoring case, if it is close enough.
  ///
  /// - Parameters:
  ///   - input: What the person typed.
  ///   - candidates: The names that exist.
  /// - Returns: The best candidate within a third of the input's length (at least 2 edits), or nil.
  /// - Complexity: O(*n* × *m*²) for *n* candidates of length about *m*.
  public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(input.lowercased())
    let limit = max(2, typed.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The Levenshtein distance between two strings of characters.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
