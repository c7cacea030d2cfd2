import ChecklistsCore
import ChecklistsMessages
import Testing

@Suite("ChecklistsError: a catalogue text, worded in English or in the reader's language")
struct ChecklistsErrorTests {
  @Test("An error made from a catalogue text words its English text and keeps its key")
  func madeFromText() throws {
    let error = ChecklistsError(
      .notFound, MessageText("errors.name.unknown", ["what": "list", "name": "Grocereis"]))
    #expect(error.code == .notFound)
    #expect(error.message == "Unknown list 'Grocereis'.")
    #expect(error.description == "Unknown list 'Grocereis'.")
    let text = try #require(error.text)
    #expect(text.key == "errors.name.unknown")
    #expect(text.arguments == ["what": "list", "name": "Grocereis"])
    #expect(error.suggestion == nil && error.suggestionText == nil)
  }

  @Test("The 'Did you mean' hint is a catalogue text too")
  func suggestionIsText() throws {
    let error = ChecklistsError.notFound(
      "list", named: "Grocereis", candidates: ["Groceries", "Work"])
    #expect(error.description == "Unknown list 'Grocereis'. Did you mean 'Groceries'?")
    #expect(error.suggestion == "Did you mean 'Groceries'?")
    #expect(error.suggestionText?.key == "errors.name.didYouMean")
    #expect(error.text?.key == "errors.name.unknown")
  }

  @Test("Another catalogue words the same error in its language")
  func wordedInAnotherLanguage() {
    let german = MessageCatalogue(testing: [
      "errors.name.unknown": .text("Unbekannt: {what} „{name}“."),
      "errors.name.didYouMean": .text("Meinten Sie „{name}“?"),
    ])
    let error = ChecklistsError.notFound("list", named: "Grocereis", candidates: ["Groceries"])
    #expect(error.wordedMessage(in: german) == "Unbekannt: list „Grocereis“.")
    #expect(
      error.wordedDescription(in: german) == "Unbekannt: list „Grocereis“. Meinten Sie „Groceries“?"
    )
    // English stays what it was.
    #expect(error.description == "Unknown list 'Grocereis'. Did you mean 'Groceries'?")
  }

  @Test("An error is the same as one made from the same words, however it was made")
  func sameAsWords() {
    let keyed = ChecklistsError(.invalidInput, MessageText("errors.price.priceCannotEmpty"))
    let worded = ChecklistsError(.invalidInput, "A price cannot be empty.")
    #expect(keyed == worded)
    #expect(keyed.hashValue == worded.hashValue)
    #expect(keyed != ChecklistsError(.conflict, "A price cannot be empty."))
  }

  @Test("Rewording the message replaces the catalogue text")
  func rewording() {
    var error = ChecklistsError(.invalidInput, MessageText("errors.price.priceCannotEmpty"))
    error.message = "Something else."
    #expect(error.message == "Something else.")
    #expect(error.text == nil)
  }

  @Test("A rule's error carries its key: an empty list name")
  func ruleCarriesKey() throws {
    let error = try #require(throws: ChecklistsError.self) { try Checklist.validatedName("  ") }
    #expect(error.message == "A list's name cannot be empty or only white space.")
    #expect(error.text?.key == "errors.text.cannotEmptyOnly")
  }
}
