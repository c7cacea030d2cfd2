import Foundation
import Testing

@Suite("checklists shop trips and shop history, run as a program")
struct TripCommandTests {
  @Test(
    "A finished trip shows in 'shop trips' (text, --json, --csv); a new price in 'shop history'")
  func tripsAndHistory() throws {
    let cli = CLI()
    #expect(
      try cli.ok("shop", "trips")
        == "No trips yet. Finishing shopping ('checklists shop finish') records one.\n")
    try cli.ok("shop", "item", "add", "Oat milk", "--price", "1.49")
    try cli.ok("shop", "item", "add", "Sea salt")
    try cli.ok("shop", "add", "Oat milk", "--quantity", "2")
    try cli.ok("shop", "add", "Sea salt")
    try cli.ok("shop", "check", "Oat milk")
    try cli.ok("shop", "check", "Sea salt")
    try cli.ok("shop", "finish")

    let text = try cli.ok("shop", "trips")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(text)")
    #expect(lines.first?.hasSuffix("  Shopping List: €2.98 (2 lines)") == true, "\(text)")
    #expect(lines.contains("  2 × Oat milk  €2.98"), "\(text)")
    #expect(lines.contains("  Sea salt      no price"), "\(text)")

    let json = try JSONSerialization.jsonObject(with: Data(cli.ok("shop", "trips", "--json").utf8))
    let trips = try #require((json as? [String: Any])?["trips"] as? [[String: Any]])
    #expect(trips.count == 1)
    #expect(trips.first?["number"] as? Int == 1)
    #expect(trips.first?["listName"] as? String == "Shopping List")
    let total = try #require((trips.first?["totals"] as? [[String: Any]])?.first)
    #expect(total["amount"] as? String == "2.98")
    #expect(total["currency"] as? String == "EUR")

    let output = try cli.ok("shop", "trips", "--csv")
    #expect(output.hasSuffix(",,,\n"))
    let csv = output.dropLast().components(separatedBy: "\r\n")
    #expect(csv.first == "date,list,shop,item,quantity,unit price,cost,currency")
    #expect(csv.count == 3, "\(csv)")
    #expect(csv.contains { $0.hasSuffix(",Shopping List,,Oat milk,2,1.49,2.98,EUR") }, "\(csv)")
    #expect(csv.contains { $0.hasSuffix(",Shopping List,,Sea salt,1,,,") }, "\(csv)")

    try cli.ok("shop", "item", "edit", "oat milk", "--price", "1.69")
    let history = try cli.ok("shop", "history", "oat milk")
    #expect(history.hasPrefix("Prices of 'Oat milk', oldest first\n"), "\(history)")
    let rows = history.split(separator: "\n").dropFirst(2).map(String.init)
    #expect(rows.count == 2, "\(history)")
    #expect(rows.first?.hasSuffix("€1.49") == true, "\(history)")
    #expect(rows.last?.hasSuffix("€1.69") == true, "\(history)")
    let prices = try JSONSerialization.jsonObject(
      with: Data(cli.ok("shop", "history", "Oat milk", "--json").utf8))
    let steps = try #require((prices as? [String: Any])?["prices"] as? [[String: Any]])
    #expect(
      steps.compactMap { ($0["price"] as? [String: Any])?["amount"] as? String } == [
        "1.49", "1.69",
      ])
    #expect(
      try cli.ok("shop", "history", "Sea salt") == "'Sea salt' has never had a price.\n")

    let both = try cli.run("shop", "trips", "--json", "--csv")
    #expect(both.code == 64)
    #expect(both.error.contains("--json or --csv"))
  }
}
