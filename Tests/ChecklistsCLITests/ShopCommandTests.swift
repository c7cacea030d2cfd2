import Foundation
import Testing

@Suite("checklists shop, run as a program")
struct ShopCommandTests {
  @Test("First use makes an empty catalogue and an empty 'Shopping List'")
  func firstUse() throws {
    let cli = CLI()
    #expect(
      try cli.ok("shop") == """
        Shopping List — empty
        Nothing to buy yet. Put items on it with: checklists shop add <name> ...

        """)
    let empty = "The catalogue is empty. Add an item with: checklists shop item add <name>\n"
    #expect(try cli.ok("shop", "items") == empty)
    #expect(
      try cli.ok("shop", "lists") == """
        #  Shopping list  Status
        1  Shopping List  empty

        """)
    // Nothing is seeded later either: the checklists are untouched and a second run adds nothing.
    #expect(try cli.ok("shop", "items") == empty)
    #expect(try cli.ok("lists").contains("1  List  (No Items)  No Icon"))
  }

  @Test("A whole trip: plan by name, quantities, check off, exact totals, finish")
  func shoppingTrip() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    #expect(
      try cli.ok("shop", "add", "milk", "Bread", "--quantity", "2") == """
        Added 'milk' to Shopping List (quantity 2); it is new to the catalogue, without a price.
        Added 'Bread' (€3.12) to Shopping List (quantity 2).
        Shopping List: 2 to get · Total €6.24 · in cart €0.00 · 1 without a price

        """)
    #expect(
      try cli.ok(
        "shop", "item", "edit", "milk", "--price", "1.19", "--unit", "1 l", "--category", "Dairy")
        == "Updated: 'milk' (€1.19 per 1 l, Dairy).\n")
    try cli.ok("shop", "add", "pear", "tea")
    #expect(try cli.ok("shop", "quantity", "pea", "3").hasPrefix("  Pear  × 3  €187.50\n"))
    #expect(
      try cli.ok("shop", "check", "pear", "bread") == """
        √ Pear  × 3  €187.50
        √ Bread  × 2  €6.24
        Shopping List: 2 to get, 2 in the cart · Total €196.12 · in cart €193.74 · 1 without a price

        """)
    #expect(
      try cli.ok("shop") == """
        Shopping List — 2 to get, 2 in the cart
        Dairy
        1    milk   2 × 1 l     €2.38

        Drinks
        2    tea             no price

        In the cart
        3  √ Bread  × 2         €6.24
        4  √ Pear   × 3       €187.50

        Total €196.12 · in cart €193.74 · 1 without a price

        """)
    #expect(try cli.ok("shop", "show", "Shopping List") == cli.ok("shop"))
    #expect(
      try cli.ok("shop", "finish") == """
        Finished shopping: cleared 2 lines from Shopping List; the items stay in the catalogue.
        Shopping List: 2 to get · Total €2.38 · in cart €0.00 · 1 without a price

        """)
    #expect(
      try cli.ok("shop") == """
        Shopping List — 2 to get
        Dairy
        1    milk  2 × 1 l     €2.38

        Drinks
        2    tea            no price

        Total €2.38 · in cart €0.00 · 1 without a price

        """)
    // Bread and Pear left the list, not the catalogue, with their prices.
    #expect(
      try cli.ok("shop", "items") == """
        Catalogue — 7 items in EUR; ✓ on Shopping List
        B
        1    Bread       €3.12
        M
        2    Mango       €1.25
        3  ✓ milk        €1.19  per 1 l, Dairy
        N
        4    Notepad     €2.53
        P
        5    Pear       €62.50
        6    Pencil      €0.35
        T
        7  ✓ tea      no price  Drinks

        """)
    #expect(
      try cli.ok("shop", "finish").hasPrefix(
        "Nothing is in the cart of Shopping List; nothing was cleared.\n"))
    // Unchecking and removing: the item goes back to "to get", then off the list.
    try cli.ok("shop", "add", "Pear")
    try cli.ok("shop", "check", "pear")
    #expect(try cli.ok("shop", "uncheck", "Pear").hasPrefix("  Pear  €62.50\n"))
    #expect(
      try cli.ok("shop", "remove", "pear", "tea")
        == "Took 'Pear' off Shopping List.\nTook 'tea' off Shopping List.\n"
        + "Shopping List: 1 to get · Total €2.38 · in cart €0.00\n")
  }

  @Test("'shop' alone shows the list after any global option, --user included")
  func shopAfterGlobalOptions() throws {
    let cli = CLI()
    try cli.ok("user", "add", "alice", input: "wonderland-42\n")
    try cli.ok("user", "add", "bob", input: "builder-1234\n")
    try cli.ok("--user", "alice", "shop", "add", "Milk")
    for arguments in [
      ["--user", "alice", "shop"], ["shop", "--user", "alice"], ["--user=alice", "shop"],
      ["--db", cli.databasePath, "--user", "alice", "shop"],
    ] {
      let shown = try cli.ok(arguments)
      #expect(shown.hasPrefix("Shopping List — 1 to get"), "\(arguments): \(shown)")
    }
  }

  @Test("Adding a name the catalogue has, in any case, never makes a second item")
  func duplicatesIgnoringCase() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    try cli.ok("shop", "add", "Milk")
    #expect(
      try cli.ok("shop", "add", "MILK", "milk", "pear") == """
        'Milk' was already on Shopping List.
        'Milk' was already on Shopping List.
        Added 'Pear' (€62.50) to Shopping List.
        Shopping List: 2 to get · Total €62.50 · in cart €0.00 · 1 without a price

        """)
    #expect(
      try cli.ok("shop", "add", "milk", "--quantity", "4").hasPrefix(
        "'Milk' was already on Shopping List; the quantity is now 4.\n"))
    let names = try Self.object(cli.ok("shop", "items", "--json"))["items"] as? [[String: Any]]
    #expect(
      names?.compactMap { $0["name"] as? String }.filter { $0.lowercased() == "milk" } == ["Milk"])
    let taken = try cli.run("shop", "item", "add", "PEAR", "--price", "1")
    #expect(taken.code == 1)
    #expect(taken.error == "Error: The catalogue already has an item called 'Pear'.\n")
    #expect(try cli.ok("shop").contains("1    Milk  × 4  no price"))
  }

  @Test("Bad prices exit 1, name the price, and change nothing", arguments: ["-1", "abc", "1e9"])
  func badPrices(price: String) throws {
    let cli = CLI()
    try cli.addTutorialItems()
    let before = try cli.ok("shop", "items")
    for arguments in [
      ["shop", "item", "add", "Cheese", "--price", price],
      ["shop", "item", "edit", "Pear", "--price", price],
    ] {
      let result = try cli.run(arguments)
      #expect(result.code == 1, "\(arguments)")
      #expect(result.output == "")
      #expect(result.error.hasPrefix("Error: '\(price)' is not "), "\(result.error)")
    }
    #expect(try cli.ok("shop", "items") == before)
  }

  @Test(
    "Price refusals say why",
    arguments: [
      ("-1", "Error: '-1' is not a valid price: a price cannot be negative.\n"),
      ("abc", "Error: 'abc' is not a price. Write it like 1.99 or €1.99.\n"),
      ("1e9", "Error: '1e9' is not a price. Write it like 1.99 or €1.99.\n"),
      ("2000000", "Error: '2000000' is not a valid price: a price can be at most 1,000,000.\n"),
      (
        "1.999",
        "Error: '1.999' is not a valid price: a price in EUR has at most 2 decimal places.\n"
      ),
      ("nan", "Error: 'nan' is not a number. Write a price like 1.99 or €1.99.\n"),
    ])
  func priceMessages(price: String, message: String) throws {
    let result = try CLI().run("shop", "item", "add", "Cheese", "--price", price)
    #expect(result.code == 1)
    #expect(result.error == message)
  }

  @Test("Catalogue items: add with price, unit and category; edit; remove a price; delete")
  func catalogueItems() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    #expect(
      try cli.ok(
        "shop", "item", "add", "Oat milk", "--price", "€1.49", "--unit", "1 l", "--category",
        "Dairy")
        == "Added 'Oat milk' (€1.49 per 1 l, Dairy) to the catalogue as item 4.\n")
    #expect(
      try cli.ok("shop", "item", "edit", "4", "--name", "Oat drink", "--unit", "")
        == "Updated: 'Oat drink' (€1.49, Dairy).\n")
    #expect(
      try cli.ok("shop", "item", "edit", "oat", "--no-price")
        == "Updated: 'Oat drink' (no price, Dairy).\n")
    #expect(
      try cli.ok("shop", "item", "edit", "oat", "--price", "none")
        == "Updated: 'Oat drink' (no price, Dairy).\n")
    try cli.ok("shop", "add", "Oat drink")
    try cli.ok("shop", "list", "add", "Party")
    try cli.ok("shop", "add", "Oat drink", "--list", "Party")
    // On two lists: deleting asks first, and "no" changes nothing.
    let refused = try cli.run("shop", "item", "delete", "Oat drink", input: "n\n")
    #expect(refused.code == 1)
    #expect(
      refused.output
        == "'Oat drink' is on 2 shopping lists ('Party', 'Shopping List'). "
        + "Delete it from the catalogue and take it off? [y/N] ")
    #expect(refused.error == "Error: Nothing was deleted.\n")
    #expect(try cli.ok("shop", "items", "oat").contains("Oat drink"))
    #expect(
      try cli.ok("shop", "item", "delete", "Oat drink", input: "y\n").hasSuffix(
        "Deleted 'Oat drink' from the catalogue and took it off 2 shopping lists.\n"))
    #expect(try cli.ok("shop", "show", "Party").contains("Party — empty"))
    #expect(
      try cli.ok("shop", "item", "delete", "Pencil")
        == "Deleted 'Pencil' from the catalogue; it was on no list.\n")
    let nothing = try cli.run("shop", "item", "edit", "Pear")
    #expect(nothing.code == 64)
    #expect(
      nothing.error.hasPrefix(
        "Error: Nothing to change: give --name, --price, --no-price, --unit or --category."))
  }

  @Test("Search shows catalogue numbers, ranked, with ✓ for what is on the list")
  func search() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    try cli.ok("shop", "add", "Pear")
    #expect(
      try cli.ok("shop", "items", "PE") == """
        2 items matching 'PE'; ✓ on Shopping List
        4  ✓ Pear    €62.50
        5    Pencil   €0.35

        """)
    #expect(
      try cli.ok("shop", "items", "ear")
        == "1 item matching 'ear'; ✓ on Shopping List\n4  ✓ Pear  €62.50\n")
    #expect(
      try cli.ok("shop", "items", "kiwi")
        == "No item matches 'kiwi'. Add one with: checklists shop item add <name>\n")
    // The numbers are what 'item edit' takes.
    #expect(
      try cli.ok("shop", "item", "edit", "5", "--price", "0.40") == "Updated: 'Pencil' (€0.40).\n")
  }

  @Test("Several lists: add, use with --list, rename, delete, and the default falls back")
  func lists() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    #expect(try cli.ok("shop", "list", "add", "Party") == "Added the shopping list 'Party'.\n")
    try cli.ok("shop", "add", "--list", "party", "Mango", "Pear")
    try cli.ok("shop", "add", "Bread")
    try cli.ok("shop", "check", "-l", "1", "mango")
    #expect(
      try cli.ok("shop", "lists") == """
        #  Shopping list  Status
        1  Party          1 to get, 1 in the cart
        2  Shopping List  1 to get

        """)
    let taken = try cli.run("shop", "list", "add", "party")
    #expect(taken.error == "Error: A shopping list named 'Party' already exists.\n")
    #expect(
      try cli.ok("shop", "list", "rename", "Party", "Birthday")
        == "Renamed the shopping list 'Party' to 'Birthday'.\n")
    let kept = try cli.run("shop", "list", "delete", "Shopping List")
    #expect(kept.code == 1)
    #expect(try cli.ok("shop", "lists").contains("Shopping List"))
    #expect(
      try cli.ok("shop", "list", "delete", "Shopping List", "--yes")
        == "Deleted the shopping list 'Shopping List' and its 1 line; the items stay in the catalogue.\n"
    )
    // Without 'Shopping List', commands use the first list by name.
    #expect(try cli.ok("shop").hasPrefix("Birthday — 1 to get, 1 in the cart\n"))
    #expect(try cli.ok("shop", "items").contains("1  ✓ Bread") == false)
    try cli.ok("shop", "list", "delete", "Birthday", "--yes")
    let none = try cli.run("shop")
    #expect(none.code == 1)
    #expect(
      none.error.hasPrefix(
        "Error: There are no shopping lists. Add one with: checklists shop list add <name>"))
    #expect(try cli.ok("shop", "items").contains("Catalogue — 5 items in EUR\n"))
  }

  @Test("Lines are named by name, number or a unique start; typos change nothing")
  func lineReferences() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    try cli.ok("shop", "add", "Pear", "Pencil", "Bread")
    let before = try cli.ok("shop")
    let cases: [([String], String)] = [
      (["check", "Bread", "Bred"], "Error: 'Bred' is not on Shopping List. Did you mean 'Bread'?"),
      (["check", "pe"], "Error: 'pe' matches 2 lines of Shopping List: 'Pear', 'Pencil'."),
      (["check", "4"], "Error: Shopping List has no line number 4; it has 3 lines"),
      (
        ["remove", "mango"],
        "Error: 'Mango' is in the catalogue but not on Shopping List. "
          + "Put it there with: checklists shop add Mango"
      ),
      (["check", "x", "--list", "Patry"], "Error: Unknown shopping list 'Patry'."),
    ]
    for (arguments, message) in cases {
      let result = try cli.run(["shop"] + arguments)
      #expect(result.code == 1, "\(arguments)")
      #expect(result.error.hasPrefix(message), "\(result.error)")
      #expect(result.error.contains("Usage: checklists shop "), "\(result.error)")
    }
    #expect(try cli.ok("shop") == before)
    #expect(try cli.ok("shop", "check", "1", "penc").hasPrefix("√ Bread  €3.12\n√ Pencil  €0.35\n"))
  }

  @Test(
    "Usage errors exit 64",
    arguments: [
      (["shop", "chek"], "Error: Unknown command 'chek'. Did you mean 'check'?"),
      (["shop", "--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
      (["shop", "add"], "Error: Missing expected argument '<names> ...'."),
      (
        ["shop", "quantity", "Pear", "lots"],
        "Error: The quantity must be a whole number from 1 to 999; got 'lots'."
      ),
      (
        ["shop", "item", "edit", "Pear", "--price", "1", "--no-price"],
        "Error: --price and --no-price"
      ),
      (
        ["import", "itms", "x"],
        "Error: Unknown kind of file 'itms'; use items or checklists, or leave it out"
      ),
      (["import", "items", "x", "--replace"], "Error: --replace is for checklists"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try CLI().run(arguments)
    #expect(result.code == 64)
    #expect(result.error.hasPrefix(message), "\(result.error)")
    #expect(result.error.contains("Usage: checklists"))
  }

  @Test("A quantity out of range is a broken rule: exit 1, nothing changes")
  func quantityOutOfRange() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    try cli.ok("shop", "add", "Pear")
    for quantity in ["0", "1000", "-3"] {
      let result = try cli.run("shop", "quantity", "Pear", quantity)
      #expect(result.code == 1)
      #expect(
        result.error
          == "Error: A quantity must be a whole number from 1 to 999, not \(quantity).\n")
    }
    #expect(try cli.run("shop", "add", "Kiwi", "--quantity", "0").code == 1)
    #expect(try !cli.ok("shop", "items").contains("Kiwi"))
  }

  @Test("CHECKLISTS_CURRENCY sets a new catalogue's currency; an existing one keeps its own")
  func currency() throws {
    var cli = CLI()
    cli.environment["CHECKLISTS_CURRENCY"] = "usd"
    try cli.addTutorialItems()
    #expect(
      try cli.ok("shop", "items").hasPrefix(
        "Catalogue — 5 items in USD; ✓ on Shopping List\nB\n1    Bread     US$3.12\n"))
    try cli.ok("shop", "item", "add", "Coffee", "--price", "$7.5")
    try cli.ok("shop", "add", "coffee", "pear")
    #expect(try cli.ok("shop").hasSuffix("Total US$70.00 · in cart US$0.00\n"))
    let json = try Self.object(cli.ok("shop", "items", "--json"))
    #expect(json["currency"] as? String == "USD")
    cli.environment["CHECKLISTS_CURRENCY"] = "GBP"
    #expect(try cli.ok("shop", "items").hasPrefix("Catalogue — 6 items in USD"))
    cli.environment["CHECKLISTS_CURRENCY"] = "dollars"
    let bad = try cli.run("shop")
    #expect(bad.code == 1)
    #expect(
      bad.error.hasPrefix("Error: CHECKLISTS_CURRENCY is 'dollars', which is not a currency code"))
  }

  @Test("The locale decides how prices are written and read")
  func locale() throws {
    var cli = CLI()
    cli.environment["LANG"] = "de_DE.UTF-8"
    try cli.addTutorialItems()
    #expect(try cli.ok("shop", "items").contains("4    Pear     62,50\u{A0}€\n"))
    #expect(
      try cli.ok("shop", "item", "add", "Käse", "--price", "1,99")
        == "Added 'Käse' (1,99\u{A0}€, Milchprodukte) to the catalogue as item 2.\n")
    cli.environment["LC_ALL"] = "en_US.UTF-8"
    #expect(try cli.ok("shop", "items").contains("2    Käse      €1.99  Milchprodukte\n"))
    // A new catalogue in en_US is in dollars.
    var american = CLI()
    american.environment["LANG"] = "en_US.UTF-8"
    try american.addTutorialItems()
    #expect(try american.ok("shop", "items").contains("4    Pear     $62.50\n"))
  }

  @Test("--json prints the documented shapes")
  func json() throws {
    let cli = CLI()
    try cli.addTutorialItems()
    let added = try Self.object(cli.ok("shop", "add", "Pear", "Kiwi", "--quantity", "2", "--json"))
    let addedLines = try #require(added["added"] as? [[String: Any]])
    #expect(addedLines.map { $0["createdItem"] as? Bool } == [false, true])
    #expect(addedLines.map { $0["wasOnList"] as? Bool } == [false, false])
    let pearLine = try #require(addedLines.first?["line"] as? [String: Any])
    #expect(
      Set(pearLine.keys) == [
        "number", "item", "quantity", "inCart", "cost", "revision", "cartOrder",
      ])
    #expect(pearLine["quantity"] as? Int == 2)
    let cost = try #require(pearLine["cost"] as? [String: Any])
    #expect(cost["amount"] as? String == "125.00")
    #expect(cost["minorUnits"] as? Int == 12_500)
    #expect(cost["currency"] as? String == "EUR")
    #expect(cost["formatted"] as? String == "€125.00")
    #expect(try #require(added["contents"] as? [String: Any])["lines"] != nil)

    let checked = try Self.object(cli.ok("shop", "check", "pear", "--json"))
    let changed = try #require(checked["changed"] as? [[String: Any]])
    #expect(changed.first?["inCart"] as? Bool == true)

    let contents = try Self.object(cli.ok("shop", "--json"))
    #expect(Set(contents.keys) == ["list", "shop", "lines", "totals"])
    let list = try #require(contents["list"] as? [String: Any])
    #expect(list["name"] as? String == "Shopping List")
    #expect(list["entryCount"] as? Int == 2)
    #expect(list["inCartCount"] as? Int == 1)
    #expect(list["remainingCount"] as? Int == 1)
    let lines = try #require(contents["lines"] as? [[String: Any]])
    #expect(lines.map { $0["number"] as? Int } == [1, 2])
    let kiwi = try #require(lines.first?["item"] as? [String: Any])
    #expect(kiwi["name"] as? String == "Kiwi")
    #expect(kiwi["price"] is NSNull)
    #expect(lines.first?["cost"] is NSNull)
    let totals = try #require(contents["totals"] as? [String: Any])
    #expect((totals["total"] as? [[String: Any]])?.first?["amount"] as? String == "125.00")
    #expect((totals["inCart"] as? [[String: Any]])?.first?["amount"] as? String == "125.00")
    #expect(totals["unpricedCount"] as? Int == 1)

    let catalogue = try Self.object(cli.ok("shop", "items", "--json"))
    #expect(catalogue["currency"] as? String == "EUR")
    let items = try #require(catalogue["items"] as? [[String: Any]])
    #expect(
      items.map { $0["name"] as? String } == [
        "Bread", "Kiwi", "Mango", "Notepad", "Pear", "Pencil",
      ])
    #expect(items.map { $0["onList"] as? Bool } == [false, true, false, false, true, false])
    #expect(items.map { $0["number"] as? Int } == [1, 2, 3, 4, 5, 6])
    #expect(
      Set(items[0].keys)
        == [
          "number", "id", "name", "price", "unit", "category", "section", "revision", "createdAt",
          "updatedAt", "onList",
        ])

    let lists = try Self.object(cli.ok("shop", "lists", "--json"))["lists"] as? [[String: Any]]
    #expect(lists?.first?["number"] as? Int == 1)

    let item = try Self.object(cli.ok("shop", "item", "add", "Jam", "--price", "2.5", "--json"))
    #expect((item["price"] as? [String: Any])?["amount"] as? String == "2.50")
    #expect(item["number"] as? Int == 2)

    let finished = try Self.object(cli.ok("shop", "finish", "--json"))
    #expect(finished["cleared"] as? Int == 1)
    #expect(((finished["contents"] as? [String: Any])?["lines"] as? [Any])?.count == 1)

    let deleted = try Self.object(cli.ok("shop", "item", "delete", "Kiwi", "--yes", "--json"))
    #expect(deleted["removedFromLists"] as? Int == 1)
    #expect((deleted["item"] as? [String: Any])?["name"] as? String == "Kiwi")

    // --json cannot ask, so a deletion that needs confirming wants --yes.
    try cli.ok("shop", "add", "Jam")
    let unconfirmed = try cli.run("shop", "item", "delete", "Jam", "--json")
    #expect(unconfirmed.code == 1)
    #expect(unconfirmed.output == "")
    #expect(unconfirmed.error.contains("add --yes"))
  }

  @Test(
    "--help works on every shop command",
    arguments: [
      ["shop"], ["shop", "show"], ["shop", "lists"], ["shop", "list"], ["shop", "list", "add"],
      ["shop", "list", "rename"], ["shop", "list", "delete"], ["shop", "items"], ["shop", "item"],
      ["shop", "item", "add"], ["shop", "item", "edit"], ["shop", "item", "delete"],
      ["shop", "add"], ["shop", "remove"], ["shop", "check"], ["shop", "uncheck"],
      ["shop", "quantity"], ["shop", "finish"],
    ])
  func help(path: [String]) throws {
    let cli = CLI()
    let output = try cli.ok(path + ["--help"])
    #expect(output.hasPrefix("OVERVIEW: "))
    #expect(output.contains("USAGE: checklists \(path.joined(separator: " "))"))
    #expect(try cli.ok(["help"] + path) == output)
  }

  @Test("checklists --help lists shop, and shop's help lists its commands")
  func rootHelp() throws {
    let cli = CLI()
    #expect(
      try cli.ok("--help").contains(
        "\n  shop                    Shopping lists: plan from a catalogue"))
    let shop = try cli.ok("shop", "--help")
    for command in [
      "show", "lists", "list", "items", "item", "add", "remove", "check", "uncheck", "quantity",
      "finish",
    ] {
      #expect(shop.contains("\n  \(command) "), "\(command)")
    }
  }

  /// The JSON object a command printed.
  static func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
