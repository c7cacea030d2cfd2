import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

/// The smart lists' counts and a search read index ranges, not every item: their work is the
/// same beside 10 other items and beside 3,000 (see ``GrowthTests``).
@Suite("Smart lists and search do not read every item")
struct SmartListGrowthTests {
  @Test(
    "Counting the smart lists and searching cost the same among 10 items and 3,000",
    arguments: StoreKind.allCases)
  func countsAndSearchDoNotScan(kind: StoreKind) throws {
    var measured: [[String: Int]] = []
    for count in [10, 3_000] {
      let store = try kind.makeSQLStore()
      let service = try ChecklistService.openLocal(store: store)
      // Undated items of other words, and a few that each smart list and the search find.
      let filler = (0..<count).map { PortableItem(text: "Filler \($0) of many") }
      try service.importChecklists(
        [PortableChecklist(name: "Bulk", icon: .folder, items: filler)], mode: .merge)
      let list = try service.createList(named: "Errands")
      try service.addItem("Zebra crossing", to: list.id, dueDate: Date() - 3600)
      try service.addItem("Zoo tickets", to: list.id, dueDate: Date() + 7 * 86400)
      try GrowthTests.settle(store)
      let smart = SmartListService(store: store, user: service.owner)
      var row: [String: Int] = [:]
      row["counts"] = try GrowthTests.steps(store) {
        let counts = try smart.counts(in: .current)
        #expect(counts.first { $0.kind == .scheduled }?.count == 2)
        #expect(counts.first { $0.kind == .all }?.count == count + 2)
      }
      row["overdue"] = try GrowthTests.steps(store) {
        let overdue = try smart.items(.overdue, in: .current)
        #expect(overdue.map { $0.1.text } == ["Zebra crossing"])
      }
      row["search"] = try GrowthTests.steps(store) {
        let found = try smart.search("ZEB cross")
        #expect(found.lists.map { $0.items.count } == [1])
      }
      measured.append(row)
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      #expect(
        large <= small + 40,
        "\(action): \(small) steps among 10 items, \(large) among 3,000 (\(measured))")
    }
  }
}
