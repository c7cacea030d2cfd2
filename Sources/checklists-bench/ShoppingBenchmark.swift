import ChecklistsCore
import ChecklistsInterop
import ChecklistsSQLStore
import ChecklistsServer
import ChecklistsStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())")

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
  let (largeCPU, smallCPU) = (timings[0].cpuTimes, timings[1].cpuTimes)
  print(
    String(
      format:
        "  all, CPU time             %7.3f %7.3f %7.3f         %7.3f %7.3f  %6.1fx %5.1fx",
      percentile(largeCPU, 0.5) * 1000, percentile(largeCPU, 0.99) * 1000, largeCPU.last! * 1000,
      percentile(smallCPU, 0.5) * 1000, percentile(smallCPU, 0.99) * 1000,
      percentile(largeCPU, 0.5) / percentile(smallCPU, 0.5),
      percentile(largeCPU, 0.99) / percentile(smallCPU, 0.99)))
  let serviceP99 = percentile(timings[0].pooled, 0.99)
  let cpuP99 = percentile(largeCPU, 0.99)
  print(
    String(
      format:
        "service search p99 over all keystrokes, %d items: %.2f ms wall, %.2f ms CPU "
        + "(threshold ~2 ms: %@); load average %@",
      large.size, serviceP99 * 1000, cpuP99 * 1000,
      max(serviceP99, cpuP99) <= 0.002 ? "below" : "ABOVE", loadAverage()))

  try runShoppingHTTP(large: large, small: small, keystrokes: keystrokes, options: options)
}

