import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV sync: changes since a token, tombstones, truncation")
struct CalendarChangesTests {
  @Test(
    "Changes since a token report what was PUT, edited on the web, and deleted by any route",
    arguments: StoreKind.allCases)
  func changesSince(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Week")
    let calendar = home.alice.calendar
    let kept = try calendar.putTodo(
      inList: list.id, named: "kept.ics", todo: CalendarTodo(uid: "kept", text: "Kept"), ical: "K"
    ).entry
    _ = try calendar.putTodo(
      inList: list.id, named: "gone.ics", todo: CalendarTodo(uid: "gone", text: "Gone"),
      ical: "G")
    let web = try home.alice.checklists.addItem("From the web", to: list.id)
    let webGone = try home.alice.checklists.addItem("Web, deleted", to: list.id)
    let initial = try calendar.changes(inList: list.id, since: 0)
    #expect(initial.changed.count == 4)
    #expect(initial.deleted.isEmpty)
    #expect(initial.token == (try calendar.syncToken(inList: list.id)))
    #expect(initial.token == (try calendar.collection(listID: list.id).syncToken))

    // Nothing since: nothing reported, the same token.
    let quiet = try calendar.changes(inList: list.id, since: initial.token)
    #expect(quiet.changed.isEmpty && quiet.deleted.isEmpty && quiet.token == initial.token)

    // The web edits one, deletes one it made and one a client PUT; a client deletes nothing.
    _ = try home.alice.checklists.setChecked(true, itemID: web.id)
    _ = try home.alice.checklists.deleteItem(id: webGone.id)
    let goneItem = try #require(try calendar.object(inList: list.id, named: "gone.ics")?.item)
    _ = try home.alice.checklists.deleteItem(id: goneItem.id)
    _ = try calendar.putTodo(
      inList: list.id, named: "new.ics", todo: CalendarTodo(uid: "new", text: "New"), ical: "N")
    let changes = try calendar.changes(inList: list.id, since: initial.token)
    #expect(changes.changed.map(\.name) == ["\(web.id.uuidString.lowercased()).ics", "new.ics"])
    #expect(changes.changed.first?.item?.isChecked == true)
    #expect(
      Set(changes.deleted) == ["\(webGone.id.uuidString.lowercased()).ics", "gone.ics"])
    #expect(!changes.truncated)
    #expect(changes.token > initial.token)
    #expect(changes.token == (try calendar.syncToken(inList: list.id)))

