import ChecklistsCore
import ChecklistsInterop
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// Every single-item action at a small and a large size, through the store services the API
/// uses and through whole `checklists` processes, with the ratio large/small: nothing a
/// person does to one item or one list may cost more because there are more of them.
func runGrowthBenchmark(_ options: Options) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-growth-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let runs = options.repetitionsGiven ? options.repetitions : 15
  let binary = options.checklistsBinary ?? GrowthFixture.siblingBinary()
  guard FileManager.default.isExecutableFile(atPath: binary) else {
    FileHandle.standardError.write(
      Data(
        "checklists-bench: no checklists binary at \(binary); build it or pass --checklists\n".utf8)
    )
    exit(1)
  }
  say(
    "checklists-bench growth: \(runs) runs each (median), "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores, CLI \(binary)")

  let items = [10, options.largeListSize]
  let lists = [10, options.listCount]
  let itemFixtures = try items.map {
    try GrowthFixture(folder: folder, name: "items-\($0)", items: $0, lists: 10, binary: binary)
  }
  let listFixtures = try lists.map {
    try GrowthFixture(folder: folder, name: "lists-\($0)", items: 10, lists: $0, binary: binary)
  }
  var rows: [(String, Double, Double)] = []
  func measure(_ title: String, _ fixtures: [GrowthFixture], _ action: GrowthAction) throws {
    let (small, large) = try action.measure(fixtures[0], fixtures[1], runs: runs)
    rows.append((title, small, large))
    say(
      "  " + title.padding(toLength: 44, withPad: " ", startingAt: 0)
        + String(
          format: " %9.2f ms %9.2f ms %6.2fx%@", small * 1e3, large * 1e3, large / small,
          large / small <= 1.5 ? "" : "  over 1.5x"))
  }
  func header(_ text: String, _ sizes: [Int], _ noun: String) {
    say("\n\(text)")
    say(
      "  \("action".padding(toLength: 44, withPad: " ", startingAt: 0)) "
        + "\(String(format: "%9d", sizes[0])) \(noun.prefix(2)) "
        + "\(String(format: "%9d", sizes[1])) \(noun.prefix(2))  ratio")
  }

  header("Items: one list of 10 items against one of \(options.largeListSize)", items, "items")
  for (title, action) in GrowthAction.itemActions { try measure(title, itemFixtures, action) }
  header("Lists: 10 lists against \(options.listCount)", lists, "lists")
  for (title, action) in GrowthAction.listActions { try measure(title, listFixtures, action) }

  let worst = rows.max { $0.2 / $0.1 < $1.2 / $1.1 }!
  let over = rows.filter { $0.2 / $0.1 > 1.5 }
  say(
    String(
      format: "\nworst ratio %.2fx (%@); %d of %d rows over 1.5x", worst.2 / worst.1,
      worst.0 as NSString, over.count, rows.count))
}

/// A database file prepared for the growth rows: a list "Big" of `items` items and
/// "Zucchini", `lists`
/// lists in all (each "Trip n" holding one item), a list "Groceries", and as many shopping
/// lists.
final class GrowthFixture {
  let path: String
  let store: SQLChecklistStore
  let service: ChecklistService
  let shopping: ShoppingService
  let binary: String
  let itemCount: Int
  let listCount: Int
  private(set) var counter = 0

  init(folder: URL, name: String, items: Int, lists: Int, binary: String) throws {
    path = folder.appendingPathComponent("\(name).sqlite").path
    store = try SQLChecklistStore(sqlitePath: path)
    service = try ChecklistService.openLocal(store: store)
    self.binary = binary
    itemCount = items
    listCount = lists
    // openLocal made "List": with "Big" and "Groceries" that is three of the lists.
    var portable = [
      PortableChecklist(
        name: "Big", icon: .folder,
        items: (1...items).map { PortableItem(text: "Item \($0)") } + [
          PortableItem(text: "Zucchini")
        ]),
      PortableChecklist(
        name: "Groceries", icon: .folder,
        items: ["Milk", "Eggs", "Bread"].map { PortableItem(text: $0) }),
    ]
    portable += (1...max(1, lists - 3)).map {
      PortableChecklist(name: "Trip \($0)", icon: .folder, items: [PortableItem(text: "Passport")])
    }
    try service.importChecklists(portable, mode: .merge)
    shopping = try ShoppingService.open(store: store, owner: service.owner, currency: .euro)
    for start in stride(from: 1, to: lists, by: 500) {
      try store.writeShopping { tx in
        for number in start..<min(start + 500, lists) {
          try tx.insertShoppingList(
            ShoppingList(ownerID: service.owner.id, name: "Shop \(number)", createdAt: Date()))
        }
      }
    }
  }

