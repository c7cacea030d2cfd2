extension String {
  /// The text word-wrapped so that no line is longer than `width` columns, every line
  /// (blank ones excepted) indented by `indent` spaces, as swift-argument-parser wraps help.
  ///
  /// Existing line breaks are kept; a word longer than a line stays whole on its own line.
  /// As in swift-argument-parser, a line only reaches the last column at a paragraph's end.
  func wrapped(to width: Int, indent: Int = 0) -> String {
    let lineWidth = Swift.max(1, width - indent)
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      let words = paragraph.split(separator: " ")
      for (index, word) in words.enumerated() {
        // Like swift-argument-parser, only a paragraph's last line may fill the full width.
        let limit = index == words.count - 1 ? lineWidth : lineWidth - 1
        if line.isEmpty {
          line = String(word)
        } else if line.count + 1 + word.count <= limit {
          line += " " + word
        } else {
          lines.append(line)
          line = String(word)
        }
      }
      lines.append(line)
    }
    return lines.map { $0.isEmpty ? $0 : margin + $0 }.joined(separator: "\n")
  }
}
