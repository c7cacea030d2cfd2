import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

/// CalDAV's work must not grow with the collection (issue 16: a PUT at 5,000 items costs what
/// it costs at 500), counted by the engine as ``GrowthTests`` does.
@Suite("CalDAV costs that do not grow with the list")
struct CalendarGrowthTests {
  @Test(
    "PUT, GET, DELETE and a sync after one change cost the same in 10 items and 5,000; listing is a few queries",
    arguments: StoreKind.allCases)
  func noGrowth(kind: StoreKind) throws {
    var measured: [[String: Int]] = []
    var listing: [Int] = []
    for size in [10, 5_000] {
      let home = try CalendarHousehold(kind)
      try home.alice.checklists.importChecklists(
        [
          PortableChecklist(
            name: "Big", icon: .folder, items: (1...size).map { PortableItem(text: "Item \($0)") })
        ], mode: .merge)
      let list = try home.alice.checklists.findList("Big")
      let calendar = home.alice.calendar
      // Half the items PUT by a client, so the object rows are as many as the items.
      for entry in try calendar.objects(inList: list.id).prefix(size / 2) {
        _ = try calendar.putTodo(
          inList: list.id, named: entry.name,
          todo: CalendarTodo(uid: entry.uid, text: entry.item!.text), ical: "T")
      }
      try GrowthTests.settle(home.store)
      let token = try calendar.syncToken(inList: list.id)
      var row: [String: Int] = [:]
      row["create"] = try GrowthTests.steps(home.store) {
        _ = try calendar.putTodo(
          inList: list.id, named: "new.ics", todo: CalendarTodo(uid: "new", text: "New"),
          ical: "N", ifNoneMatch: true)
      }
      row["update"] = try GrowthTests.steps(home.store) {
        _ = try calendar.putTodo(
          inList: list.id, named: "new.ics",
          todo: CalendarTodo(uid: "new", text: "New", isChecked: true), ical: "N2")
      }
      row["get"] = try GrowthTests.steps(home.store) {
        let found = try calendar.object(inList: list.id, named: "new.ics")
        #expect(found != nil)
      }
      row["sync"] = try GrowthTests.steps(home.store) {
        let changes = try calendar.changes(inList: list.id, since: token)
        #expect(changes.changed.map(\.name) == ["new.ics"])
      }
      row["delete"] = try GrowthTests.steps(home.store) {
        try calendar.deleteObject(inList: list.id, named: "new.ics")
      }
      measured.append(row)
      listing.append(
        try GrowthTests.steps(home.store) {
          let objects = try calendar.objects(inList: list.id)
          #expect(objects.count == size)
        })
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      #expect(
        large <= small + 60,
        "\(action): \(small) steps among 10 items, \(large) among 5,000 (\(measured))")
    }
    // Listing reads each item a bounded number of times: per item no more than in a short list.
    #expect(listing[1] / 5_000 <= max(listing[0] / 10, 1) * 2, "listing: \(listing)")
  }
}
