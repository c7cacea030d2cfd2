import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV objects of checklists: PUT, GET, DELETE, preconditions and roles")
struct CalendarServiceTests {
  @Test(
    "A PUT makes an item, keeps the name, UID and text, and reads back",
    arguments: StoreKind.allCases)
  func createAndRead(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Errands")
    let calendar = home.alice.calendar
    let due = Date(timeIntervalSince1970: 1_800_000_000)
    let text = vtodo("apple-1", "Post letter", extra: "X-APPLE-THING:kept")
    let (created, entry) = try calendar.putTodo(
      inList: list.id, named: "apple-1.ics",
      todo: CalendarTodo(
        uid: "apple-1", text: "Post letter", dueDate: due, shouldRemind: true, notes: "Stamp",
        priority: .high),
      ical: text, ifNoneMatch: true)
    #expect(created)
    #expect(entry.name == "apple-1.ics")
    #expect(entry.uid == "apple-1")
    #expect(entry.ical == text)
    let item = try #require(entry.item)
    #expect(item.text == "Post letter")
    #expect(item.dueDate == due)
    #expect(item.shouldRemind)
    #expect(item.notes == "Stamp")
    #expect(item.priority == .high)
    #expect(entry.etag == "\(item.revision)")
    // The web app sees it.
    #expect(
      try home.alice.checklists.checklistWithItems(id: list.id).1.map(\.text) == ["Post letter"])
    #expect(try calendar.object(inList: list.id, named: "apple-1.ics") == entry)
    #expect(try calendar.objects(inList: list.id) == [entry])
    #expect(try calendar.object(inList: list.id, named: "other.ics") == nil)
  }

  @Test(
    "Items made in the web app are {id}.ics with their id as UID; a PUT gives them a row",
    arguments: StoreKind.allCases)
  func itemsMadeElsewhere(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Home")
    let item = try home.alice.checklists.addItem("Water plants", to: list.id)
    let calendar = home.alice.calendar
    let id = item.id.uuidString.lowercased()
    let entry = try #require(try calendar.object(inList: list.id, named: "\(id).ics"))
    #expect(entry.uid == id)
    #expect(entry.ical == nil)
    #expect(entry.item?.id == item.id)
    #expect(try home.count("calendar_objects") == 0)

    let text = vtodo(id, "Water the plants")
    let (created, put) = try calendar.putTodo(
      inList: list.id, named: "\(id).ics", todo: CalendarTodo(uid: id, text: "Water the plants"),
      ical: text, ifMatch: entry.etag)
    #expect(!created)
    #expect(put.item?.id == item.id)
    #expect(put.item?.text == "Water the plants")
    #expect(put.ical == text)
    #expect(try home.count("calendar_objects") == 1)
    #expect(try calendar.objects(inList: list.id).map(\.name) == ["\(id).ics"])
  }

  @Test(
    "Every PUT bumps the revision and logs an item change, even one that changes only the text",
    arguments: StoreKind.allCases)
  func revisionBumps(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Work")
    let calendar = home.alice.calendar
    let todo = CalendarTodo(uid: "u1", text: "Report")
    let first = try calendar.putTodo(
      inList: list.id, named: "u1.ics", todo: todo, ical: vtodo("u1", "Report")
    ).entry
    let sequence = try home.alice.checklists.lastChangeSequence()
    let second = try calendar.putTodo(
      inList: list.id, named: "u1.ics", todo: todo,
      ical: vtodo("u1", "Report", extra: "X-NEW:1"), ifMatch: first.etag
    ).entry
    #expect(second.revision > first.revision)
    #expect(second.etag != first.etag)
    #expect(second.ical?.contains("X-NEW:1") == true)
    #expect(try home.kinds(list.id, after: sequence) == [.itemUpdated])
    #expect(try home.alice.checklists.checklist(id: list.id).revision == second.revision)

    // A real change is one item change too, with the field applied.
    let third = try calendar.putTodo(
      inList: list.id, named: "u1.ics",
      todo: CalendarTodo(uid: "u1", text: "Report", isChecked: true), ical: vtodo("u1", "Report")
    )
    .entry
    #expect(third.item?.isChecked == true)
    #expect(try home.kinds(list.id, after: sequence) == [.itemUpdated, .itemUpdated])
  }

  @Test(
    "If-Match and If-None-Match are preconditions: a stale ETag or an existing name is refused",
    arguments: StoreKind.allCases)
  func preconditions(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Work")
    let calendar = home.alice.calendar
    let todo = CalendarTodo(uid: "u1", text: "Report")
    let entry = try calendar.putTodo(
      inList: list.id, named: "u1.ics", todo: todo, ical: vtodo("u1", "Report")
    ).entry
    let exists = #expect(throws: ChecklistsError.self) {
      try calendar.putTodo(
        inList: list.id, named: "u1.ics", todo: todo, ical: "", ifNoneMatch: true)
    }
    #expect(exists?.code == .stale)
    #expect(exists?.message.contains("already exists") == true)
    let stale = #expect(throws: ChecklistsError.self) {
      try calendar.putTodo(
        inList: list.id, named: "u1.ics", todo: todo, ical: "", ifMatch: "\"999\"")
    }
    #expect(stale?.code == .stale)
    let missing = #expect(throws: ChecklistsError.self) {
      try calendar.putTodo(
        inList: list.id, named: "nope.ics", todo: CalendarTodo(uid: "n", text: "N"), ical: "",
        ifMatch: "*")
    }
    #expect(missing?.code == .stale)
    let wrongDelete = #expect(throws: ChecklistsError.self) {
      try calendar.deleteObject(inList: list.id, named: "u1.ics", ifMatch: "1")
    }
    #expect(wrongDelete?.code == .stale)
    // With the right ETag (quoted as a header has it) the PUT goes through.
    _ = try calendar.putTodo(
      inList: list.id, named: "u1.ics", todo: todo, ical: "", ifMatch: "\"\(entry.etag)\"")
    #expect(try calendar.objects(inList: list.id).count == 1)
  }

  @Test(
    "A UID another object has is a no-uid-conflict naming it; a deleted object's UID is free",
    arguments: StoreKind.allCases)
  func uidConflict(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Work")
    let calendar = home.alice.calendar
    _ = try calendar.putTodo(
      inList: list.id, named: "a.ics", todo: CalendarTodo(uid: "same", text: "A"), ical: "A")
    let conflict = #expect(throws: CalendarUIDConflictError.self) {
      try calendar.putTodo(
        inList: list.id, named: "b.ics", todo: CalendarTodo(uid: "same", text: "B"), ical: "B")
    }
    #expect(conflict?.existingName == "a.ics")
    // The UID of an item made elsewhere is its id.
    let web = try home.alice.checklists.addItem("Web", to: list.id)
    let webUID = web.id.uuidString.lowercased()
    let implicit = #expect(throws: CalendarUIDConflictError.self) {
      try calendar.putTodo(
        inList: list.id, named: "c.ics", todo: CalendarTodo(uid: webUID, text: "C"), ical: "C")
    }
    #expect(implicit?.existingName == "\(webUID).ics")
    #expect(
      try calendar.objects(inList: list.id).map(\.name).sorted() == ["\(webUID).ics", "a.ics"].sorted())

    try calendar.deleteObject(inList: list.id, named: "a.ics")
    let again = try calendar.putTodo(
      inList: list.id, named: "b.ics", todo: CalendarTodo(uid: "same", text: "B"), ical: "B")
    #expect(again.created)
    #expect(
      try calendar.objects(inList: list.id).map(\.name).sorted() == ["\(webUID).ics", "b.ics"].sorted())
  }

  @Test(
    "RELATED-TO names the parent by UID, whether PUT or made elsewhere",
    arguments: StoreKind.allCases)
  func parentByUID(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Trip")
    let calendar = home.alice.calendar
    let parent = try calendar.putTodo(
      inList: list.id, named: "p.ics", todo: CalendarTodo(uid: "parent", text: "Pack"), ical: "P"
    ).entry
    let child = try calendar.putTodo(
      inList: list.id, named: "c.ics",
      todo: CalendarTodo(uid: "child", text: "Socks", parentUID: "parent"), ical: "C"
    ).entry
    #expect(child.item?.parentID == parent.item?.id)
    #expect(child.parentUID == "parent")
    let web = try home.alice.checklists.addItem("Tickets", to: list.id)
    let webChild = try calendar.putTodo(
      inList: list.id, named: "w.ics",
      todo: CalendarTodo(uid: "w", text: "Print", parentUID: web.id.uuidString.lowercased()),
      ical: "W"
    ).entry
    #expect(webChild.item?.parentID == web.id)
    #expect(
      try calendar.objects(inList: list.id).map(\.parentUID)
        == [nil, "parent", nil, web.id.uuidString.lowercased()])
    // An unknown parent, or one that is itself a subtask, leaves the item at the top level.
    let orphan = try calendar.putTodo(
      inList: list.id, named: "o.ics",
      todo: CalendarTodo(uid: "o", text: "Orphan", parentUID: "nobody"), ical: "O"
    ).entry
    #expect(orphan.item?.parentID == nil)
    let deep = try calendar.putTodo(
      inList: list.id, named: "d.ics",
      todo: CalendarTodo(uid: "d", text: "Deep", parentUID: "child"), ical: "D"
    ).entry
    #expect(deep.item?.parentID == nil)
    // Moving the child to the top level.
    let moved = try calendar.putTodo(
      inList: list.id, named: "c.ics", todo: CalendarTodo(uid: "child", text: "Socks"), ical: "C"
    ).entry
    #expect(moved.item?.parentID == nil)
  }

  @Test(
    "A viewer writes nothing; a checker only completes; an editor changes items",
    arguments: StoreKind.allCases)
  func roles(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Groceries")
    let milk = try home.alice.calendar.putTodo(
      inList: list.id, named: "milk.ics", todo: CalendarTodo(uid: "milk", text: "Milk"),
      ical: "M"
    ).entry
    let bob = home.bob.calendar
    #expect(throws: ChecklistsError.self) { try bob.objects(inList: list.id) }

    try home.share(list.id, role: .viewer)
    #expect(try bob.objects(inList: list.id).map(\.name) == ["milk.ics"])
    #expect(try bob.collections().first { $0.id == list.id }?.access == .read)
    let viewer = #expect(throws: ChecklistsError.self) {
      try bob.putTodo(
        inList: list.id, named: "milk.ics",
        todo: CalendarTodo(uid: "milk", text: "Milk", isChecked: true), ical: "M")
    }
    #expect(viewer?.code == .forbidden)
    #expect(
      viewer?.message
        == "'Groceries' is shared with you as viewer: you cannot check items off on it.")
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.deleteObject(inList: list.id, named: "milk.ics")
      })?.code == .forbidden)

    try home.share(list.id, role: .checker)
    // Due at a fraction of a second (as the web app may set it); iCalendar sends whole seconds.
    let fraction = Date(timeIntervalSinceReferenceDate: 820_000_000.25)
    let due = try home.alice.checklists.addItem("Bread", to: list.id, dueDate: fraction)
    let dueID = due.id.uuidString.lowercased()
    let bread = try bob.putTodo(
      inList: list.id, named: "\(dueID).ics",
      todo: CalendarTodo(
        uid: dueID, text: "Bread", isChecked: true,
        dueDate: Date(timeIntervalSinceReferenceDate: 820_000_000)),
      ical: "B"
    ).entry
    #expect(bread.item?.isChecked == true)
    #expect(bread.item?.dueDate == fraction)
    _ = try home.alice.checklists.deleteItem(id: due.id)
    let checked = try bob.putTodo(
      inList: list.id, named: "milk.ics",
      todo: CalendarTodo(uid: "milk", text: "Milk", isChecked: true), ical: "M2"
    ).entry
    #expect(checked.item?.isChecked == true)
    let rename = #expect(throws: ChecklistsError.self) {
      try bob.putTodo(
        inList: list.id, named: "milk.ics",
        todo: CalendarTodo(uid: "milk", text: "Oat milk", isChecked: true), ical: "M3")
    }
    #expect(rename?.code == .forbidden)
    #expect(
      rename?.message == "'Groceries' is shared with you as checker: you cannot change items on it."
    )
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.putTodo(
          inList: list.id, named: "new.ics", todo: CalendarTodo(uid: "new", text: "Eggs"), ical: "")
      })?.code == .forbidden)
    #expect(try home.alice.checklists.item(id: milk.item!.id).text == "Milk")
    // The refused PUT stored nothing: the text is the checker's last accepted one.
    #expect(try bob.object(inList: list.id, named: "milk.ics")?.ical == "M2")

    try home.share(list.id, role: .editor)
    let edited = try bob.putTodo(
      inList: list.id, named: "milk.ics", todo: CalendarTodo(uid: "milk", text: "Oat milk"),
      ical: "M4"
    ).entry
    #expect(edited.item?.text == "Oat milk")
    _ = try bob.putTodo(
      inList: list.id, named: "eggs.ics", todo: CalendarTodo(uid: "eggs", text: "Eggs"), ical: "")
    try bob.deleteObject(inList: list.id, named: "milk.ics")
    #expect(try home.alice.checklists.checklistWithItems(id: list.id).1.map(\.text) == ["Eggs"])
    // Only the owner renames or deletes the collection.
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.updateCollection(listID: list.id, name: "Mine")
      })?.code == .forbidden)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.deleteCollection(listID: list.id)
      })?.code == .forbidden)
  }

  @Test(
    "Bad fields are refused with the rule they break, and nothing is stored",
    arguments: StoreKind.allCases)
  func invalidInput(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Work")
    let calendar = home.alice.calendar
    let empty = #expect(throws: ChecklistsError.self) {
      try calendar.putTodo(
        inList: list.id, named: "e.ics", todo: CalendarTodo(uid: "e", text: "  "), ical: "")
    }
    #expect(empty?.code == .invalidInput)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try calendar.putTodo(
          inList: list.id, named: "e.ics", todo: CalendarTodo(uid: "", text: "Ok"), ical: "")
      })?.code == .invalidInput)
    #expect(try home.count("calendar_objects") == 0)
    #expect(try calendar.objects(inList: list.id).isEmpty)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try calendar.putTodo(
          inList: UUID(), named: "e.ics", todo: CalendarTodo(uid: "e", text: "Ok"), ical: "")
      })?.code == .notFound)
  }
}
