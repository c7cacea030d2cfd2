import ChecklistsCore
import ChecklistsStore
import Foundation

/// Search-as-you-type in a 10,000-item catalogue against a 100-item one in the same run, at
/// the service and over HTTP, and what the first render downloads (issue 4).
func runShoppingBenchmark(_ options: Options) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer {
    if options.keep {
      print("kept the databases in \(folder.path)")
    } else {
      try? FileManager.default.removeItem(at: folder)
    }
  }
  print(
    "checklists-bench shopping: SQLite files in \(folder.path), "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores")

  let large = try ShoppingFixture(
    path: folder.appendingPathComponent("catalogue-large.sqlite").path,
    size: options.catalogueSize, seed: 4)
  let small = try ShoppingFixture(
    path: folder.appendingPathComponent("catalogue-small.sqlite").path, size: 100, seed: 4)
  large.printSeeding()

  let keystrokes = TypedWord.all.flatMap(\.keystrokes)
  let header =
    "search as you type at the service: ShoppingService.search(_:limit: 20), "
    + "\(keystrokes.count) keystrokes, \(options.repetitions) repetitions per catalogue, "
    + "the two catalogues alternating"
  print("\n" + header)
  let timings = try measureSearches(
    keystrokes: keystrokes, repetitions: options.repetitions,
    targets: [
      { query in try large.service.search(query, limit: 20).count },
      { query in try small.service.search(query, limit: 20).count },
    ])
  let matches = try keystrokes.map { try large.service.search($0, limit: large.size).count }
  printSearchTable(
    keystrokes: keystrokes, matches: matches, timings: timings,
    names: ["\(large.size) items", "\(small.size) items"])
  let serviceP99 = percentile(timings[0].pooled, 0.99)
  print(
    String(
      format: "service search p99 over all keystrokes, %d items: %.2f ms (threshold ~2 ms: %@)",
      large.size, serviceP99 * 1000, serviceP99 <= 0.002 ? "below" : "ABOVE"))
}

// MARK: - The catalogues

/// A SQLite file with a catalogue of `size` items and a list of about 50 entries.
struct ShoppingFixture {
  let size: Int
  let service: ShoppingService
  let list: ShoppingList
  let importTime: Double
  let imported: Int
  let addTimes: [Double]
  let listTime: Double

  /// Items added one at a time through `addItem` (with a unit and a category) after the
  /// import, as a user adds them; the rest come in through one `importItems`.
  static let addedOneByOne = 200

  init(path: String, size: Int, seed: UInt64) throws {
    self.size = size
    let store = try SQLiteChecklistStore(path: path)
    let owner = try ChecklistService.openLocal(store: store).owner
    service = try ShoppingService.open(store: store, owner: owner, currency: .euro)
    let seeded = try service.catalogue()  // the five items of the first use
    list = try service.findList(ShoppingList.firstListName)
    var generator = SplitMix64(state: seed)
    let taken = Set(seeded.map { ShoppingItem.uniquenessKey($0.name) })
    let added = size >= 1_000 ? Self.addedOneByOne : 0
    let names = CatalogueNames.make(count: size - seeded.count, excluding: taken, using: &generator)
    let onList = Set((0..<names.count).shuffled(using: &generator).prefix(50))
    let portable = names.prefix(names.count - added).enumerated().map { index, name in
      PortableShoppingItem(
        name: name, price: CatalogueNames.price(using: &generator),
        isOnShoppingList: onList.contains(index))
    }
    let listID = list.id
    let service = service
    var report = ShoppingImportReport()
    importTime = try seconds { report = try service.importItems(portable, onList: listID) }
    imported = report.added
    var addTimes: [Double] = []
    for name in names.suffix(added) {
      let price = CatalogueNames.price(using: &generator)
      let unit = CatalogueNames.units.randomElement(using: &generator)!
      let category = CatalogueNames.categories.randomElement(using: &generator)!
      addTimes.append(
        try seconds {
          try service.addItem(named: name, price: price, unit: unit, category: category)
        })
    }
    self.addTimes = addTimes.sorted()
    // A trip under way: a third of the list is in the cart.
    let entries = try service.itemIDs(onList: listID).sorted { $0.uuidString < $1.uuidString }
    listTime = try seconds {
      for itemID in entries.prefix(entries.count / 3) {
        try service.updateEntry(itemID: itemID, onList: listID, quantity: nil, isInCart: true)
      }
    }
    let count = try service.catalogue().count
    guard count == size, report.added == portable.count else {
      throw BenchmarkError(
        description: "seeding made \(count) items (\(report)), not \(size)")
    }
  }

