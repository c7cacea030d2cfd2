import Foundation
import Testing

@Suite("checklists shop shops: shops, their order, and the list shown in it")
struct ShopShopsCommandTests {
  @Test("Add a shop, order its aisles, use it for the list: 'shop' shows headings in that order")
  func orderAndUse() throws {
    let cli = CLI()
    #expect(
      try cli.ok("shop", "shops")
        == "No shops yet. Add one with: checklists shop shops add <name>\n")
    try cli.ok("shop", "add", "Milk", "Rolls", "Tomatoes")
    for (name, category) in [("milk", "Dairy"), ("rolls", "Bakery"), ("tomatoes", "Vegetables")] {
      try cli.ok("shop", "item", "edit", name, "--category", category)
    }
    #expect(try cli.ok("shop", "shops", "add", "Aldi") == "Added the shop 'Aldi'.\n")
    #expect(
      try cli.ok("shop", "shops", "order", "aldi", "Vegetables, Bakery,Dairy")
        == "The aisles of 'Aldi' are now: Vegetables, Bakery, Dairy.\n")
    #expect(try cli.ok("shop", "shops") == "Aldi: Vegetables, Bakery, Dairy\n")
    let json = try cli.ok("shop", "shops", "--json")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let shops = object?["shops"] as? [[String: Any]]
    #expect(shops?.map { $0["name"] as? String } == ["Aldi"])
    // Before a shop is picked: categories by name.
    let headings = ["Bakery", "Dairy", "Vegetables", "Other"]
    #expect(
      try cli.ok("shop").split(separator: "\n").map(String.init).filter(headings.contains(_:)) == [
        "Bakery", "Dairy", "Vegetables",
      ])
    #expect(try cli.ok("shop", "shops", "use", "Aldi") == "Shopping List is shopped in 'Aldi'.\n")
    let shown = try cli.ok("shop")
    #expect(shown.hasPrefix("Shopping List — 3 to get · in Aldi\nVegetables\n"))
    #expect(
      shown.split(separator: "\n").map(String.init).filter(headings.contains(_:)) == [
        "Vegetables", "Bakery", "Dairy",
      ])
    #expect(
      try cli.ok("shop", "shops", "use", "--none")
        == "Shopping List is shopped in no particular shop.\n")
    let unknown = try cli.run("shop", "shops", "use", "Lidl")
    #expect(unknown.code == 1)
    #expect(unknown.error.contains("There is no shop called 'Lidl'. The shops are: 'Aldi'."))
  }
}
