import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// Uncheck All, Clear Checked and a list's hide-checked setting, on every store.
@Suite("Resetting a reusable list, and hiding its checked items")
struct ListResetTests {
  /// "Packing" with Passport and Charger checked, Socks not.
  static func packing(_ service: ChecklistService) throws -> Checklist {
    let list = try service.createList(named: "Packing")
    for (text, checked) in [("Passport", true), ("Socks", false), ("Charger", true)] {
      try service.addItem(text, to: list.id, isChecked: checked)
    }
    return try service.checklist(id: list.id)
  }

  @Test(
    "Uncheck all is one change of the list; a second one writes nothing",
    arguments: StoreKind.allCases)
  func uncheckAll(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try Self.packing(service)
    let before = try service.lastChangeSequence()
    let result = try service.uncheckAll(listID: list.id)
    #expect(result.changedCount == 2)
    #expect(result.items.map(\.isChecked) == [false, false, false])
    #expect(result.list.remainingCount == 3)
    #expect(result.list.revision == list.revision + 1)
    #expect(result.items.map(\.revision).max() == result.list.revision)
    let logged = try service.changes(after: before)
    #expect(logged.map(\.kind) == [.listUpdated])
    let again = try service.uncheckAll(listID: list.id)
    #expect(again.changedCount == 0)
    #expect(again.list.revision == result.list.revision)
    #expect(try service.changes(after: before).count == 1, "the second one logs nothing")
    // A stale replay of it is no conflict: there is nothing left to uncheck.
    #expect(
      try service.uncheckAll(listID: list.id, expectedRevision: list.revision).changedCount == 0)
  }

  @Test(
    "Clear checked deletes the checked items and spends their ids", arguments: StoreKind.allCases)
  func clearChecked(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try Self.packing(service)
    let passport = try service.checklistWithItems(id: list.id).1[0]
    let result = try service.clearChecked(listID: list.id)
    #expect(result.changedCount == 2)
    #expect(result.items.map(\.text) == ["Socks"])
    #expect(result.list.itemCount == 1)
    #expect(result.list.subtitle == "1 Remaining")
    #expect(throws: ChecklistsError.self) { try service.item(id: passport.id) }
    let replay = #expect(throws: ChecklistsError.self) {
      try service.addItem(id: passport.id, "Passport", to: list.id, isChecked: true)
    }
    #expect(replay?.code == .conflict)
    #expect(try service.clearChecked(listID: list.id).changedCount == 0)
  }

  @Test(
    "A stale expected revision is refused while there is something to reset",
    arguments: StoreKind.allCases)
  func stale(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try Self.packing(service)
    try service.addItem("Hat", to: list.id)
    for reset in ChecklistReset.allCases {
      let error = #expect(throws: ChecklistsError.self) {
        try service.reset(reset, listID: list.id, expectedRevision: list.revision)
      }
      #expect(error?.code == .stale, "\(reset)")
    }
    #expect(try service.checklist(id: list.id).remainingCount == 2)
  }

  @Test(
    "hideChecked: off for new lists, kept, merged by field, compared on a replayed create",
    arguments: StoreKind.allCases)
  func hideChecked(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    #expect(!list.hidesChecked)
    let hidden = try service.updateList(id: list.id, hidesChecked: true)
    #expect(hidden.hidesChecked)
    #expect(try service.checklist(id: list.id).hidesChecked)
    // A rename made on the revision before is merged: both kept.
    let renamed = try service.updateList(
      id: list.id, name: "House", expectedRevision: list.revision)
    #expect(renamed.hidesChecked && renamed.name == "House")
    // Setting it again from that revision conflicts on that field alone.
    #expect(throws: FieldConflictError.self) {
      try service.updateList(id: list.id, hidesChecked: false, expectedRevision: list.revision)
    }
    let id = UUID()
    let (made, isNew) = try service.createList(id: id, named: "Trip", hidesChecked: true)
    #expect(isNew && made.hidesChecked)
    #expect(try !service.createList(id: id, named: "Trip", hidesChecked: true).isNew)
    #expect(try !service.createList(id: id, named: "Trip").isNew, "a replay that does not say")
    let mismatch = #expect(throws: ChecklistsError.self) {
      try service.createList(id: id, named: "Trip", hidesChecked: false)
    }
    #expect(mismatch?.code == .conflict)
  }

  @Test(
    "The setting travels in the export and import, and a file that does not say keeps it",
    arguments: StoreKind.allCases)
  func backup(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Chores")
    try service.updateList(id: list.id, hidesChecked: true)
    let exported = try service.exportChecklists()
    #expect(exported.first { $0.name == "Chores" }?.hidesChecked == true)
    let other = try kind.makeService()
    try other.importChecklists(exported, mode: .merge)
    #expect(try other.checklists().first { $0.name == "Chores" }?.hidesChecked == true)
    // The iPhone app's file says nothing: the list keeps hiding.
    try other.importChecklists(
      [PortableChecklist(name: "Chores", icon: .chores, items: [])], mode: .merge)
    #expect(try other.checklists().first { $0.name == "Chores" }?.hidesChecked == true)
    try other.importChecklists(
      [PortableChecklist(name: "Chores", icon: .chores, hidesChecked: false, items: [])],
      mode: .merge)
    #expect(try other.checklists().first { $0.name == "Chores" }?.hidesChecked == false)
  }
}