  func printSeeding() {
    print(
      String(
        format:
          "seeding the %d-item catalogue: importItems of %d items in one transaction %.2f s "
          + "(%.0f items/s); then addItem one by one, %d items: median %.0f µs, p99 %.0f µs",
        size, imported, importTime, Double(imported) / importTime, addTimes.count,
        percentile(addTimes, 0.5) * 1e6, percentile(addTimes, 0.99) * 1e6))
  }
}

/// Item names from word lists, so that prefixes and substrings vary as in a real catalogue:
/// "milk" starts some names and sits inside others ("Oat milk", "Buttermilk"), some words have
/// accents ("Crème fraîche") and a few brands are in front.
enum CatalogueNames {
  static let brands = [
    "Alpro", "Barilla", "Bonne Maman", "Danone", "Dr. Oetker", "Ferrero", "Heinz", "Kerrygold",
    "Lindt", "Müller", "Nestlé", "Président", "Ritter", "Tesco", "Yeo Valley", "Zott",
  ]
  static let qualities = [
    "Baby", "Creamy", "Crunchy", "Dark", "Dried", "Extra virgin", "Free-range", "French",
    "Fresh", "Frozen", "Gluten-free", "Golden", "Grated", "Greek", "Green", "Italian", "Large",
    "Light", "Low-fat", "Mature", "Mild", "Mini", "Organic", "Pickled", "Red", "Roasted",
    "Salted", "Semi-skimmed", "Sliced", "Smoked", "Smooth", "Spicy", "Sweet", "Thai", "Tinned",
    "Toasted", "Unsalted", "Vegan", "Whole", "Wholemeal", "Wild", "Yellow",
  ]
  static let products = [
    "Almond milk", "Apples", "Açaí", "Bacon", "Bagels", "Bananas", "Basil", "Beans", "Beef",
    "Bread", "Brie", "Broccoli", "Butter", "Buttermilk", "Carrots", "Cheddar", "Cheese",
    "Chicken", "Chickpeas", "Chocolate", "Coconut milk", "Coffee", "Cornflakes", "Couscous",
    "Crackers", "Crème brûlée", "Crème fraîche", "Crêpes", "Croissants", "Cucumber", "Eggs",
    "Emmental", "Feta", "Flour", "Garlic", "Ginger", "Gruyère", "Ham", "Honey", "Hummus",
    "Jalapeños", "Jam", "Ketchup", "Lemons", "Lentils", "Lettuce", "Mango", "Mayonnaise",
    "Melon", "Milk", "Milk chocolate", "Millet", "Mince", "Mint", "Mozzarella", "Muesli",
    "Muffins", "Mushrooms", "Mustard", "Noodles", "Oat milk", "Oats", "Olive oil", "Olives",
    "Onions", "Oranges", "Pasta", "Pâté", "Peanut butter", "Pears", "Peas", "Peppers", "Pesto",
    "Pizza", "Potatoes", "Rice", "Rösti", "Salami", "Salmon", "Sausages", "Soup", "Spinach",
    "Sugar", "Tea", "Tofu", "Tomatoes", "Tortillas", "Tuna", "Vinegar", "Water", "Wine",
    "Yoghurt", "Zucchini",
  ]
  static let varieties = [
    "family pack", "in brine", "in olive oil", "lightly salted", "multipack", "no added sugar",
    "value pack", "with chilli", "with garlic", "with herbs", "with sea salt", "à la crème",
  ]
  static let sizes = ["100 g", "250 g", "400 g", "500 g", "1 kg", "500 ml", "1 l", "6 pack"]
  static let units = ["", "piece", "100 g", "250 g", "500 g", "1 kg", "1 l", "6 pack", "bunch"]
  static let categories = [
    "", "Bakery", "Dairy", "Drinks", "Frozen", "Fruit & veg", "Household", "Meat & fish",
    "Pantry", "Snacks", "Aisle 4",
  ]

  /// `count` different names (ignoring case), none of them in `excluding`.
  static func make(
    count: Int, excluding taken: Set<String>, using generator: inout SplitMix64
  ) -> [String] {
    var keys = taken
    var names: [String] = []
    while names.count < count {
      var words: [String] = []
      if Int.random(in: 0..<5, using: &generator) == 0 {
        words.append(brands.randomElement(using: &generator)!)
      }
      let hasQuality = Int.random(in: 0..<3, using: &generator) != 0
      if hasQuality { words.append(qualities.randomElement(using: &generator)!) }
      let product = products.randomElement(using: &generator)!
      words.append(words.isEmpty ? product : product.lowercased())
      if Int.random(in: 0..<3, using: &generator) == 0 {
        words.append(varieties.randomElement(using: &generator)!)
      }
      if Int.random(in: 0..<2, using: &generator) == 0 {
        words.append(sizes.randomElement(using: &generator)!)
      }
      let name = words.joined(separator: " ")
      if keys.insert(ShoppingItem.uniquenessKey(name)).inserted { names.append(name) }
    }
    return names
  }

