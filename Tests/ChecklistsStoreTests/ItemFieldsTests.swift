import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// Notes, flags, priorities, subtasks, repeats and history (issue 14) on every engine.
@Suite struct ItemFieldsTests {
  static let due = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30T14:40:00Z

  @Test("Every new field is stored, read back and edited", arguments: StoreKind.allCases)
  func roundTrip(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    let weekly = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")
    let bins = try service.addItem(
      "Bins", to: list.id, dueDate: Self.due,
      details: ItemDetails(
        notes: "Green one first.\nThen the blue.  \n\n", isFlagged: true, priority: .high,
        recurrence: weekly))
    let read = try service.item(id: bins.id)
    #expect(read.notes == "Green one first.\nThen the blue.")
    #expect(read.isFlagged)
    #expect(read.priority == .high)
    #expect(read.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=MO,TH")
    #expect(read == bins)

    let edited = try service.updateItem(
      id: bins.id,
      ItemChanges(notes: "", isFlagged: false, priority: .low, recurrence: .some(nil)))
    #expect(edited.notes == "" && !edited.isFlagged && edited.priority == .low)
    #expect(edited.recurrence == nil)
    #expect(try service.item(id: bins.id) == edited)
  }

  @Test("Notes longer than 10,000 characters are refused, naming the limit")
  func notesLimit() throws {
    #expect(try ChecklistItem.validatedNotes(String(repeating: "a", count: 10_000)).count == 10_000)
    let error = #expect(throws: ChecklistsError.self) {
      try ChecklistItem.validatedNotes(String(repeating: "a", count: 10_001))
    }
    #expect(error?.code == .invalidInput)
    #expect(
      error?.message == "An item's notes can be at most 10,000 characters; these have 10,001.")
  }

  @Test(
    "A subtask goes right after its parent's subtasks, and the parent counts them",
    arguments: StoreKind.allCases)
  func subtaskOrder(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem("Cake", to: list.id)
    try service.addItem("Music", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    try service.addItem("Eggs", to: list.id, details: ItemDetails(parentID: cake.id))
    try service.setChecked(true, itemID: flour.id)
    let (_, items) = try service.checklistWithItems(id: list.id)
    #expect(items.map(\.text) == ["Cake", "Flour", "Eggs", "Music"])
    #expect(items[0].subtaskCount == 2 && items[0].checkedSubtaskCount == 1)
    #expect(items[0].subtaskProgress == "1 of 2")
    // Numbers (the CLI's) follow the same order.
    #expect(try service.findItem("2", in: list).text == "Flour")
  }

  @Test("Subtasks go one level deep, in their own list", arguments: StoreKind.allCases)
  func parentRules(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let other = try service.createList(named: "Other")
    let cake = try service.addItem("Cake", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let music = try service.addItem("Music", to: list.id)
    let away = try service.addItem("Away", to: other.id)

    let nested = #expect(throws: ChecklistsError.self) {
      try service.addItem("Sugar", to: list.id, details: ItemDetails(parentID: flour.id))
    }
    #expect(
      nested?.message
        == "'Flour' is itself a subtask; subtasks go one level deep, so 'Sugar' cannot go under it."
    )
    let parentUnder = #expect(throws: ChecklistsError.self) {
      try service.updateItem(id: cake.id, ItemChanges(parentID: .some(music.id)))
    }
    #expect(
      parentUnder?.message
        == "'Cake' has subtasks of its own, so it cannot become a subtask; subtasks go one level "
        + "deep.")
    let elsewhere = #expect(throws: ChecklistsError.self) {
      try service.updateItem(id: music.id, ItemChanges(parentID: .some(away.id)))
    }
    #expect(elsewhere?.code == .invalidInput)
    let itself = #expect(throws: ChecklistsError.self) {
      try service.updateItem(id: music.id, ItemChanges(parentID: .some(music.id)))
    }
    #expect(itself?.message == "'Music' cannot be a subtask of itself.")

    // Made a subtask, Music moves under Cake; back at the top level it follows Cake's family.
    try service.updateItem(id: music.id, ItemChanges(parentID: .some(cake.id)))
    #expect(
      try service.checklistWithItems(id: list.id).1.map(\.text) == ["Cake", "Flour", "Music"])
    let top = try service.updateItem(id: flour.id, ItemChanges(parentID: .some(nil)))
    #expect(top.parentID == nil)
    #expect(
      try service.checklistWithItems(id: list.id).1.map(\.text) == ["Cake", "Music", "Flour"])
  }

  @Test(
    "Deleting a parent deletes its subtasks, each a logged deletion", arguments: StoreKind.allCases)
  func deleteParent(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem("Cake", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let eggs = try service.addItem("Eggs", to: list.id, details: ItemDetails(parentID: cake.id))
    let before = try service.lastChangeSequence()
    try service.deleteItem(id: cake.id)
    #expect(try service.checklistWithItems(id: list.id).1.isEmpty)
    let deleted = try service.changes(after: before).filter { $0.kind == .itemDeleted }
    #expect(Set(deleted.compactMap(\.itemID)) == [cake.id, flour.id, eggs.id])
  }

  @Test(
    "Checking with checkSubtasks checks every subtask, each logged", arguments: StoreKind.allCases)
  func checkSubtasks(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem("Cake", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let eggs = try service.addItem("Eggs", to: list.id, details: ItemDetails(parentID: cake.id))
    let refused = #expect(throws: ChecklistsError.self) {
      try service.updateItem(id: cake.id, ItemChanges(checksSubtasks: true))
    }
    #expect(refused?.code == .invalidInput)
    let before = try service.lastChangeSequence()
    let checked = try service.updateItem(
      id: cake.id, ItemChanges(isChecked: true, checksSubtasks: true))
    #expect(checked.isChecked && checked.checkedSubtaskCount == 2)
    #expect(try service.item(id: flour.id).isChecked && service.item(id: eggs.id).isChecked)
    let logged = try service.changes(after: before).compactMap(\.itemID)
    #expect(Set(logged) == [cake.id, flour.id, eggs.id])
  }

  @Test(
    "Check All: an ordinary parent takes its subtasks along; a repeating one starts again",
    arguments: StoreKind.allCases)
  func setChecksWithSubtasks(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem("Cake", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let checked = try service.setChecks(true, itemIDs: [cake.id], checksSubtasks: true)
    #expect(checked.map(\.isChecked) == [true] && checked.first?.checkedSubtaskCount == 1)
    #expect(try service.item(id: flour.id).isChecked)
    // Without it, only the parent (as before).
    let pie = try service.addItem("Pie", to: list.id)
    let apples = try service.addItem(
      "Apples", to: list.id, details: ItemDetails(parentID: pie.id))
    try service.setChecks(true, itemIDs: [pie.id])
    #expect(!(try service.item(id: apples.id).isChecked))
    // An already checked parent still takes its subtasks along.
    try service.setChecks(true, itemIDs: [pie.id], checksSubtasks: true)
    #expect(try service.item(id: apples.id).isChecked)

    // A repeating parent: the same through the API's PATCH and through setChecks.
    let rule = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO")
    for viaPatch in [true, false] {
      let clean = try service.addItem(
        "Clean \(viaPatch)", to: list.id, dueDate: Self.due, details: ItemDetails(recurrence: rule))
      let kitchen = try service.addItem(
        "Kitchen", to: list.id, details: ItemDetails(parentID: clean.id))
      let floors = try service.addItem(
        "Floors", to: list.id, details: ItemDetails(parentID: clean.id))
      try service.setChecked(true, itemID: kitchen.id)
      let done =
        viaPatch
        ? try service.updateItem(id: clean.id, ItemChanges(isChecked: true, checksSubtasks: true))
        : try service.setChecks(true, itemIDs: [clean.id], checksSubtasks: true)[0]
      #expect(!done.isChecked && done.dueDate == Self.due.addingTimeInterval(7 * 86_400))
      #expect(done.subtaskCount == 2 && done.checkedSubtaskCount == 0)
      #expect(!(try service.item(id: kitchen.id).isChecked))
      #expect(!(try service.item(id: floors.id).isChecked))
      #expect(try service.history(itemID: clean.id).count == 1)
    }
  }

  @Test(
    "Checking a repeating item moves it to the next occurrence, unchecked, and keeps the completion",
    arguments: StoreKind.allCases)
  func repeatAdvances(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    let plants = try service.addItem(
      "Water plants", to: list.id, dueDate: Self.due, shouldRemind: true,
      details: ItemDetails(recurrence: try RecurrenceRule(rrule: "FREQ=DAILY;COUNT=2")))
    let leaf = try service.addItem(
      "Leaves", to: list.id, details: ItemDetails(parentID: plants.id))
    try service.setChecked(true, itemID: leaf.id)

    let advanced = try service.updateItem(id: plants.id, ItemChanges(isChecked: true))
    #expect(!advanced.isChecked)
    #expect(advanced.dueDate == Self.due.addingTimeInterval(86_400))
    #expect(advanced.shouldRemind)
    #expect(!(try service.item(id: leaf.id).isChecked), "its subtasks are unchecked with it")
    let history = try service.history(itemID: plants.id)
    #expect(history.count == 1)
    #expect(history.first?.dueDate == Self.due)
    #expect(history.first?.userName == User.localName)

    // The same check sent again against the old revision is a conflict, not a second advance.
    let conflict = try #require(throws: FieldConflictError.self) {
      try service.updateItem(
        id: plants.id, ItemChanges(isChecked: true), expectedRevision: plants.revision)
    }
    #expect(conflict.conflicts.map(\.field).contains("checked"))
    #expect(try service.item(id: plants.id).dueDate == Self.due.addingTimeInterval(86_400))

    // COUNT=2: the second occurrence is the last, so checking it is an ordinary check.
    let last = try service.toggle(itemID: plants.id)
    #expect(last.isChecked)
    #expect(last.dueDate == Self.due.addingTimeInterval(86_400))
    #expect(try service.history(itemID: plants.id).count == 1)
  }

  @Test("Toggling a repeating item advances it too", arguments: StoreKind.allCases)
  func toggleAdvances(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    let bins = try service.addItem(
      "Bins", to: list.id, dueDate: Self.due,
      details: ItemDetails(recurrence: try RecurrenceRule(rrule: "FREQ=WEEKLY")))
    let toggled = try service.toggle(itemID: bins.id)
    #expect(!toggled.isChecked)
    #expect(toggled.dueDate == Self.due.addingTimeInterval(7 * 86_400))
    #expect(try service.history(itemID: bins.id).count == 1)
  }

  @Test("Each new field merges on its own", arguments: StoreKind.allCases)
  func fieldMerge(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    let bins = try service.addItem("Bins", to: list.id)
    try service.updateItem(id: bins.id, ItemChanges(isFlagged: true))
    let merged = try service.updateItem(
      id: bins.id, ItemChanges(notes: "Tuesday", priority: .medium),
      expectedRevision: bins.revision)
    #expect(merged.isFlagged && merged.notes == "Tuesday" && merged.priority == .medium)
    for (changes, field) in [
      (ItemChanges(notes: "Wednesday"), "notes"), (ItemChanges(isFlagged: false), "flagged"),
      (ItemChanges(priority: .low), "priority"),
    ] {
      let error = try #require(throws: FieldConflictError.self) {
        try service.updateItem(id: bins.id, changes, expectedRevision: bins.revision)
      }
      #expect(error.conflicts.map(\.field) == [field])
    }
    let rule = try RecurrenceRule(rrule: "FREQ=DAILY")
    let repeating = try service.updateItem(id: bins.id, ItemChanges(recurrence: .some(rule)))
    let error = try #require(throws: FieldConflictError.self) {
      try service.updateItem(
        id: bins.id, ItemChanges(recurrence: .some(nil)), expectedRevision: merged.revision)
    }
    #expect(error.conflicts.map(\.field) == ["repeat"])
    #expect(try service.item(id: bins.id) == repeating)
  }

  @Test("A replayed create compares the new fields", arguments: StoreKind.allCases)
  func replayCompares(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    let id = UUID()
    let details = ItemDetails(notes: "n", isFlagged: true, priority: .low)
    let first = try service.addItem(id: id, "Bins", to: list.id, details: details)
    let again = try service.addItem(id: id, "Bins", to: list.id, details: details)
    #expect(first.isNew && !again.isNew)
    let error = #expect(throws: ChecklistsError.self) {
      try service.addItem(
        id: id, "Bins", to: list.id, details: ItemDetails(notes: "n", priority: .high))
    }
    #expect(error?.code == .conflict)
    #expect(error?.message.contains("'flagged' is true (this request: false)") == true)
    #expect(error?.message.contains("'priority' is \"low\" (this request: \"high\")") == true)
  }

  @Test(
    "A parent moves with its subtasks; a subtask moves among its siblings",
    arguments: StoreKind.allCases)
  func moves(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem("Cake", to: list.id)
    let flour = try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let eggs = try service.addItem("Eggs", to: list.id, details: ItemDetails(parentID: cake.id))
    let music = try service.addItem("Music", to: list.id)
    let texts = { try service.checklistWithItems(id: list.id).1.map(\.text) }

    try service.moveItem(id: cake.id, after: music.id)
    #expect(try texts() == ["Music", "Cake", "Flour", "Eggs"])
    try service.moveItem(id: eggs.id, after: cake.id)
    #expect(try texts() == ["Music", "Cake", "Eggs", "Flour"])
    let away = #expect(throws: ChecklistsError.self) {
      try service.moveItem(id: flour.id, after: music.id)
    }
    #expect(away?.code == .invalidInput)
    // After a parent means after its whole family.
    try service.moveItem(id: music.id, after: cake.id)
    #expect(try texts() == ["Cake", "Eggs", "Flour", "Music"])
    try service.moveItem(id: cake.id, to: 1)
    #expect(try texts() == ["Music", "Cake", "Eggs", "Flour"])
    _ = flour
  }

  @Test(
    "Export and import into a new database keep every new field and the subtasks",
    arguments: StoreKind.allCases)
  func exportImport(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Party")
    let cake = try service.addItem(
      "Cake", to: list.id, dueDate: Self.due,
      details: ItemDetails(
        notes: "Chocolate", isFlagged: true, priority: .medium,
        recurrence: try RecurrenceRule(rrule: "FREQ=YEARLY")))
    try service.addItem("Music", to: list.id)
    try service.addItem("Flour", to: list.id, details: ItemDetails(parentID: cake.id))
    let exported = try service.exportChecklists()
    let party = try #require(exported.first { $0.name == "Party" })
    #expect(party.items.map(\.text) == ["Cake", "Flour", "Music"])

    let other = try kind.makeService()
    try other.importChecklists(exported, mode: .merge)
    let copy = try #require(try other.checklists().first { $0.name == "Party" })
    let items = try other.checklistWithItems(id: copy.id).1
    #expect(items.map(\.text) == ["Cake", "Flour", "Music"])
    #expect(items[0].notes == "Chocolate" && items[0].isFlagged && items[0].priority == .medium)
    #expect(items[0].recurrence?.rrule == "FREQ=YEARLY")
    #expect(items[1].parentID == items[0].id)
    #expect(items[0].subtaskCount == 1)
  }
}
