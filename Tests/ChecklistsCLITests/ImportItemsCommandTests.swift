import Foundation
import Testing

/// Writes the keys of the Shopping List app's `Item`, so a test can make an `items` file.
final class AppShoppingItem: NSObject, NSCoding {
  let name: String
  let price: Float
  let inShoppingList: Bool

  init(_ name: String, price: Float, on inShoppingList: Bool = false) {
    self.name = name
    self.price = price
    self.inShoppingList = inShoppingList
  }

  required init?(coder: NSCoder) { nil }

  func encode(with coder: NSCoder) {
    coder.encode(UUID().uuidString, forKey: "uuid")
    coder.encode(name, forKey: "name")
    coder.encode(price, forKey: "price")
    coder.encode(inShoppingList, forKey: "inShoppingList")
  }

  /// The app's `items` file holding `items`, as its NSKeyedArchiver writes it.
  static func file(_ items: [AppShoppingItem]) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.setClassName("Shopping_List.Item", for: AppShoppingItem.self)
    archiver.encode(items, forKey: "root")
    archiver.finishEncoding()
    return archiver.encodedData
  }
}

@Suite("checklists import items: the Shopping List app's file")
struct ImportItemsCommandTests {
  static var fixture: String { CLI.fixtures.appendingPathComponent("items").path }

