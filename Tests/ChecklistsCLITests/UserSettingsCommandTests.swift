import Foundation
import Testing

@Suite("checklists settings: the currency")
struct UserSettingsCommandTests {
  @Test("The currency is shown and changed; --relabel-prices gives prices the new one")
  func currency() throws {
    let cli = CLI()
    #expect(try cli.ok("settings") == "Currency: EUR (Euro)\n")
    try cli.ok("shop", "item", "add", "Tea", "--price", "2.50")
    #expect(
      try cli.ok("settings", "--currency", "gbp")
        == "Currency: GBP (British Pound); prices kept as they were.\n")
    #expect(try cli.ok("shop", "items").contains("€2.50"))
    #expect(
      try cli.ok("settings", "--currency", "GBP", "--relabel-prices")
        == "Currency: GBP (British Pound); 1 prices relabelled.\n")
    #expect(try cli.ok("shop", "items").contains("£2.50"))
    let json = try cli.ok("settings", "--json")
    #expect(json.contains("\"currency\" : \"GBP\"") || json.contains("\"currency\":\"GBP\""))
  }

  @Test("A code that is no currency, or --relabel-prices alone, is refused")
  func refused() throws {
    let cli = CLI()
    let bad = try cli.run("settings", "--currency", "XYZ")
    #expect(bad.code == 1)
    #expect(bad.error.hasPrefix("Error: 'XYZ' is not a currency"))
    #expect(try cli.run("settings", "--relabel-prices").code == 64)
    #expect(try cli.ok("settings") == "Currency: EUR (Euro)\n")
  }
}