    // A CalDAV DELETE leaves a tombstone reported by name; a GET of it finds nothing.
    try calendar.deleteObject(inList: list.id, named: "kept.ics", ifMatch: kept.etag)
    #expect(try calendar.object(inList: list.id, named: "kept.ics") == nil)
    let afterDelete = try calendar.changes(inList: list.id, since: changes.token)
    #expect(afterDelete.changed.isEmpty)
    #expect(afterDelete.deleted == ["kept.ics"])
    #expect(try home.count("calendar_objects", where: "name = 'kept.ics'") == 1)
    // A PUT to the tombstone's name makes a new object there.
    let reborn = try calendar.putTodo(
      inList: list.id, named: "kept.ics", todo: CalendarTodo(uid: "kept", text: "Back"),
      ical: "K2", ifNoneMatch: true)
    #expect(reborn.created)
    let afterReborn = try calendar.changes(inList: list.id, since: afterDelete.token)
    #expect(afterReborn.changed.map(\.name) == ["kept.ics"])
    #expect(afterReborn.deleted.isEmpty)
  }

  @Test(
    "A parent deleted in the web app takes its subtasks, each reported",
    arguments: StoreKind.allCases)
  func subtasksDeleted(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Trip")
    let calendar = home.alice.calendar
    let parent = try calendar.putTodo(
      inList: list.id, named: "p.ics", todo: CalendarTodo(uid: "p", text: "Pack"), ical: "P"
    ).entry
    _ = try calendar.putTodo(
      inList: list.id, named: "c.ics", todo: CalendarTodo(uid: "c", text: "Socks", parentUID: "p"),
      ical: "C")
    let token = try calendar.syncToken(inList: list.id)
    _ = try home.alice.checklists.deleteItem(id: parent.item!.id)
    let changes = try calendar.changes(inList: list.id, since: token)
    #expect(Set(changes.deleted) == ["p.ics", "c.ics"])
    #expect(changes.changed.isEmpty)
  }

  @Test(
    "More changes than the limit are truncated; the token goes on from there",
    arguments: StoreKind.allCases)
  func truncation(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Many")
    let calendar = home.alice.calendar
    let token = try calendar.syncToken(inList: list.id)
    for index in 0..<5 {
      _ = try calendar.putTodo(
        inList: list.id, named: "\(index).ics",
        todo: CalendarTodo(uid: "\(index)", text: "T\(index)"),
        ical: "")
    }
    // The same object changed twice counts once.
    _ = try calendar.putTodo(
      inList: list.id, named: "0.ics", todo: CalendarTodo(uid: "0", text: "T0 again"), ical: "")
    let first = try calendar.changes(inList: list.id, since: token, limit: 2)
    #expect(first.truncated)
    #expect(first.changed.map(\.name) == ["0.ics", "1.ics"])
    let second = try calendar.changes(inList: list.id, since: first.token, limit: 2)
    #expect(second.truncated)
    #expect(second.changed.map(\.name) == ["2.ics", "3.ics"])
    let third = try calendar.changes(inList: list.id, since: second.token, limit: 2)
    #expect(!third.truncated)
    #expect(Set(third.changed.map(\.name)) == ["4.ics", "0.ics"])
    #expect(third.token == (try calendar.syncToken(inList: list.id)))
  }

  @Test(
    "A token the log cannot answer from is refused, so the client syncs afresh",
    arguments: StoreKind.allCases)
  func invalidTokens(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Week")
    let calendar = home.alice.calendar
    let token = try calendar.syncToken(inList: list.id)
    #expect(throws: CalendarSyncTokenError.self) {
      try calendar.changes(inList: list.id, since: token + 1_000)
    }
    #expect(throws: CalendarSyncTokenError.self) {
      try calendar.changes(inList: list.id, since: -1)
    }
    // A rename (a change to the whole list) sends the client back to a full sync.
    try home.alice.checklists.updateList(id: list.id, name: "Next week")
    #expect(throws: CalendarSyncTokenError.self) {
      try calendar.changes(inList: list.id, since: token)
    }
    // Pruned: a token from before what the log keeps.
    let before = try calendar.syncToken(inList: list.id)
    try home.store.setChangeLogRetention(1)
    for index in 0..<80 {
      _ = try home.alice.checklists.addItem("Item \(index)", to: list.id)
    }
    let pruned = #expect(throws: CalendarSyncTokenError.self) {
      try calendar.changes(inList: list.id, since: before)
    }
    #expect(pruned?.description.contains("older than the change log keeps") == true)
  }

  @Test("Calendar writes log the entries the web app's writes log", arguments: StoreKind.allCases)
  func changeLogEntries(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let calendar = home.alice.calendar
    let start = try home.alice.checklists.lastChangeSequence()
    let collection = try calendar.createCollection(name: "Made by MKCALENDAR", color: "#FF0000FF")
    #expect(try home.kinds(collection.id, after: start) == [.listCreated])
    var sequence = try home.alice.checklists.lastChangeSequence()
    _ = try calendar.putTodo(
      inList: collection.id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "A"), ical: "")
    _ = try calendar.putTodo(
      inList: collection.id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "A2"), ical: "")
    try calendar.deleteObject(inList: collection.id, named: "a.ics")
    #expect(
      try home.kinds(collection.id, after: sequence) == [.itemAdded, .itemUpdated, .itemDeleted])
    sequence = try home.alice.checklists.lastChangeSequence()
    try calendar.updateCollection(listID: collection.id, name: "Renamed")
    try calendar.deleteCollection(listID: collection.id)
    #expect(try home.kinds(collection.id, after: sequence) == [.listUpdated, .listDeleted])
  }
}
