import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// Work that must not grow with the data, counted in SQLite's virtual-machine steps (the same
/// on every run, unlike a clock): a scan steps over every row it passes, an index seek does
/// not. Each test does the same thing in a small and in a large collection and compares.
@Suite("No cost that grows with the data")
struct GrowthTests {
  /// The steps `body` runs on the store's connection.
  static func steps(_ store: SQLiteChecklistStore, _ body: () throws -> Void) throws -> Int {
    let before = try store.queue.withConnection { $0.virtualMachineSteps }
    try body()
    return try store.queue.withConnection { $0.virtualMachineSteps } - before
  }

  static func lists(_ names: some Sequence<String>) -> [PortableChecklist] {
    names.map { PortableChecklist(name: $0, icon: .folder, items: []) }
  }

  @Test("Creating, renaming and finding a list cost the same among 10 lists and 3,000")
  func listsDoNotScan() throws {
    var measured: [[String: Int]] = []
    for count in [10, 3_000] {
      let store = try SQLiteChecklistStore(path: TemporaryFolder().path("lists.sqlite"))
      let service = try ChecklistService.openLocal(store: store)
      try service.importChecklists(Self.lists((1..<count).map { "Trip \($0)" }), mode: .merge)
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
      #expect(large <= small + 20, "\(action): \(small) steps among 10 lists, \(large) among 3,000")
    }
  }

  @Test("Finding an item by text or prefix costs the same in a list of 10 items and of 5,000")
  func itemLookupsDoNotScan() throws {
    var measured: [[String: Int]] = []
    for size in [10, 5_000] {
      let store = try SQLiteChecklistStore(path: TemporaryFolder().path("items.sqlite"))
      let service = try ChecklistService.openLocal(store: store)
      try service.importChecklists(
        [
          PortableChecklist(
            name: "Big", icon: .folder,
            items: (1...size).map { PortableItem(text: "Item \($0)") } + [
              PortableItem(text: "Zucchini")
            ])
        ], mode: .merge)
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
      measured.append(row)
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      #expect(large <= small + 20, "\(action): \(small) steps in 10 items, \(large) in 5,000")
    }
  }

  @Test("Lookups through the keys keep the rule: case, accents composed or not, ß and ss")
  func keysKeepTheRule() throws {
    let service = try StoreKind.sqlite.makeService()
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
