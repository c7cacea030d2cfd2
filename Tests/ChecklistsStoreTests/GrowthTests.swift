import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import PostgreSQLDatabase
import Testing

/// Work that must not grow with the data, counted by the engine (the same on every run, unlike
/// a clock): a scan steps over every row it passes, an index seek does not. Each test does the
/// same thing in a small and in a large collection and compares.
///
/// SQLite counts its virtual-machine steps. PostgreSQL has no such count: there a "step" is a
/// row or index entry its scans returned or fetched, from its statistics (see
/// `SQLChecklistStore.postgreSQLWorkCounters`). The two measures differ in size, not in what they
/// catch: a scan of the list or of the catalogue adds a step per row on both.
@Suite("No cost that grows with the data")
struct GrowthTests {
  /// The steps `body` runs on the store's connection.
  static func steps(_ store: SQLChecklistStore, _ body: () throws -> Void) throws -> Int {
    let before = try store.workCounters().steps
    try body()
    return try store.workCounters().steps - before
  }

  /// Lets PostgreSQL tidy up after a bulk load, as autovacuum does within a minute of one
  /// (`VACUUM ANALYZE`, which cannot run in a transaction, so on a connection of its own: the
  /// store's URL without a password is its path). Without statistics its planner guesses that
  /// an owner or a list holds 0.5% of a table's rows and plans for a few (fetch them all, then
  /// sort) where an index walk would stop after a page; and the 5,000 row versions a list's
  /// counts leave behind in one load stay in its index, each read by every look-up, until a
  /// vacuum removes them. SQLite plans from its indexes and rewrites rows in place: it needs
  /// nothing.
  static func settle(_ store: SQLChecklistStore) throws {
    guard store.engine == .postgreSQL else { return }
    let connection = try PostgreSQLConnection(PostgreSQLConfiguration(store.path))
    defer { connection.close() }
    try connection.execute("VACUUM ANALYZE")
  }

  static func lists(_ names: some Sequence<String>) -> [PortableChecklist] {
    names.map { PortableChecklist(name: $0, icon: .folder, items: []) }
  }