/// The same keystrokes over HTTP, one keep-alive connection per server as a typing user has,
/// and the downloads of the Items and Shopping List screens.
func runShoppingHTTP(
  large: ShoppingFixture, small: ShoppingFixture, keystrokes: [String], options: Options
) throws {
  var configuration = ChecklistsServer.Configuration()
  configuration.port = 0
  let devNull = FileHandle(forWritingAtPath: "/dev/null")!
  let servers = try [large, small].map { fixture in
    try ChecklistsServer(store: fixture.store, configuration: configuration, logOutput: devNull)
  }
  for server in servers { try server.start() }
  defer { for server in servers { server.shutdown() } }
  let clients = try servers.map { try KeepAliveClient(port: $0.port) }

  let header =
    "search as you type over HTTP: GET /api/v1/catalogue/search?q=…&limit=20, sequential on "
    + "one keep-alive connection per server, \(options.repetitions) repetitions, server threads "
    + "\(configuration.threadCount), access log on (to /dev/null); time to the last byte"
  print("\n" + header)
  var bodySizes: [Int] = Array(repeating: 0, count: keystrokes.count)
  let timings = try measureSearches(
    keystrokes: keystrokes, repetitions: options.repetitions,
    targets: clients.indices.map { which in
      { query in
        let body = try clients[which].get(
          "/api/v1/catalogue/search?q=\(KeepAliveClient.percentEncoded(query))&limit=20")
        let count = body.count(of: Array(#""section":"#.utf8))
        if which == 0, let index = keystrokes.firstIndex(of: query) {
          bodySizes[index] = body.count
        }
        return count
      }
    })
  let matches = try keystrokes.map { try large.service.search($0, limit: large.size).count }
  printSearchTable(
    keystrokes: keystrokes, matches: matches, timings: timings,
    names: ["\(large.size) items", "\(small.size) items"])
  print(
    "  response bodies (\(large.size) items): \(bodySizes.min()!)–\(bodySizes.max()!) bytes")

  // MARK: The first render's downloads, fresh after a write and again from the cache.

  let rounds = 20
  print(
    "\nfirst render downloads, \(rounds) rounds: each after a PATCH of one item's price (a "
      + "write ends the response cache), then once more (answered from the cache)")
  print(
    "  GET                                      bytes   after a write: median     max"
      + " | cached: median")
  for (fixture, client) in zip([large, small], clients) {
    let itemID = try fixture.service.catalogue()[0].id
    let targets = [
      ("/api/v1/catalogue", "catalogue, \(fixture.size) items"),
      (
        "/api/v1/shopping-lists/\(fixture.list.id.uuidString)",
        "shopping list, \(try fixture.service.contents(ofList: fixture.list.id).lines.count) lines"
      ),
    ]
    var fresh = Array(repeating: [Double](), count: targets.count)
    var cached = Array(repeating: [Double](), count: targets.count)
    var sizes = Array(repeating: 0, count: targets.count)
    for round in 0..<(rounds + 1) {  // the first round warms up
      _ = try client.send(
        "PATCH", "/api/v1/catalogue/\(itemID.uuidString)",
        body: #"{"price":"\#(round.isMultiple(of: 2) ? "1.25" : "1.35")"}"#)
      // The write also pokes the change watcher, which ends the cache once more when it reads
      // the change log; let it, so the cached reads below are cached.
      Thread.sleep(forTimeInterval: 0.05)
      for (index, (path, _)) in targets.enumerated() {
        var body: [UInt8] = []
        let first = try seconds { body = try client.get(path) }
        let second = try seconds { _ = try client.get(path) }
        if round > 0 {
          fresh[index].append(first)
          cached[index].append(second)
          sizes[index] = body.count
        }
      }
    }
    for (index, (_, name)) in targets.enumerated() {
      let f = fresh[index].sorted()
      let c = cached[index].sorted()
      print(
        "  " + name.padding(toLength: 36, withPad: " ", startingAt: 0)
          + String(
            format: " %9d   %8.2f ms  %7.2f ms | %7.2f ms", sizes[index],
            percentile(f, 0.5) * 1000, f.last! * 1000, percentile(c, 0.5) * 1000))
    }
  }
  try printCatalogueBreakdown(large)
  print("load average at the end: \(loadAverage())")
}

/// Where an uncached GET /api/v1/catalogue spends its time, step by step as the route takes
/// them, outside the server: medians of 5.
func printCatalogueBreakdown(_ fixture: ShoppingFixture) throws {
  struct Body: Encodable {
    var currency: String
    var items: [ShoppingItemJSON]
  }
  let locale = Locale(identifier: "en_GB")
  var items: [ShoppingItem] = []
  var values: [ShoppingItemJSON] = []
  var steps = Array(repeating: [Double](), count: 5)
  for _ in 0..<5 {
    steps[0].append(try seconds { items = try fixture.service.catalogueWithVersion().0 })
    steps[1].append(try seconds { _ = try fixture.service.catalogueWithVersion() })
    steps[2].append(seconds { _ = items.map { $0.price?.formatted(locale: locale) } })
    steps[3].append(seconds { values = items.map { ShoppingItemJSON($0, locale: locale) } })
    steps[4].append(
      try seconds {
        _ = try ChecklistsJSONEncoding.encode(Body(currency: "EUR", items: values), pretty: false)
      })
  }
  let unsorted = try seconds {
    _ = try fixture.service.store.readShopping {
      try $0.shoppingItems(ownerID: fixture.service.owner.id)
    }
  }
  let median = steps.map { percentile($0.sorted(), 0.5) * 1000 }
  print(
    String(
      format:
        "  where an uncached GET of the %d-item catalogue goes (outside the server, medians of 5):\n"
        + "    read and sort (catalogueWithVersion) %.1f ms, of which the read alone %.1f ms\n"
        + "    ShoppingItemJSON for every item %.1f ms, of which Price.formatted(locale:) %.1f ms\n"
        + "    JSON encoding (sorted keys) %.1f ms",
      fixture.size, median[0], unsorted * 1000, median[3], median[2], median[4]))
}

// MARK: - The catalogues

/// A SQLite file with a catalogue of `size` items and a list of about 50 entries.
struct ShoppingFixture {
  let size: Int
  let store: SQLChecklistStore
  let checklists: ChecklistService
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
    store = try SQLChecklistStore(sqlitePath: path)
    checklists = try ChecklistService.openLocal(store: store)
    service = try ShoppingService.open(store: store, owner: checklists.owner, currency: .euro)
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
  /// The calling thread's CPU time per call, all keystrokes together: what a call costs
  /// whatever else the shared cores run. Meaningful where the work runs on the calling thread
  /// (the service), not over HTTP.
  var cpuTimes: [Double] = []
  var pooled: [Double] { perKeystroke.flatMap { $0 }.sorted() }
}

/// The first three fields of /proc/loadavg: how busy the shared cores were.
func loadAverage() -> String {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// CPU time this thread has used, in seconds.
func threadCPUTime() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
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
    for (which, target) in targets.enumerated() {
      timings[which].results[index] = try target(query)
    }
  }
  for repetition in 0..<repetitions {
    var order = Array(targets.indices)
    if !repetition.isMultiple(of: 2) { order.reverse() }
    for (index, query) in keystrokes.enumerated() {
      for which in order {
        let cpuStart = threadCPUTime()
        let time = try seconds { _ = try targets[which](query) }
        timings[which].cpuTimes.append(threadCPUTime() - cpuStart)
        timings[which].perKeystroke[index].append(time)
      }
    }
  }
  for which in timings.indices {
    timings[which].perKeystroke = timings[which].perKeystroke.map { $0.sorted() }
    timings[which].cpuTimes.sort()
  }
  return timings
}

/// A row per keystroke: the large catalogue's matches (before the limit), results shown, p50,
/// p99 and max; the baseline's results, p50 and p99; the ratios. Then all keystrokes together.
func printSearchTable(
  keystrokes: [String], matches: [Int], timings: [SearchTimings], names: [String]
) {
  let large = timings[0]
  let small = timings[1]
  print(
    "  " + "".padding(toLength: 13, withPad: " ", startingAt: 0)
      + names[0].padding(toLength: 37, withPad: " ", startingAt: 0)
      + names[1].padding(toLength: 23, withPad: " ", startingAt: 0) + "ratio")
  print(
    "  query        matches shown  p50 ms  p99 ms  max ms   shown  p50 ms  p99 ms      p50    p99")
  func row(_ label: String, _ a: [Double], _ b: [Double], _ counts: (Int, Int, Int)?) {
    let a50 = percentile(a, 0.5)
    let b50 = percentile(b, 0.5)
    let a99 = percentile(a, 0.99)
    let b99 = percentile(b, 0.99)
    let countText = counts.map { String(format: "%7d %5d", $0.0, $0.1) } ?? "".leftPadded(13)
    let smallCount = counts.map { String(format: "%7d", $0.2) } ?? "".leftPadded(7)
    print(
      "  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + countText
        + String(format: " %7.3f %7.3f %7.3f ", a50 * 1000, a99 * 1000, a.last! * 1000)
        + smallCount
        + String(
          format: " %7.3f %7.3f  %6.1fx %5.1fx", b50 * 1000, b99 * 1000, a50 / b50, a99 / b99))
  }
  for (index, query) in keystrokes.enumerated() {
    row(
      "'\(query)'", large.perKeystroke[index], small.perKeystroke[index],
      (matches[index], large.results[index], small.results[index]))
  }
  row("all", large.pooled, small.pooled, nil)
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

// MARK: - A keep-alive HTTP client

/// One connection, one request at a time, as a browser tab typing into a search field uses.
final class KeepAliveClient {
  private let socket: Int32
  private var buffer: [UInt8] = []
  /// The `Host` field: the server answers only to its own names, port included.
  private let host: String

  init(port: UInt16) throws {
    host = "127.0.0.1:\(port)"
    socket = try connectToLoopback(port: port, receiveTimeout: 10)
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit { close(socket) }

  /// The body of a GET that must answer 200.
  func get(_ target: String) throws -> [UInt8] {
    let (status, body) = try send("GET", target)
    guard status == 200 else {
      throw BenchmarkError(
        description: "GET \(target): \(status) \(String(decoding: body, as: UTF8.self))")
    }
    return body
  }

  /// Sends a request and reads its whole response (Content-Length framing).
  @discardableResult
  func send(_ method: String, _ target: String, body: String? = nil) throws -> (Int, [UInt8]) {
    var request =
      "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nAccept: application/json\r\n"
      + "Accept-Language: en-GB,en;q=0.9\r\n"
    if let body {
      request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    request += "\r\n" + (body ?? "")
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw BenchmarkError(description: "send failed: \(errno)") }
      sent += count
    }
    let headerEnd = try fill { $0.firstRange(of: [13, 10, 13, 10])?.upperBound }
    let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { throw BenchmarkError(description: "no status line in: \(head)") }
    let length =
      lines.lazy.compactMap { line -> Int? in
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
        return Int(parts[1].trimmingCharacters(in: .whitespaces))
      }.first ?? 0
    let end = try fill { $0.count >= headerEnd + length ? headerEnd + length : nil }
    let responseBody = Array(buffer[headerEnd..<end])
    buffer.removeSubrange(..<end)
    return (status, responseBody)
  }

  /// Receives until `complete` finds what it needs in the buffer.
  private func fill(_ complete: ([UInt8]) -> Int?) throws -> Int {
    var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    while true {
      if let index = complete(buffer) { return index }
      let count = recv(socket, &chunk, chunk.count, 0)
      guard count > 0 else { throw BenchmarkError(description: "connection closed or timed out") }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// `text` for a query string: everything but unreserved ASCII percent-encoded as UTF-8.
  static func percentEncoded(_ text: String) -> String {
    text.utf8.map { byte in
      let c = Character(Unicode.Scalar(byte))
      return byte < 128 && (c.isLetter || c.isNumber || "-._~".contains(c))
        ? String(c) : String(format: "%%%02X", byte)
    }.joined()
  }
}

extension Array where Element == UInt8 {
  /// How many times `pattern` occurs, not overlapping.
  func count(of pattern: [UInt8]) -> Int {
    var count = 0
    var start = startIndex
    while let range = self[start...].firstRange(of: pattern) {
      count += 1
      start = range.upperBound
    }
    return count
  }
}