  @Test("The app's file keeps names, prices and on-list state; a second import adds nothing")
  func fixture() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    // Make the catalogue differ from the file: a changed price, a missing item.
    try cli.ok("shop", "item", "edit", "Pear", "--price", "1")
    try cli.ok("shop", "item", "delete", "Mango")
    #expect(
      try cli.ok("import", "items", Self.fixture)
        == "Imported 5 items into the catalogue: 1 added, 1 updated, 3 unchanged; "
        + "2 put on Shopping List.\n")
    let catalogue = """
      Catalogue — 5 items in EUR; ✓ on Shopping List
      B
      1  ✓ Bread     €3.12
      M
      2    Mango     €1.25  Fruit
      N
      3  ✓ Notepad   €2.53
      P
      4    Pear     €62.50
      5    Pencil    €0.35

      """
    #expect(try cli.ok("shop", "items") == catalogue)
    let list = """
      Shopping List — 2 to get
      1    Bread    €3.12
      2    Notepad  €2.53

      Total €5.65 · in cart €0.00

      """
    #expect(try cli.ok("shop") == list)
    #expect(
      try cli.ok("import", "items", Self.fixture)
        == "Imported 5 items into the catalogue: 0 added, 0 updated, 5 unchanged; "
        + "0 put on Shopping List.\n")
    #expect(try cli.ok("shop", "items") == catalogue)
    #expect(try cli.ok("shop") == list)
  }

  @Test("New items keep their exact prices and go on the list named with --list")
  func generatedFile() throws {
    let cli = CLI()
    try cli.ok("shop", "list", "add", "Party")
    let file = cli.folder.appendingPathComponent("items").path
    try AppShoppingItem.file([
      AppShoppingItem("Crème fraîche", price: 2.53, on: true),
      AppShoppingItem("Balloons", price: 0.1, on: true),
      AppShoppingItem("bread", price: 2.99),
      AppShoppingItem("  ", price: 5),
      AppShoppingItem("Candles", price: 0),
    ]).write(to: URL(fileURLWithPath: file))
    // "bread" is new to the empty catalogue too, so four are added.
    #expect(
      try cli.ok("import", "items", file, "--list", "party")
        == "Imported 5 items into the catalogue: 4 added, 0 updated, 0 unchanged, "
        + "1 skipped (no name); 2 put on Party.\n")
    let party = try cli.ok("shop", "show", "Party")
    #expect(party.hasPrefix("Party — 2 to get\n"), "\(party)")
    #expect(party.contains("Balloons") && party.contains("€0.10"), "\(party)")
    #expect(party.contains("Crème fraîche") && party.contains("€2.53"), "\(party)")
    #expect(party.contains("Total €2.63 · in cart €0.00\n"), "\(party)")
    let catalogue = try cli.ok("shop", "items", "--list", "Party")
    // Each line: number, ✓ when on Party, name, price, then the category the table gave it.
    let lines = catalogue.split(separator: "\n").map(String.init)
    func line(_ name: String) -> String? { lines.first { $0.contains(" \(name) ") } }
    #expect(line("bread")?.contains("€2.99") == true, "\(catalogue)")
    #expect(line("Candles")?.contains("€0.00") == true, "\(catalogue)")
    #expect(line("Crème fraîche")?.contains("✓") == true, "\(catalogue)")
    #expect(line("Crème fraîche")?.contains("€2.53") == true, "\(catalogue)")
    #expect(
      try cli.ok("shop") == "Shopping List — empty\n"
        + "Nothing to buy yet. Put items on it with: checklists shop add <name> ...\n")
  }

  @Test(
    "A price that can't be a price refuses the whole file, naming the item",
    arguments: [
      (Float(-1), "has the price -1.0, which is negative"),
      (Float(2_000_000), "has the price 2000000.0, which is more than 1,000,000"),
    ])
  func badPrice(price: Float, message: String) throws {
    let cli = CLI()
    let before = try cli.ok("shop", "items")
    let file = cli.folder.appendingPathComponent("items").path
    try AppShoppingItem.file([
      AppShoppingItem("Kiwi", price: 1, on: true),
      AppShoppingItem("Gold leaf", price: price, on: true),
    ]).write(to: URL(fileURLWithPath: file))
    let result = try cli.run("import", "items", file)
    #expect(result.code == 1)
    #expect(result.output == "")
    #expect(
      result.error
        == "Error: Cannot import '\(file)': item 2 ('Gold leaf') \(message). Nothing was imported.\n"
    )
    #expect(try cli.ok("shop", "items") == before)
    #expect(try cli.ok("shop").contains("Shopping List — empty"))
  }

  @Test("A foreign file is refused with a clear message and changes nothing")
  func foreignFile() throws {
    let cli = CLI()
    try cli.ok("shop", "add", "Pear")
    let before = try cli.ok("shop", "items")
    let checklists = CLI.fixtures.appendingPathComponent("Checklists.plist").path
    let result = try cli.run("import", "items", checklists)
    #expect(result.code == 1)
    #expect(
      result.error == """
        Error: Cannot import '\(checklists)': This is not an items file from the Shopping List \
        app: it is a property list but not a keyed archive (NSKeyedArchiver); it looks like the \
        Checklists app's Checklists.plist. It holds checklists; import them with: \
        checklists import '\(checklists)'

        """)
    let text = cli.folder.appendingPathComponent("notes.txt").path
    try "Milk, eggs\n".write(toFile: text, atomically: true, encoding: .utf8)
    let notes = try cli.run("import", "items", text)
    #expect(notes.code == 1)
    #expect(
      notes.error.hasPrefix(
        "Error: Cannot import '\(text)': This is not an items file from the Shopping List app"))
    #expect(try cli.ok("shop", "items") == before)
    #expect(try cli.ok("lists").contains("1  List  (No Items)  No Icon\n"))
    // And the other way round: the checklists import points at 'import items'.
    let swapped = try cli.run("import", "checklists", Self.fixture)
    #expect(swapped.code == 1)
    #expect(
      swapped.error.hasSuffix(
        "It is the Shopping List app's items file; import it with: "
          + "checklists import items '\(Self.fixture)'\n"))
  }

  @Test("--json reports what the import did and the list it used")
  func json() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    let output = try cli.ok("import", "items", Self.fixture, "--json")
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(
      Set(report.keys) == ["added", "updated", "putOnList", "skippedWithoutName", "list"])
    #expect(report["added"] as? Int == 0)
    #expect(report["updated"] as? Int == 0)
    #expect(report["putOnList"] as? Int == 2)
    #expect(report["skippedWithoutName"] as? Int == 0)
    let list = try #require(report["list"] as? [String: Any])
    #expect(list["name"] as? String == "Shopping List")
    #expect(list["entryCount"] as? Int == 2)
  }

  @Test("A new catalogue made by an import takes CHECKLISTS_CURRENCY")
  func currency() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_CURRENCY"] = "USD"
    try cli.ok("import", "items", Self.fixture)
    #expect(try cli.ok("shop").hasSuffix("Total US$5.65 · in cart US$0.00\n"))
  }
}
