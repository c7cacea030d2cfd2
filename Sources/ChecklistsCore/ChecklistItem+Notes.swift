import Foundation

extension ChecklistItem {
  /// The longest notes an item may have, in characters.
  public static let maximumNotesLength = 10_000

  /// Notes made valid: white space and line breaks at the end dropped, inner lines kept, at
  /// most 10,000 characters; only white space is no notes ("").
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the limit.
  public static func validatedNotes(_ raw: String) throws -> String {
    // Counted as sent, before the blank lines around it are dropped: the document's
    // maxLength is of the value in the request.
    if raw.count > maximumNotesLength {
      throw ChecklistsError.invalid(
        "An item's notes can be at most \(maximumNotesLength.formatted(.number.locale(Locale(identifier: "en_US")))) characters; these have \(raw.count.formatted(.number.locale(Locale(identifier: "en_US"))))."
      )
    }
    var notes = Substring(raw.replacingOccurrences(of: "\r\n", with: "\n"))
    while let last = notes.last, last.isWhitespace || last.isNewline { notes.removeLast() }
    // Leading blank lines are dropped too; leading spaces on the first line are kept (indent).
    while let first = notes.first, first.isNewline { notes.removeFirst() }
    if notes.allSatisfy({ $0.isWhitespace || $0.isNewline }) { return "" }
    if notes.count > maximumNotesLength {
      throw ChecklistsError.invalid(
        "An item's notes can be at most \(maximumNotesLength.formatted(.number.locale(Locale(identifier: "en_US")))) characters; these have \(notes.count.formatted(.number.locale(Locale(identifier: "en_US"))))."
      )
    }
    // Counted in characters, bounded in bytes too: one character may carry any number of
    // combining marks.
    if notes.utf8.count > maximumNotesLength * 4 {
      throw ChecklistsError.invalid(
        "An item's notes can be at most \(maximumNotesLength * 4) bytes of text; these have "
          + "\(notes.utf8.count).")
    }
    if let control = notes.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
    }) {
      throw ChecklistsError.invalid(
        "An item's notes may not contain control characters (U+"
          + String(format: "%04X", control.value) + "); only line breaks and tabs.")
    }
    return String(notes)
  }
}
