import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("The same rules on every store")
struct ChecklistServiceTests {
  @Test("First use creates the empty list 'List' with No Icon, once", arguments: StoreKind.allCases)
  func firstUse(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let first = try ChecklistService.openLocal(store: store)
    let again = try ChecklistService.openLocal(store: store)
    #expect(first.owner == again.owner)
    let lists = try again.checklists()
    #expect(lists.map(\.name) == ["List"])
    #expect(lists[0].icon == .noIcon)
    #expect(lists[0].subtitle == "(No Items)")
    #expect(lists[0].ownerID == first.owner.id)
  }

  @Test("Deleting every list does not bring 'List' back", arguments: StoreKind.allCases)
  func firstUseOnlyOnce(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let service = try ChecklistService.openLocal(store: store)
    try service.deleteList(id: service.checklists()[0].id)
    #expect(try ChecklistService.openLocal(store: store).checklists().isEmpty)
  }

  @Test("Lists sort by name as Finder does", arguments: StoreKind.allCases)
  func sorting(kind: StoreKind) throws {
    let service = try kind.makeService()
    for name in ["List 10", "list 2", "Zebra", "apple", "Éclair", "List 1"] {
      try service.createList(named: name)
    }
    #expect(
      try service.checklists().map(\.name) == [
        "apple", "Éclair", "List", "List 1", "list 2", "List 10", "Zebra",
      ])
  }

  @Test("A list made by a person starts with Folder", arguments: StoreKind.allCases)
  func defaultIcon(kind: StoreKind) throws {
    let service = try kind.makeService()
    #expect(try service.createList(named: "Trips").icon == .folder)
  }

  @Test(
    "Names are trimmed, and empty, long or taken names are refused", arguments: StoreKind.allCases)
  func listNames(kind: StoreKind) throws {
    let service = try kind.makeService()
    #expect(try service.createList(named: "  Groceries \n").name == "Groceries")
    let empty = #expect(throws: ChecklistsError.self) { try service.createList(named: " \t ") }
    #expect(empty?.code == .invalidInput)
    #expect(empty?.message == "A list's name cannot be empty or only white space.")
    let long = #expect(throws: ChecklistsError.self) {
      try service.createList(named: String(repeating: "x", count: 201))
    }
    #expect(long?.message == "A list's name is 201 characters long; the limit is 200.")
    #expect(try service.createList(named: String(repeating: "y", count: 200)).name.count == 200)
    let taken = #expect(throws: ChecklistsError.self) { try service.createList(named: "GROCERIES") }
    #expect(taken?.code == .conflict)
    #expect(taken?.message == "A list named 'Groceries' already exists.")
    #expect(try service.checklists().count == 3)
  }

  @Test(
    "Subtitles follow the items: (No Items), N Remaining, All Done!", arguments: StoreKind.allCases)
  func subtitles(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries", icon: .groceries)
    #expect(try service.checklist(id: list.id).subtitle == "(No Items)")
    let milk = try service.addItem("Milk", to: list.id)
    let eggs = try service.addItem("Eggs", to: list.id)
    #expect(try service.checklist(id: list.id).subtitle == "2 Remaining")
    try service.toggle(itemID: milk.id)
    #expect(try service.checklist(id: list.id).subtitle == "1 Remaining")
    try service.setChecked(true, itemID: eggs.id)
    #expect(try service.checklist(id: list.id).subtitle == "All Done!")
    try service.deleteItem(id: eggs.id)
    try service.deleteItem(id: milk.id)
    #expect(try service.checklist(id: list.id).subtitle == "(No Items)")
  }

  @Test("Item text rules", arguments: StoreKind.allCases)
  func itemText(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    #expect(try service.addItem("  Walk the dog  ", to: list.id).text == "Walk the dog")
    let error = #expect(throws: ChecklistsError.self) { try service.addItem("   ", to: list.id) }
    #expect(error?.message == "An item's text cannot be empty or only white space.")
    let long = #expect(throws: ChecklistsError.self) {
      try service.addItem(String(repeating: "é", count: 1_001), to: list.id)
    }
    #expect(long?.message == "An item's text is 1001 characters long; the limit is 1000.")
    let lines = #expect(throws: ChecklistsError.self) { try service.addItem("a\nb", to: list.id) }
    #expect(lines?.code == .invalidInput)
    #expect(
      try service.addItem(String(repeating: "🎂", count: 1_000), to: list.id).text.count == 1_000)
    #expect(try service.checklist(id: list.id).itemCount == 2)
  }

  @Test(
    "New items go at the end and moves keep everyone else's order", arguments: StoreKind.allCases)
  func ordering(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    var expected: [String] = []
    for n in 1...8 {
      try service.addItem("Task \(n)", to: list.id)
      expected.append("Task \(n)")
    }
    var texts: [String] { get throws { try service.checklistWithItems(id: list.id).1.map(\.text) } }
    #expect(try texts == expected)
    // Many moves into the same spot exhaust the gap between two positions: the order holds.
    let moves = [(7, 0), (0, 7), (3, 1), (5, 2)] + (0..<40).map { n in (n % 2 == 0 ? 7 : 6, 1) }
    for (from, to) in moves {
      let item = try service.checklistWithItems(id: list.id).1[from]
      try service.moveItem(id: item.id, to: to)
      expected.insert(expected.remove(at: from), at: to)
      #expect(try texts == expected)
    }
    let last = try service.checklistWithItems(id: list.id).1[0]
    try service.moveItem(id: last.id, to: 99)
    expected.append(expected.removeFirst())
    #expect(try texts == expected)
  }

  @Test(
    "Every change bumps the list's revision and appends to the change log",
    arguments: StoreKind.allCases)
  func changeLog(kind: StoreKind) throws {
    let service = try kind.makeService()
    let start = try service.changes(after: 0).last!.sequence
    let list = try service.createList(named: "Trips", icon: .trips)
    #expect(list.revision == 1)
    let item = try service.addItem("Passport", to: list.id)
    let toggled = try service.toggle(itemID: item.id)
    try service.updateItem(id: item.id, ItemChanges(text: "Passports"))
    try service.moveItem(id: item.id, to: 0)
    try service.updateList(id: list.id, name: "Holidays")
    try service.deleteItem(id: item.id)
    try service.deleteList(id: list.id)
    let changes = try service.changes(after: start)
    #expect(
      changes.map(\.kind) == [
        .listCreated, .itemAdded, .itemUpdated, .itemUpdated, .itemMoved, .listUpdated,
        .itemDeleted, .listDeleted,
      ])
    #expect(changes.map(\.revision) == Array(1...8))
    #expect(Set(changes.map(\.collectionID)) == [list.id])
    #expect(changes.map(\.sequence) == changes.map(\.sequence).sorted())
    #expect(toggled.revision == 3)
    #expect(toggled.isChecked)
  }

  @Test("A stale revision is refused and nothing changes", arguments: StoreKind.allCases)
  func staleRevision(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Drinks", icon: .drinks)
    let item = try service.addItem("Water", to: list.id)
    try service.toggle(itemID: item.id)
    // The toggle changed `checked`, so an edit setting it again is refused (one that sets only
    // other fields merges: FieldRevisionTests).
    let error = #expect(throws: FieldConflictError.self) {
      try service.updateItem(
        id: item.id, ItemChanges(text: "Juice", isChecked: false), expectedRevision: item.revision)
    }
    #expect(error?.conflicts.map(\.field) == ["checked"])
    #expect(try service.item(id: item.id).text == "Water")
    let fresh = try service.item(id: item.id)
    #expect(
      try service.updateItem(
        id: item.id, ItemChanges(text: "Juice"), expectedRevision: fresh.revision
      )
      .text == "Juice")
  }

  @Test("A failed write leaves the store exactly as it was", arguments: StoreKind.allCases)
  func failedWritesLeaveNoTrace(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Inbox", icon: .inbox)
    try service.addItem("Read mail", to: list.id)
    let before = try service.exportChecklists()
    let changes = try service.changes(after: 0)
    let bad = [
      PortableChecklist(name: "Inbox", icon: .photos, items: [PortableItem(text: "New")]),
      PortableChecklist(name: "Other", icon: .folder, items: [PortableItem(text: "a\u{7}b")]),
    ]
    let error = #expect(throws: ChecklistsError.self) {
      try service.importChecklists(bad, mode: .merge)
    }
    #expect(error?.message.hasPrefix("List 'Other', item 1:") == true)
    #expect(try service.exportChecklists() == before)
    #expect(try service.changes(after: 0) == changes)
  }

  @Test(
    "Remind Me needs a due date; reminders fire at the start of the minute",
    arguments: StoreKind.allCases)
  func reminders(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    #expect(throws: ChecklistsError.self) {
      try service.addItem("Call mum", to: list.id, shouldRemind: true)
    }
    let due = Date(timeIntervalSince1970: 1_800_000_045)
    let item = try service.addItem("Call mum", to: list.id, dueDate: due, shouldRemind: true)
    #expect(
      item.reminderDate(after: due.addingTimeInterval(-3_600))
        == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(item.reminderDate(after: due) == nil)
    try service.addItem("No reminder", to: list.id, dueDate: due)
    #expect(try service.dueItems(through: due.addingTimeInterval(-1)).isEmpty)
    #expect(try service.dueItems(through: due).map(\.1.text) == ["Call mum"])
    try service.toggle(itemID: item.id)
    #expect(try service.dueItems(through: due).isEmpty)
  }

  @Test("Due dates outside the years 1 to 9999 are refused", arguments: StoreKind.allCases)
  func dueDateRange(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    for seconds in [Double.infinity, -.infinity, .nan, 1e12, -1e12] {
      let error = #expect(throws: ChecklistsError.self) {
        try service.addItem(
          "x", to: list.id, dueDate: Date(timeIntervalSinceReferenceDate: seconds))
      }
      #expect(error?.message == "A due date must be in the years 1 to 9999.")
    }
    let item = try service.addItem("ok", to: list.id, dueDate: ChecklistItem.latestDueDate)
    #expect(throws: ChecklistsError.self) {
      try service.updateItem(
        id: item.id, ItemChanges(dueDate: .some(Date(timeIntervalSinceReferenceDate: 1e12))))
    }
  }

  @Test("Checking an item named twice changes it once", arguments: StoreKind.allCases)
  func toggleOnce(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    let item = try service.addItem("Milk", to: list.id)
    let changed = try service.setChecks(nil, itemIDs: [item.id, item.id])
    #expect(changed.count == 1)
    #expect(try service.item(id: item.id).isChecked)
  }

  @Test("Editing clears a due date and Remind Me together", arguments: StoreKind.allCases)
  func clearingDueDate(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    let item = try service.addItem(
      "Dentist", to: list.id, dueDate: Date(timeIntervalSince1970: 1_800_000_000),
      shouldRemind: true)
    #expect(throws: ChecklistsError.self) {
      try service.updateItem(id: item.id, ItemChanges(dueDate: .some(nil)))
    }
    let edited = try service.updateItem(
      id: item.id, ItemChanges(dueDate: .some(nil), shouldRemind: false))
    #expect(edited.dueDate == nil)
    #expect(!edited.shouldRemind)
  }
}
