import ChecklistsCalDAV
import Foundation
import Testing

@Suite struct ShoppingLineMappingTests {
  static let milk = ShoppingLineFields(
    uid: "line-1", name: "Milk", quantity: "2 l", price: "1.99 EUR", category: "Dairy",
    notes: "The organic one")

  @Test func aFreshLineShowsWellInAnyClient() throws {
    let text = ShoppingLineMapping.write(Self.milk, stored: nil, now: now)
    let lines = contentLines(text)
    #expect(lines.contains("SUMMARY:Milk (2 l)"))
    #expect(lines.contains("X-CHECKLISTS-QUANTITY:2 l"))
    #expect(lines.contains("X-CHECKLISTS-PRICE:1.99 EUR"))
    #expect(lines.contains("CATEGORIES:Dairy"))
    #expect(lines.contains("DESCRIPTION:Quantity: 2 l\\nPrice: 1.99 EUR\\n\\nThe organic one"))
    #expect(lines.contains("STATUS:NEEDS-ACTION"))
    #expect(try ShoppingLineMapping.read(text) == Self.milk)
  }

  @Test func inTheCartIsTheCompletion() throws {
    let text = ShoppingLineMapping.write(Self.milk, stored: nil, now: now)
    var fields = Self.milk
    fields.inCart = true
    let written = ShoppingLineMapping.write(fields, stored: text, now: now.addingTimeInterval(5))
    #expect(changedNames(text, written) == ["STATUS", "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP"])
    #expect(try ShoppingLineMapping.read(written).inCart)
  }

  @Test func aClientEditingTheSummaryChangesTheQuantity() throws {
    let text = ShoppingLineMapping.write(Self.milk, stored: nil, now: now)
    let edited = text.replacingOccurrences(of: "SUMMARY:Milk (2 l)", with: "SUMMARY:Milk (3 l)")
    let fields = try ShoppingLineMapping.read(edited)
    #expect(fields.name == "Milk")
    #expect(fields.quantity == "3 l")
    #expect(fields.notes == "The organic one")
    let written = ShoppingLineMapping.write(fields, stored: edited, now: now)
    #expect(contentLines(written).contains("X-CHECKLISTS-QUANTITY:3 l"))
    #expect(
      contentLines(written).contains(
        "DESCRIPTION:Quantity: 3 l\\nPrice: 1.99 EUR\\n\\nThe organic one"))
  }

  @Test func aLineMadeInAnotherClientIsItsSummary() throws {
    let text = crlfLines(
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 18.1//EN", "BEGIN:VTODO",
      "UID:A1", "DTSTAMP:20251120T000000Z", "SUMMARY:Bread (wholemeal)", "X-APPLE-SORT-ORDER:5",
      "END:VTODO", "END:VCALENDAR")
    let fields = try ShoppingLineMapping.read(text)
    #expect(fields == ShoppingLineFields(uid: "A1", name: "Bread (wholemeal)"))
    #expect(ShoppingLineMapping.write(fields, stored: text, now: now) == text)
  }

  @Test func theAppRenamingALineRewritesOnlyItsSummary() throws {
    let text = ShoppingLineMapping.write(Self.milk, stored: nil, now: now)
    var fields = Self.milk
    fields.name = "Oat milk"
    let written = ShoppingLineMapping.write(fields, stored: text, now: now.addingTimeInterval(5))
    #expect(changedNames(text, written) == ["SUMMARY", "DTSTAMP"])
    #expect(contentLines(written).contains("SUMMARY:Oat milk (2 l)"))
    #expect(try ShoppingLineMapping.read(written) == fields)
    fields.price = nil
    fields.quantity = nil
    let plain = ShoppingLineMapping.write(fields, stored: written, now: now)
    #expect(!plain.contains("X-CHECKLISTS-"))
    #expect(contentLines(plain).contains("SUMMARY:Oat milk"))
    #expect(contentLines(plain).contains("DESCRIPTION:The organic one"))
    #expect(try ShoppingLineMapping.read(plain) == fields)
  }
}
