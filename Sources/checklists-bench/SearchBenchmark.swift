import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// Search across every list through the API at 100,000 items (`--items N`): the items are
/// seeded through the store, a real `checklists serve` answers `GET /api/v1/search?q=…` on
/// 127.0.0.1, and one kept-open client times a mix of queries, on SQLite and on PostgreSQL
/// (`--engine sqlite|postgres` for one of them; `--postgres URL` for the server). The goal
/// (issue 14) is p99 ≤ 20 ms.
func runSearchBenchmark(_ options: Options) throws {
  let engines = options.engine.map { [$0] } ?? ["sqlite", "postgres"]
  let binary = options.checklistsBinary ?? GrowthFixture.siblingBinary()
  let listCount = max(1, min(options.largeListSize / 100, 500))
  print(
    "checklists-bench search: \(options.largeListSize) items in \(listCount) lists, seeded "
      + "through the store; `checklists serve` on 127.0.0.1; \(options.repetitions) requests "
      + "per query on one kept-open connection, queries taking turns; "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
  var results: [(String, SearchTimes)] = []
  for engine in engines {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var scratch: ScratchPostgreSQLDatabase?
    let location: String
    switch engine {
    case "sqlite": location = folder.appendingPathComponent("search.sqlite").path
    case "postgres":
      scratch = try ScratchPostgreSQLDatabase(server: ScratchPostgreSQLDatabase.server(options))
      location = scratch!.url
    default: throw BenchmarkError(description: "--engine is sqlite or postgres, not '\(engine)'")
    }
    defer { _ = scratch }
    let name = engine == "sqlite" ? "SQLite" : "PostgreSQL"
    let seeding = try seconds {
      try seedSearchDatabase(location, items: options.largeListSize, lists: listCount)
    }
    print(String(format: "%@: seeded in %.1f s", name, seeding))
    let serve = try ServeProcess(
      binary: binary, database: location, publicURL: "http://127.0.0.1")
    defer { serve.stop() }
    let client = try KeepAliveClient(port: serve.port)
    results.append((name, try timeSearches(client, repetitions: options.repetitions)))
  }
  for (name, times) in results {
    print("\n\(name)                          matches     p50 ms   p95 ms   p99 ms")
    for query in SearchQuery.mix {
      let sorted = times.samples[query, default: []].sorted()
      print(row(query.label, matches: times.matches[query], sorted))
    }
    let all = times.samples.values.flatMap { $0 }.sorted()
    print(row("all queries", matches: nil, all))
    print(
      String(
        format: "%@: p99 %.2f ms over %d requests; goal p99 ≤ 20 ms: %@", name,
        percentile(all, 0.99) * 1000, all.count, percentile(all, 0.99) <= 0.020 ? "met" : "NOT met")
    )
  }
}

/// One query of the mix, with what it stands for.
struct SearchQuery: Hashable, Sendable {
  let text: String
  let label: String

  init(_ text: String, _ label: String) {
    self.text = text
    self.label = label
  }

  /// The queries timed: common and rare words, prefixes, two words, accents, no match.
  static let mix = [
    SearchQuery("milk", "a common word"),
    SearchQuery("choc", "a prefix"),
    SearchQuery("gruyère", "a rare word with an accent"),
    SearchQuery("creme", "no accent for 'crème'"),
    SearchQuery("CAFÉ", "capitals and an accent"),
    SearchQuery("green tea", "two words"),
    SearchQuery("b", "one letter"),
    SearchQuery("zanzibar", "no match"),
  ]

  /// `text`, percent-encoded for a query string.
  var encoded: String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed)!
  }
}

private func row(_ label: String, matches: Int?, _ sorted: [Double]) -> String {
  label.padding(toLength: 30, withPad: " ", startingAt: 0)
    + (matches.map { String(format: "%9d", $0) } ?? "         ")
    + String(
      format: "  %8.2f %8.2f %8.2f", percentile(sorted, 0.5) * 1000,
      percentile(sorted, 0.95) * 1000, percentile(sorted, 0.99) * 1000)
}

