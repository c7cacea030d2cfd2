import ChecklistsMessages

/// An error a person or a file can cause, with a message that names the problem.
///
/// The CLI maps ``Code`` to exit codes and the server to HTTP statuses, each in one place.
/// The message is a catalogue text (`errors.*`), kept unworded as ``text`` so that it can be
/// put in the reader's language where it is shown; ``message`` is its English wording.
public struct ChecklistsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, independent of its wording.
  public enum Code: String, Hashable, Sendable {
    /// The input breaks a rule: empty text, too long, unknown icon, bad date.
    case invalidInput
    /// A list or item that does not exist.
    case notFound
    /// A name that matches more than one thing.
    case ambiguous
    /// The change clashes with what is stored, such as a name already taken.
    case conflict
    /// The change was made against a revision that is no longer current.
    case stale
    /// A file that is not what it claims to be: corrupt, truncated, empty or foreign.
    case unreadableFile
    /// The database failed underneath.
    case storage
    /// Signing in failed: a wrong user name or password, or an expired session or token. The
    /// message never says which.
    case unauthorized
    /// The list is shared with the user, but their role does not allow the change.
    case forbidden
  }

  /// The kind of problem.
  public var code: Code
  /// A sentence that names the problem, in English. Setting it drops the catalogue text.
  public var message: String {
    didSet { source.text = nil }
  }
  /// A hint at what the person may have meant, such as a close name, in English. Setting it
  /// drops the catalogue text.
  public var suggestion: String? {
    didSet { source.suggestion = nil }
  }
  private var source = Source()

  /// The catalogue texts the words were made from. Two errors that say the same thing are the
  /// same error however they were made, so this part takes no part in equality. (An internal
  /// type: its `==` adds nothing to the operators other modules see.)
  private struct Source: Hashable, Sendable {
    var text: MessageText?
    var suggestion: MessageText?
    static func == (_: Source, _: Source) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// Creates an error from a catalogue text, worded where it is shown.
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - text: The sentence that names the problem (`errors.*`).
  ///   - suggestion: A hint at what the person may have meant, if any.
  public init(_ code: Code, _ text: MessageText, suggestion: MessageText? = nil) {
    self.code = code
    self.message = MessageCatalogue.english.text(text)
    self.suggestion = suggestion.map(MessageCatalogue.english.text)
    self.source = Source(text: text, suggestion: suggestion)
  }

  /// Creates an error from words already made.
  public init(_ code: Code, _ message: String, suggestion: String? = nil) {
    self.code = code
    self.message = message
    self.suggestion = suggestion
  }

  /// The message as a catalogue text, if it was made from one.
  public var text: MessageText? { source.text }

  /// The suggestion as a catalogue text, if it was made from one.
  public var suggestionText: MessageText? { source.suggestion }

  /// The message in a catalogue's language (English words when it was made from words).
  ///
  /// Named apart from ``message``: an overloaded member name makes every comparison with
  /// `error.message` in a long expression much slower to type-check.
  public func wordedMessage(in catalogue: MessageCatalogue) -> String {
    source.text.map(catalogue.text) ?? message
  }

  /// The message followed by the suggestion, if any, in a catalogue's language.
  public func wordedDescription(in catalogue: MessageCatalogue) -> String {
    let message = wordedMessage(in: catalogue)
    guard let suggestion = source.suggestion.map(catalogue.text) ?? suggestion else {
      return message
    }
    return "\(message) \(suggestion)"
  }

  /// The message followed by the suggestion, if any (in English: its words are English's).
  public var description: String { wordedDescription(in: .english) }
}

extension ChecklistsError {
  /// A broken rule.
  public static func invalid(_ message: String) -> ChecklistsError {
    ChecklistsError(.invalidInput, message)
  }

  /// A broken rule, as a catalogue text.
  public static func invalid(_ text: MessageText) -> ChecklistsError {
    ChecklistsError(.invalidInput, text)
  }

  /// Something that does not exist, with a "Did you mean" hint when a close name exists.
  public static func notFound(
    _ what: String, named name: String, candidates: some Sequence<String> = [String]()
  ) -> ChecklistsError {
    let hint = NameSuggestion.closest(to: name, in: candidates).map {
      MessageText("errors.name.didYouMean", ["name": $0])
    }
    return ChecklistsError(
      .notFound, MessageText("errors.name.unknown", ["what": what, "name": name]),
      suggestion: hint)
  }
}