  /// A price from 0.19 to 24.99 euros, or none for about one item in ten.
  static func price(using generator: inout SplitMix64) -> Price? {
    guard Int.random(in: 0..<10, using: &generator) != 0 else { return nil }
    return Price(minorUnits: Int64.random(in: 19...2_499, using: &generator), currency: .euro)
  }
}

/// A word typed into the search field, letter by letter.
struct TypedWord {
  var word: String
  var why: String

  /// Every prefix, as the field holds it after each keystroke.
  var keystrokes: [String] {
    (1...word.count).map { String(word.prefix($0)) }
  }

  static let all = [
    TypedWord(word: "milk", why: "a name, and inside names (oat milk, buttermilk)"),
    TypedWord(word: "bread", why: "a name"),
    TypedWord(word: "crème", why: "accented: finds Crème and creme alike"),
    TypedWord(word: "oat milk", why: "two words"),
    TypedWord(word: "tomatoes", why: "a name"),
    TypedWord(word: "zucchinni", why: "a typo: no match from 'zucchinn' on"),
    TypedWord(word: "qwx", why: "no match at all after 'q'"),
  ]
}

// MARK: - Measuring

/// Each target's time for each keystroke (indexed like `keystrokes`), and all of them together.
struct SearchTimings {
  var perKeystroke: [[Double]]
  var results: [Int]
  var pooled: [Double] { perKeystroke.flatMap { $0 }.sorted() }
}

/// Runs every keystroke on every target, `repetitions` times after one pass to warm up,
/// alternating which target goes first so drift lands on all alike.
func measureSearches(
  keystrokes: [String], repetitions: Int, targets: [(String) throws -> Int]
) throws -> [SearchTimings] {
  var timings = targets.map { _ in
    SearchTimings(
      perKeystroke: Array(repeating: [], count: keystrokes.count),
      results: Array(repeating: 0, count: keystrokes.count))
  }
  for (index, query) in keystrokes.enumerated() {  // warm up, and record the result counts
    for (which, target) in targets.enumerated() { timings[which].results[index] = try target(query) }
  }
  for repetition in 0..<repetitions {
    var order = Array(targets.indices)
    if !repetition.isMultiple(of: 2) { order.reverse() }
    for (index, query) in keystrokes.enumerated() {
      for which in order {
        let time = try seconds { _ = try targets[which](query) }
        timings[which].perKeystroke[index].append(time)
      }
    }
  }
  for which in timings.indices {
    timings[which].perKeystroke = timings[which].perKeystroke.map { $0.sorted() }
  }
  return timings
}

/// A row per keystroke: the large catalogue's p50, p99 and max, the baseline's p50 and the
/// ratio of the medians; then the same over all keystrokes.
/// `matches` is how many items of the large catalogue match each keystroke (before the limit).
func printSearchTable(
  keystrokes: [String], matches: [Int], timings: [SearchTimings], names: [String]
) {
  func ms(_ value: Double) -> String { String(format: "%6.3f", value * 1000) }
  print(
    "  query        | \(names[0]): matches shown  p50 ms  p99 ms  max ms | "
      + "\(names[1]): shown  p50 ms  p99 ms | ratio p50  p99")
  let large = timings[0]
  let small = timings[1]
  func row(
    _ label: String, _ a: [Double], _ b: [Double], _ matchesA: String, _ hitsA: String,
    _ hitsB: String
  ) {
    let a50 = percentile(a, 0.5)
    let b50 = percentile(b, 0.5)
    let a99 = percentile(a, 0.99)
    let b99 = percentile(b, 0.99)
    print(
      "  " + label.padding(toLength: 12, withPad: " ", startingAt: 0)
        + " | " + String(repeating: " ", count: max(0, names[0].count - 1))
        + matchesA.leftPadded(7) + hitsA.leftPadded(6)
        + "  \(ms(a50))  \(ms(a99))  \(ms(a.last!))"
        + " | " + String(repeating: " ", count: max(0, names[1].count - 2)) + hitsB.leftPadded(7)
        + "  \(ms(b50))  \(ms(b99))"
        + String(format: " | %6.1fx %5.1fx", a50 / b50, a99 / b99))
  }
  for (index, query) in keystrokes.enumerated() {
    row(
      "'\(query)'", large.perKeystroke[index], small.perKeystroke[index], "\(matches[index])",
      "\(large.results[index])", "\(small.results[index])")
  }
  row("all", large.pooled, small.pooled, "", "", "")
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