  @Test(
    "Creating, renaming and finding a list cost the same among 10 lists and 3,000",
    arguments: StoreKind.allCases)
  func listsDoNotScan(kind: StoreKind) throws {
    var measured: [[String: Int]] = []
    for count in [10, 3_000] {
      let store = try kind.makeSQLStore()
      let service = try ChecklistService.openLocal(store: store)
      try service.importChecklists(Self.lists((1..<count).map { "Trip \($0)" }), mode: .merge)
      try Self.settle(store)
      var row: [String: Int] = [:]
      row["create"] = try Self.steps(store) { try service.createList(named: "Packing") }
      let packing = try service.findList("Packing")
      row["rename"] = try Self.steps(store) {
        try service.updateList(id: packing.id, name: "Packing list")
      }
      row["taken name"] = try Self.steps(store) {
        _ = try? service.createList(named: "trip 5")
      }
      #expect(throws: ChecklistsError.self) { try service.createList(named: "trip 5") }
      row["by name"] = try Self.steps(store) {
        let found = try service.findList("packing LIST")
        #expect(found.id == packing.id)
      }
      row["by prefix"] = try Self.steps(store) {
        let found = try service.findList("pack")
        #expect(found.id == packing.id)
      }
      measured.append(row)
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      // The same statements over a deeper index: equal but for a few steps.
      #expect(
        large <= small + 20,
        "\(action): \(small) steps among 10 lists, \(large) among 3,000 (\(measured))")
    }
  }

  @Test(
    "Finding an item by text, prefix or number, and moving one, cost the same in 10 items and 5,000",
    arguments: StoreKind.allCases)
  func itemLookupsDoNotScan(kind: StoreKind) throws {
    var measured: [[String: Int]] = []
    var numberSteps: [Int] = []
    var moveSteps: [Int] = []
    for size in [10, 5_000] {
      let store = try kind.makeSQLStore()
      let service = try ChecklistService.openLocal(store: store)
      try service.importChecklists(
        [
          PortableChecklist(
            name: "Big", icon: .folder,
            items: (1...size).map { PortableItem(text: "Item \($0)") } + [
              PortableItem(text: "Zucchini")
            ])
        ], mode: .merge)
      try Self.settle(store)
      let list = try service.findList("Big")
      var row: [String: Int] = [:]
      row["by text"] = try Self.steps(store) {
        let found = try service.findItem("item 7", in: list)
        #expect(found.text == "Item 7")
      }
      row["by prefix"] = try Self.steps(store) {
        let found = try service.findItem("zucc", in: list)
        #expect(found.text == "Zucchini")
      }
      numberSteps.append(
        try Self.steps(store) {
          let found = try service.findItem("\(size / 2)", in: list)
          #expect(found.text == "Item \(size / 2)")
        })
      let mover = try service.findItem("Item 3", in: list)
      moveSteps.append(
        try Self.steps(store) { try service.moveItem(id: mover.id, to: size / 2) })
      measured.append(row)
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      #expect(
        large <= small + 20,
        "\(action): \(small) steps in 10 items, \(large) in 5,000 (\(measured))")
    }
    // A number adds up the counts of the stretches before it and steps inside one stretch of
    // at most 256 items: bounded by that, where stepping to item 2,500 takes 2,500 steps.
    #expect(
      numberSteps[1] <= numberSteps[0] + 1_000,
      "by number: \(numberSteps[0]) steps in 10 items, \(numberSteps[1]) in 5,000")
    // Moving to the middle finds its two new neighbours by number the same way.
    #expect(
      moveSteps[1] <= moveSteps[0] + 3_000,
      "move to the middle: \(moveSteps[0]) steps in 10 items, \(moveSteps[1]) in 5,000")
  }

  @Test("Numbers stay right after moves, deletes and a renumbering", arguments: StoreKind.allCases)
  func numbersAfterMoves(kind: StoreKind) throws {
    let service = try kind.makeService()
    try service.importChecklists(
      [
        PortableChecklist(
          name: "Long", icon: .folder, items: (1...600).map { PortableItem(text: "Item \($0)") })
      ], mode: .merge)
    var list = try service.findList("Long")
    let ids = try service.checklistWithItems(id: list.id).1.map(\.id)
    try service.moveItem(id: ids[599], to: 0)
    try service.moveItem(id: ids[0], to: 300)
    // Twenty moves into one gap run out of room there and renumber the list.
    for id in ids[400..<420] { try service.moveItem(id: id, to: 100) }
    for id in ids[500..<550] { try service.deleteItem(id: id) }
    try service.addItem("Last", to: list.id)
    list = try service.checklist(id: list.id)
    let items = try service.checklistWithItems(id: list.id).1
    #expect(items.count == 551)
    for number in 1...items.count {
      #expect(try service.findItem("\(number)", in: list).id == items[number - 1].id)
    }
    let beyond = #expect(throws: ChecklistsError.self) { try service.findItem("552", in: list) }
    #expect(beyond?.message == "'Long' has no item number 552; it has 551 items.")
  }

  @Test(
    "Lookups through the keys keep the rule: case, accents composed or not, ß and ss",
    arguments: StoreKind.allCases)
  func keysKeepTheRule(kind: StoreKind) throws {
    let service = try kind.makeService()
    try service.createList(named: "Straße")
    try service.createList(named: "Café")
    #expect(try service.findList("STRASSE").name == "Straße")
    #expect(try service.findList("cafe\u{301}").name == "Café")
    #expect(throws: ChecklistsError.self) { try service.createList(named: "strasse") }
    let list = try service.findList("Café")
    try service.addItem("Crème brûlée", to: list.id)
    try service.addItem("Crêpes", to: list.id)
    #expect(try service.findItem("CRÈME BRÛLÉE", in: list).text == "Crème brûlée")
    #expect(try service.findItem("crê", in: list).text == "Crêpes")
    let miss = #expect(throws: ChecklistsError.self) { try service.findItem("Crepes", in: list) }
    #expect(miss?.description == "Unknown item in 'Café' 'Crepes'. Did you mean 'Crêpes'?")
  }
}
