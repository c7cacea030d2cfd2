import ChecklistsMessages
import Foundation

/// The rules every list name and item text obeys, whichever door it comes in by.
public enum TextRules {
  /// The most characters an item's text may have.
  public static let maximumItemTextLength = 1_000
  /// The most characters a list's name may have.
  public static let maximumListNameLength = 200

  /// Trims `raw` and checks it is neither empty, only combining marks, too long nor holding
  /// control characters.
  ///
  /// Control characters are all of Unicode's `Cc` (C0 with NUL, tab and line feed; DEL; C1)
  /// and the line and paragraph separators: names and item texts are one line each, and a NUL
  /// would cut the text short in any C string, and an escape sequence would repaint a terminal.
  ///
  /// - Parameters:
  ///   - raw: The text as typed or read from a file.
  ///   - field: What the text is, for the message: "An item's text", "A list's name".
  ///   - maximumLength: The most characters (grapheme clusters) allowed.
  /// - Returns: The trimmed text.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the broken rule.
  public static func validated(_ raw: String, field: String, maximumLength: Int) throws -> String {
    let text = raw.trimmingWhitespace()
    // Zero-width characters (U+200B, U+FEFF…) look empty too, between spaces as much as alone;
    // and accents with no letter to sit on show as nothing, or on whatever is printed before.
    let visible = text.unicodeScalars.filter {
      !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint
    }
    if visible.isEmpty {
      throw ChecklistsError.invalid(MessageText("errors.text.cannotEmptyOnly", ["field": field]))
    }
    if visible.allSatisfy(isMark) {
      throw ChecklistsError.invalid(
        MessageText("errors.text.cannotOnlyCombining", ["field": field]))
    }
    if text.count > maximumLength {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.text.charactersLongLimit",
          ["field": field, "textCount": String(text.count), "maximumLength": "\(maximumLength)"]))
    }
    let breaksLines: (Unicode.Scalar) -> Bool = {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
    }
    if text.unicodeScalars.contains(where: breaksLines) {
      throw ChecklistsError.invalid(
        MessageText("errors.text.mustOneLine", ["field": field]))
    }
    return text
  }

  /// Whether `scalar` is a combining mark, which belongs to the character before it.
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}

extension Checklist {
  /// A list name made valid: trimmed, not empty, at most 200 characters, one line.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedName(_ raw: String) throws -> String {
    try TextRules.validated(
      raw, field: MessageCatalogue.english.text("errors.field.listName"),
      maximumLength: TextRules.maximumListNameLength)
  }

  /// Whether two list names count as the same name: list names are unique ignoring case.
  public static func namesMatch(_ a: String, _ b: String) -> Bool {
    a.compare(b, options: [.caseInsensitive]) == .orderedSame
  }
}

extension ChecklistItem {
  /// An item text made valid: trimmed, not empty, at most 1,000 characters, one line.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedText(_ raw: String) throws -> String {
    try TextRules.validated(
      raw, field: MessageCatalogue.english.text("errors.field.itemText"),
      maximumLength: TextRules.maximumItemTextLength)
  }
}

extension ChecklistItem {
  /// The earliest due date an item may have: 0001-01-01T00:00:00Z.
  public static let earliestDueDate = Date(timeIntervalSinceReferenceDate: -63_113_904_000)
  /// The latest due date an item may have: 9999-12-31T23:59:59Z.
  public static let latestDueDate = Date(timeIntervalSinceReferenceDate: 252_423_993_599)

  /// A due date made valid: a real date in the years 1 to 9999, which every file format and
  /// calendar can write.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedDueDate(_ date: Date?) throws -> Date? {
    guard let date else { return nil }
    let seconds = date.timeIntervalSinceReferenceDate
    guard seconds.isFinite, date >= earliestDueDate, date <= latestDueDate else {
      throw ChecklistsError.invalid(MessageText("errors.text.dueDateMust"))
    }
    return date
  }
}

extension String {
  /// The string without white space or line breaks at either end.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}

extension ChecklistItem {
  /// The first and last day an item may be due on: 0001-01-01 and 9999-12-31.
  public static let dueDays =
    CivilDay(
      year: 1, month: 1, day: 1)...CivilDay(
      year: 9999, month: 12, day: 31)

  /// A due date made valid: a day or moment in the years 1 to 9999, and a moment's zone one
  /// that the time zone database knows (`Europe/Berlin`, `UTC`).
  /// - Throws: ``ChecklistsError`` with code `invalidInput`.
  public static func validatedDue(_ due: DueDate?) throws -> DueDate? {
    switch due {
    case nil: return nil
    case .day(let day)?:
      guard dueDays.contains(day) else {
        throw ChecklistsError.invalid(MessageCatalogue.english.text("errors.due.dayOutOfRange"))
      }
      return due
    case .moment(let date, let zone)?:
      _ = try validatedDueDate(date)
      if let zone, zone.count > 64 || TimeZone(identifier: zone) == nil {
        throw ChecklistsError.invalid(
          MessageCatalogue.english.text(
            "errors.due.unknownTimeZone", ["zone": String(zone.prefix(64))]))
      }
      return due
    }
  }
}