  /// A fresh number, so that names made by repeated runs differ.
  func next() -> Int {
    counter += 1
    return counter
  }

  var big: Checklist { get throws { try service.findList("Big") } }
  var groceries: Checklist { get throws { try service.findList("Groceries") } }

  /// Runs `checklists --db <file> <arguments>` to its end.
  func cli(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--db", path] + arguments
    process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ChecklistsError(
        .invalidInput,
        "checklists \(arguments.joined(separator: " ")) failed: "
          + String(decoding: message, as: UTF8.self))
    }
  }

  static func siblingBinary() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("checklists").path
  }
}

/// One action: an untimed preparation and the timed step, run against a fixture.
struct GrowthAction {
  var prepare: (GrowthFixture) throws -> Void = { _ in }
  var run: (GrowthFixture) throws -> Void

  /// Medians of `runs` runs at each size, interleaved so that drift (other builds on the
  /// machine, checkpoints) lands on both alike; two untimed runs first warm each up.
  func measure(_ small: GrowthFixture, _ large: GrowthFixture, runs: Int) throws -> (
    Double, Double
  ) {
    var times: [[Double]] = [[], []]
    for round in 0..<(runs + 2) {
      let order = round.isMultiple(of: 2) ? [0, 1] : [1, 0]
      for which in order {
        let fixture = which == 0 ? small : large
        try prepare(fixture)
        let time = try seconds { try run(fixture) }
        if round >= 2 { times[which].append(time) }
      }
    }
    return (percentile(times[0].sorted(), 0.5), percentile(times[1].sorted(), 0.5))
  }

  /// The item rows: the store service (what the API calls) and the command line.
  static var itemActions: [(String, GrowthAction)] {
    [
      ("service: add an item", GrowthAction { f in try f.service.addItem("Added", to: f.big.id) }),
      (
        "service: toggle an item (by id)",
        GrowthAction { f in
          try f.service.toggle(itemID: f.service.findItem("Item \(f.itemCount / 2)", in: f.big).id)
        }
      ),
      (
        "service: edit an item's text",
        GrowthAction { f in
          // The item after the middle one, which no other row looks up by its text.
          let item = try f.service.findItem("\(f.itemCount / 2 + 1)", in: f.big)
          try f.service.updateItem(id: item.id, ItemChanges(text: "Edited \(f.next())"))
        }
      ),
      (
        "service: move an item to the top",
        GrowthAction { f in
          try f.service.moveItem(id: f.service.findItem("Item 3", in: f.big).id, to: 0)
        }
      ),
      (
        "service: move an item to the middle",
        GrowthAction { f in
          try f.service.moveItem(
            id: f.service.findItem("Item 4", in: f.big).id, to: f.itemCount / 2)
        }
      ),
      (
        "service: delete an item",
        GrowthAction(
          prepare: { f in try f.service.addItem("Doomed", to: f.big.id) },
          run: { f in try f.service.deleteItem(id: f.service.findItem("Doomed", in: f.big).id) })
      ),
      (
        "service: find an item by number (middle)",
        GrowthAction { f in _ = try f.service.findItem("\(f.itemCount / 2)", in: f.big) }
      ),
      (
        "service: find an item by text",
        GrowthAction { f in _ = try f.service.findItem("item \(f.itemCount / 2)", in: f.big) }
      ),
      (
        "service: find an item by prefix",
        GrowthAction { f in _ = try f.service.findItem("zucc", in: f.big) }
      ),
      ("cli: add Big <text>", GrowthAction { f in try f.cli(["add", "Big", "Added"]) }),
      (
        "cli: toggle Big <middle number>",
        GrowthAction { f in try f.cli(["toggle", "Big", "\(f.itemCount / 2)"]) }
      ),
      (
        "cli: toggle Big <text>",
        GrowthAction { f in try f.cli(["toggle", "Big", "Item \(f.itemCount / 2)"]) }
      ),
      ("cli: check Big <text>", GrowthAction { f in try f.cli(["check", "Big", "Item 7"]) }),
      (
        "cli: edit Big <text> --due <date>",
        GrowthAction { f in try f.cli(["edit", "Big", "Item 7", "--due", "2027-01-02 09:00"]) }
      ),
      (
        "cli: move Big <text> top",
        GrowthAction { f in try f.cli(["move", "Big", "Item 5", "top"]) }
      ),
      (
        "cli: delete Big <text>",
        GrowthAction(
          prepare: { f in try f.service.addItem("Doomed", to: f.big.id) },
          run: { f in try f.cli(["delete", "Big", "Doomed"]) })
      ),
    ]
  }