/// Times `repetitions` searches of each query, in rounds of the whole mix after one untimed
/// round, and notes each query's number of matching items from its first answer.
private func timeSearches(_ client: KeepAliveClient, repetitions: Int) throws -> SearchTimes {
  var times = SearchTimes()
  for round in 0...repetitions {
    for query in SearchQuery.mix {
      let target = "/api/v1/search?q=\(query.encoded)"
      let start = DispatchTime.now().uptimeNanoseconds
      let (status, body) = try client.send("GET", target)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      guard status == 200 else {
        throw BenchmarkError(
          description: "GET \(target) answered \(status)"
            + (status == 404 ? " (is the search route there? it is on branch wt-smart)" : "")
            + ": " + String(decoding: body.prefix(300), as: UTF8.self))
      }
      if round == 0 {
        times.matches[query] = matchCount(body)
      } else {
        times.samples[query, default: []].append(elapsed)
      }
    }
  }
  return times
}

/// Each query's times in seconds, and how many items its answer listed.
struct SearchTimes {
  var samples: [SearchQuery: [Double]] = [:]
  var matches: [SearchQuery: Int] = [:]
}

/// How many items the search answer lists in all its groups (each group holds at most 50).
private func matchCount(_ body: [UInt8]) -> Int? {
  guard let answer = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
    let groups = answer["groups"] as? [[String: Any]]
  else { return nil }
  return groups.reduce(0) { $0 + (($1["items"] as? [Any])?.count ?? 0) }
}

/// Fills a new database with `items` items of two to four everyday words (some with accents)
/// in `lists` lists, through the store as an import does, so the search index is kept as on
/// any write.
private func seedSearchDatabase(_ location: String, items: Int, lists: Int) throws {
  let store = try SQLChecklistStore.open(location)
  let service = try ChecklistService.openLocal(store: store)
  var generator = SplitMix64(state: 14)
  let perList = max(1, items / lists)
  var made = 0
  var batch: [PortableChecklist] = []
  for n in 0..<lists {
    let size = n == lists - 1 ? items - made : perList
    made += size
    let list = PortableChecklist(
      name: "\(searchListNames[n % searchListNames.count]) \(n + 1)", icon: .chores,
      items: (0..<size).map { index in
        let wordCount = 2 + Int(generator.next() % 3)
        let words = (0..<wordCount).map { _ in
          searchWords[Int(generator.next() % UInt64(searchWords.count))]
        }
        return PortableItem(text: words.joined(separator: " "), isChecked: index % 4 == 0)
      })
    batch.append(list)
    if batch.count == 20 || n == lists - 1 {
      try service.importChecklists(batch, mode: .merge)
      batch.removeAll()
    }
  }
}

private let searchListNames = [
  "Groceries", "Weekly chores", "Packing list", "Garden", "Party", "Hardware store", "Pharmacy",
  "Bakery", "Holiday", "Renovation",
]

/// Everyday words for item texts, a few with accents, capitals or both.
private let searchWords: [String] = """
  milk bread butter eggs cheese yoghurt apples bananas oranges lemons limes grapes pears
  tomatoes potatoes onions garlic carrots broccoli spinach lettuce cucumber peppers rice pasta
  flour sugar salt coffee tea juice water wine beer chicken beef pork salmon tuna beans lentils
  chocolate chocolates biscuits cereal honey jam olive oil vinegar mustard ketchup mayonnaise
  soap shampoo toothpaste towels detergent sponges batteries lightbulbs candles napkins foil
  vacuum hallway laundry dishes windows bathroom kitchen fridge oven garage recycling bins
  passport charger sunscreen sandals jacket umbrella tickets adapter headphones book camera
  seeds compost hose rake tulips roses basil mint parsley thyme rosemary lavender hedge lawn
  balloons cake candles invitations plates cups streamers music games presents ribbons cards
  screws nails drill paint brushes tape sandpaper glue hammer ladder hinges bolts washers
  aspirin plasters vitamins bandages thermometer drops inhaler cream lozenges
  croissants baguette brioche rolls muffins scones bagels pretzels doughnuts
  crème brûlée café crêpes gruyère pâté jalapeño müsli äpfel brötchen smörgåsbord piñata
  façade résumé naïve Zürich São Paulo Málaga Kraków Ångström crème fraîche entrée soufflé
  green red blue black white fresh frozen organic large small spare new old extra big
  """.split(whereSeparator: \.isWhitespace).map(String.init)
