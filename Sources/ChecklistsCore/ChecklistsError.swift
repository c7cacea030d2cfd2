/// An error a person or a file can cause, with a message that names the problem.
///
/// The CLI maps ``Code`` to exit codes and the server to HTTP statuses, each in one place.
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
  /// A sentence that names the problem.
  public var message: String
  /// A hint at what the person may have meant, such as a close name.
  public var suggestion: String?

  /// Creates an error.
  public init(_ code: Code, _ message: String, suggestion: String? = nil) {
    self.code = code
    self.message = message
    self.suggestion = suggestion
  }

  /// The message followed by the suggestion, if any.
  public var description: String {
    guard let suggestion else { return message }
    return "\(message) \(suggestion)"
  }
}

extension ChecklistsError {
  /// A broken rule.
  public static func invalid(_ message: String) -> ChecklistsError {
    ChecklistsError(.invalidInput, message)
  }

  /// Something that does not exist, with a "Did you mean" hint when a close name exists.
  public static func notFound(
    _ what: String, named name: String, candidates: some Sequence<String> = [String]()
  ) -> ChecklistsError {
    let hint = NameSuggestion.closest(to: name, in: candidates).map { "Did you mean '\($0)'?" }
    return ChecklistsError(.notFound, "Unknown \(what) '\(name)'.", suggestion: hint)
  }
}
