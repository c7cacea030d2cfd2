import ChecklistsMessages
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
      throw tooLong(raw.count)
    }
    var notes = Substring(raw.replacingOccurrences(of: "\r\n", with: "\n"))
    while let last = notes.last, last.isWhitespace || last.isNewline { notes.removeLast() }
    // Leading blank lines are dropped too; leading spaces on the first line are kept (indent).
    while let first = notes.first, first.isNewline { notes.removeFirst() }
    if notes.allSatisfy({ $0.isWhitespace || $0.isNewline }) { return "" }
    if notes.count > maximumNotesLength {
      throw tooLong(notes.count)
    }
    // Counted in characters, bounded in bytes too: one character may carry any number of
    // combining marks.
    if notes.utf8.count > maximumNotesLength * 4 {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.notes.tooManyBytes",
          ["maximum": String(maximumNotesLength * 4), "count": String(notes.utf8.count)]))
    }
    if let control = notes.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
    }) {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.notes.controlCharacter", ["code": String(format: "%04X", control.value)]))
    }
    return String(notes)
  }

  /// The error for notes of more than ``maximumNotesLength`` characters, with the numbers
  /// written as in English ("10,000").
  private static func tooLong(_ count: Int) -> ChecklistsError {
    let english = IntegerFormatStyle<Int>.number.locale(Locale(identifier: "en_US"))
    return ChecklistsError.invalid(
      MessageText(
        "errors.notes.tooLong",
        ["maximum": maximumNotesLength.formatted(english), "count": count.formatted(english)]))
  }
}
