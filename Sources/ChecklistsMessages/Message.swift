/// One entry of a catalogue: a text, or one text per plural category.
///
/// A text names its arguments in braces (`"Unknown list '{name}'."`); a message with plural
/// forms is chosen by its `count` argument and may show it as `{count}`. A brace is written
/// `{{` or `}}`.
public enum Message: Hashable, Sendable {
  case text(String)
  case plural([PluralCategory: String])

  /// The text for a count under a language's rules: its category's form, else `other`.
  func form(count: Int?, rules: PluralRules) -> String {
    switch self {
    case .text(let text): return text
    case .plural(let forms):
      let category = count.map(rules.category) ?? .other
      return forms[category] ?? forms[.other] ?? ""
    }
  }

  /// Every text of the message.
  public var forms: [String] {
    switch self {
    case .text(let text): [text]
    case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
    }
  }

  /// The argument names a text uses, in order of first use.
  public static func placeholders(in text: String) -> [String] {
    var names: [String] = []
    for piece in pieces(of: text) {
      if case .argument(let name) = piece, !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// A text with its arguments put in; an argument not given is left as `{name}`, so that a
  /// mistake shows rather than vanishes.
  static func fill(_ text: String, with arguments: [String: String]) -> String {
    var result = ""
    for piece in pieces(of: text) {
      switch piece {
      case .literal(let literal): result += literal
      case .argument(let name): result += arguments[name] ?? "{\(name)}"
      }
    }
    return result
  }

  enum Piece: Equatable {
    case literal(String)
    case argument(String)
  }

  /// A text cut into literal runs and `{name}` arguments; `{{` and `}}` are literal braces.
  static func pieces(of text: String) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "{" || character == "}", next < text.endIndex, text[next] == character {
        literal.append(character)
        index = text.index(after: next)
      } else if character == "{", let close = text[next...].firstIndex(of: "}") {
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        literal = ""
        pieces.append(.argument(String(text[next..<close])))
        index = text.index(after: close)
      } else {
        literal.append(character)
        index = next
      }
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    return pieces
  }
}
