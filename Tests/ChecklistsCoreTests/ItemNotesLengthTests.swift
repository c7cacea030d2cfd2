import ChecklistsCore
import Testing

@Suite("An item's notes are measured as sent")
struct ItemNotesLengthTests {
  @Test(
    "Notes over the limit are refused even when the blank lines around them would bring them under")
  func measuredAsSent() throws {
    let limit = ChecklistItem.maximumNotesLength
    let over = "\u{0C}" + String(repeating: "*", count: limit)
    #expect(throws: ChecklistsError.self) { try ChecklistItem.validatedNotes(over) }
    #expect(try ChecklistItem.validatedNotes(String(repeating: "*", count: limit)).count == limit)
    #expect(try ChecklistItem.validatedNotes("\n\nBuy milk\n") == "Buy milk")
  }
}
