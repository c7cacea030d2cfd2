import ChecklistsCore
import Foundation
import Testing

@Suite("Text rules: what a name or a text may hold, whichever door it comes in by")
struct TextRulesTests {
  /// Every validated kind of text, with what its message calls it.
  static let fields: [(String, @Sendable (String) throws -> String)] = [
    ("A list's name", Checklist.validatedName),
    ("An item's text", ChecklistItem.validatedText),
    ("An item's name", ShoppingItem.validatedName),
    ("A shopping list's name", ShoppingList.validatedName),
    ("A unit", { try ShoppingItem.validatedDetail($0, field: "A unit") ?? "" }),
  ]

  @Test(
    "Combining marks with no letter to sit on are refused",
    arguments: [
      "\u{0301}\u{0301}", "\u{0301} \u{0301}", "\u{0308}\u{200B}", "\u{20DD}", "\u{0903}",
    ])
  func onlyCombiningMarks(text: String) {
    for (field, validate) in Self.fields {
      let error = #expect(throws: ChecklistsError.self, "\(field)") { try validate(text) }
      #expect(error?.code == .invalidInput)
      #expect(
        error?.message
          == "\(field) cannot be only combining marks (accents with no letter to sit on).")
    }
  }

  @Test("A unit or category of a space carrying an accent is blank: none is kept")
  func blankDetail() throws {
    #expect(try ShoppingItem.validatedDetail(" \u{0301} ", field: "A unit") == nil)
  }

  @Test("Zero-width characters between spaces are as empty as alone")
  func zeroWidthAndSpaces() {
    for (field, validate) in Self.fields {
      let error = #expect(throws: ChecklistsError.self) { try validate("\u{200B} \u{FEFF}") }
      #expect(error?.message == "\(field) cannot be empty or only white space.")
    }
  }

  @Test(
    "Marks on a letter are text like any other",
    arguments: ["e\u{0301}", "Cafe\u{0301}", "\u{0915}\u{094D}\u{0937}", "a\u{20DD}"])
  func marksOnLetters(text: String) throws {
    for (_, validate) in Self.fields {
      #expect(try validate(text) == text)
    }
  }

  @Test(
    "NUL and the other control characters are refused anywhere in the text",
    arguments: [
      "Trips\u{0000}", "\u{0000}Trips", "Tr\u{0000}ips", "a\u{001B}[31mred", "a\u{007F}",
      "a\u{0085}b", "a\u{009B}b", "tab\there",
    ])
  func controlCharacters(text: String) {
    for (field, validate) in Self.fields {
      let error = #expect(throws: ChecklistsError.self, "\(field)") { try validate(text) }
      #expect(
        error?.message
          == "\(field) must be one line of text without control characters such as line breaks or tabs."
      )
    }
  }

  @Test(
    "An icon name with NUL or other characters than letters, digits, spaces and dashes is unknown",
    arguments: ["No Icon\u{0000}", "\u{0000}Folder", "Fol\u{0000}der", "Trips\n", "Folder!"])
  func iconNames(name: String) {
    #expect(ChecklistIcon(named: name) == nil)
  }

  @Test("Icon names still match loosely", arguments: ["no icon", "No-Icon", "no_icon", " NoIcon "])
  func looseIconNames(name: String) {
    #expect(ChecklistIcon(named: name) == .noIcon)
  }
}
