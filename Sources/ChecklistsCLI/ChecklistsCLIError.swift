/// A failure of the command line itself, not of the data: a refused confirmation, a file that
/// cannot be read or written.
struct ChecklistsCLIError: Error, CustomStringConvertible {
  var description: String

  /// The person answered no.
  static func cancelled(_ message: String) -> ChecklistsCLIError {
    ChecklistsCLIError(description: message)
  }
}