  /// The list rows, shopping lists included.
  static var listActions: [(String, GrowthAction)] {
    [
      (
        "service: create a list",
        GrowthAction { f in try f.service.createList(named: "Zz new \(f.next())") }
      ),
      (
        "service: rename a list",
        GrowthAction { f in
          try f.service.updateList(id: f.groceries.id, name: "Groceries")
          try f.service.updateList(id: f.groceries.id, name: "groceries")
        }
      ),
      (
        "service: change a list's icon",
        GrowthAction { f in try f.service.updateList(id: f.groceries.id, icon: .groceries) }
      ),
      (
        "service: delete a list",
        GrowthAction(
          prepare: { f in try f.service.createList(named: "Doomed") },
          run: { f in try f.service.deleteList(id: f.service.findList("Doomed").id) })
      ),
      ("service: find a list by name", GrowthAction { f in _ = try f.groceries }),
      (
        "service: find a list by number (middle)",
        GrowthAction { f in _ = try f.service.findList("\(f.listCount / 2)") }
      ),
      ("service: find a list by prefix", GrowthAction { f in _ = try f.service.findList("groc") }),
      (
        "service: add an item to a list",
        GrowthAction { f in try f.service.addItem("Added", to: f.groceries.id) }
      ),
      (
        "service: create a shopping list",
        GrowthAction { f in try f.shopping.createList(named: "Market \(f.next())") }
      ),
      (
        "service: find a shopping list by name",
        GrowthAction { f in _ = try f.shopping.findList("Shopping List") }
      ),
      (
        "service: put an item on a shopping list",
        GrowthAction { f in
          try f.shopping.put(named: "Milk", onList: f.shopping.findList("Shopping List").id)
        }
      ),
      (
        "cli: list add <name>",
        GrowthAction { f in try f.cli(["list", "add", "Zz new \(f.next())"]) }
      ),
      (
        "cli: list rename <name> <name>",
        GrowthAction { f in
          let name = f.next().isMultiple(of: 2) ? "Groceries" : "groceries"
          try f.cli(["list", "rename", "Groceries", name])
        }
      ),
      (
        "cli: list icon <name> <icon>",
        GrowthAction { f in try f.cli(["list", "icon", "Groceries", "Trips"]) }
      ),
      (
        "cli: list delete <name> --yes",
        GrowthAction(
          prepare: { f in try f.service.createList(named: "Doomed") },
          run: { f in try f.cli(["list", "delete", "Doomed", "--yes"]) })
      ),
      (
        "cli: add <list name> <text>", GrowthAction { f in try f.cli(["add", "Groceries", "Tea"]) }
      ),
      (
        "cli: toggle <middle list number> 1",
        GrowthAction { f in try f.cli(["toggle", "\(f.listCount / 2)", "1"]) }
      ),
      ("cli: toggle <list prefix> 1", GrowthAction { f in try f.cli(["toggle", "groc", "1"]) }),
      ("cli: shop add <name>", GrowthAction { f in try f.cli(["shop", "add", "Milk"]) }),
      (
        "cli: shop list add <name>",
        GrowthAction { f in try f.cli(["shop", "list", "add", "Market \(f.next())"]) }
      ),
    ]
  }
}

/// Prints a line at once (unbuffered), so a run that stops part-way keeps its rows.
private func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
