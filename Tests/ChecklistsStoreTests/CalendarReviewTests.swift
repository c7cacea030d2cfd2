import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// What the CalDAV review found that changed what a client's data becomes, kept fixed on every
/// engine: preconditions on a collection's DELETE, a checker's completion-only writes, paged
/// initial syncs and ids that cannot be used.
@Suite("Calendar store: preconditions, a checker's limits, paged initial syncs, ids held")
struct CalendarReviewTests {
  @Test(
    "A collection DELETE with a stale If-Match or If-None-Match deletes nothing",
    arguments: StoreKind.allCases)
  func deletePreconditions(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Keep me")
    _ = try home.alice.checklists.addItem("Milk", to: list.id)
    let calendar = home.alice.calendar
    let etag = try calendar.collection(listID: list.id).etag
    #expect(etag == String(try calendar.syncToken(inList: list.id)))
    for (ifMatch, ifNoneMatch) in [
      (["stale"], nil), ([], nil), (nil, ["*"]), (nil, [etag]), (["*"], ["*"]),
    ] as [([String]?, [String]?)] {
      let error = #expect(throws: ChecklistsError.self) {
        try calendar.deleteCollection(listID: list.id, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch)
      }
      #expect(error?.code == .stale, "\(ifMatch ?? []) \(ifNoneMatch ?? [])")
    }
    #expect(try home.alice.checklists.checklistWithItems(id: list.id).1.map(\.text) == ["Milk"])
    // A change moves the ETag: the old one no longer matches.
    _ = try home.alice.checklists.addItem("Eggs", to: list.id)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try calendar.deleteCollection(listID: list.id, ifMatch: [etag])
      })?.code == .stale)
    let now = try calendar.collection(listID: list.id).etag
    try calendar.deleteCollection(listID: list.id, ifMatch: ["other", now], ifNoneMatch: ["old"])
    #expect(try home.alice.checklists.checklists().contains { $0.id == list.id } == false)
  }

  @Test(
    "A checker's PUT that changes more than completion is refused, whatever the item models",
    arguments: StoreKind.allCases)
  func checkerCompletesOnly(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Chores")
    _ = try home.alice.calendar.putTodo(
      inList: list.id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "Dishes"), ical: "A")
    try home.share(list.id, role: .checker)
    let bob = home.bob.calendar
    let refused = #expect(throws: ChecklistsError.self) {
      try bob.putTodo(
        inList: list.id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "Dishes"),
        ical: "A with CATEGORIES", changesMoreThanCompletion: { _ in true })
    }
    #expect(refused?.code == .forbidden)
    #expect(
      refused?.message == "'Chores' is shared with you as checker: you cannot change items on it.")
    #expect(try bob.object(inList: list.id, named: "a.ics")?.ical == "A")
    // The server is asked about the object as it is now.
    var asked: [String?] = []
    let done = try bob.putTodo(
      inList: list.id, named: "a.ics",
      todo: CalendarTodo(uid: "a", text: "Dishes", isChecked: true), ical: "A done",
      changesMoreThanCompletion: { entry in
        asked.append(entry.ical)
        return false
      }
    ).entry
    #expect(asked == ["A"])
    #expect(done.item?.isChecked == true)
    // An editor may change anything: the question is not even asked.
    try home.share(list.id, role: .editor)
    _ = try bob.putTodo(
      inList: list.id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "Dishes"),
      ical: "A with CATEGORIES",
      changesMoreThanCompletion: { _ in
        Issue.record("asked of an editor")
        return true
      })
    #expect(try bob.object(inList: list.id, named: "a.ics")?.ical == "A with CATEGORIES")

    // A shopping line likewise: a checker puts it in the cart, nothing more.
    let shopping = try home.alice.shopping.createList(named: "Weekly")
    _ = try home.alice.calendar.putShoppingLine(
      inList: shopping.id, named: "eggs.ics", line: CalendarShoppingLine(uid: "eggs", name: "Eggs"),
      ical: "E")
    try home.share(shopping.id, role: .checker)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.putShoppingLine(
          inList: shopping.id, named: "eggs.ics",
          line: CalendarShoppingLine(uid: "eggs", name: "Eggs", isInCart: true),
          ical: "E with X-NOTE", changesMoreThanCompletion: { _ in true })
      })?.code == .forbidden)
    let inCart = try bob.putShoppingLine(
      inList: shopping.id, named: "eggs.ics",
      line: CalendarShoppingLine(uid: "eggs", name: "Eggs", isInCart: true), ical: "E2",
      changesMoreThanCompletion: { _ in false }
    ).entry
    #expect(inCart.line?.entry.isInCart == true)
  }

  @Test(
    "An initial sync honours the limit; going on gets the rest once; changes meanwhile follow",
    arguments: StoreKind.allCases)
  func pagedInitialSync(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let lists = home.alice.checklists
    let list = try lists.createList(named: "Many")
    let calendar = home.alice.calendar
    var items: [ChecklistItem] = []
    for index in 0..<7 { items.append(try lists.addItem("Item \(index)", to: list.id)) }

    let first = try calendar.changes(inList: list.id, since: 0, limit: 3)
    #expect(first.truncated)
    #expect(first.changed.count == 3)
    let resume = try #require(first.resumeAfter)
    var seen = first.changed.map(\.itemID)
    // Between pages: one sent item changes, one not yet sent is deleted, one is added.
    let sentChanged = try #require(items.first { $0.id == seen[0] })
    _ = try lists.updateItem(id: sentChanged.id, ItemChanges(text: "Changed meanwhile"))
    let unsent = try #require(items.first { !seen.contains($0.id) })
    _ = try lists.deleteItem(id: unsent.id)
    let added = try lists.addItem("Added meanwhile", to: list.id)

    var token = first.token
    var after: UUID? = resume
    var pages = 1
    while let position = after, pages < 10 {
      let page = try calendar.changes(inList: list.id, since: token, after: position, limit: 3)
      #expect(page.changed.count <= 3)
      #expect(page.deleted.isEmpty)
      #expect(page.token == first.token)
      seen += page.changed.map(\.itemID)
      token = page.token
      after = page.resumeAfter
      #expect(page.truncated == (page.resumeAfter != nil))
      pages += 1
    }
    #expect(after == nil)
    // Every object once, in item id order from the second page on.
    #expect(Set(seen).count == seen.count)
    let live = Set(try lists.checklistWithItems(id: list.id).1.map(\.id))
    #expect(Set(seen).isSubset(of: live))
    #expect(!seen.contains(unsent.id))

    // The token of the last page is the first page's: what changed since is reported next.
    let next = try calendar.changes(inList: list.id, since: token, limit: 100)
    #expect(!next.truncated)
    let changedNames = Set(next.changed.map(\.itemID))
    #expect(changedNames.contains(sentChanged.id))
    #expect(changedNames.contains(added.id))
    #expect(Set(seen).union(changedNames) == live)
    #expect(next.deleted == [unsent.id.uuidString.lowercased() + ".ics"])
    #expect(next.token == (try calendar.syncToken(inList: list.id)))

    // A limit the list fits in gives one page, in the list's order, as before.
    let whole = try calendar.changes(inList: list.id, since: 0, limit: 100)
    #expect(!whole.truncated && whole.resumeAfter == nil)
    #expect(
      whole.changed.map(\.itemID)
        == (try lists.checklistWithItems(id: list.id).1.groupedBySubtasks().map(\.id)))
  }

  @Test(
    "MKCALENDAR at an id another user holds fails exactly as at an id used before",
    arguments: StoreKind.allCases)
  func heldIDs(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let bobs = try home.bob.checklists.createList(named: "Bob's secret")
    let bobsShopping = try home.bob.shopping.createList(named: "Bob's shop")
    let gone = try home.alice.checklists.createList(named: "Gone")
    _ = try home.alice.checklists.deleteList(id: gone.id)
    let bobsGone = try home.bob.checklists.createList(named: "Bob's gone")
    _ = try home.bob.checklists.deleteList(id: bobsGone.id)
    let calendar = home.alice.calendar
    for id in [bobs.id, bobsShopping.id, gone.id, bobsGone.id] {
      let error = #expect(throws: CalendarIDUnavailableError.self) {
        try calendar.createCollection(id: id, name: "Mine")
      }
      #expect(
        error?.description
          == "The id \(id.uuidString.lowercased()) cannot be used for a new calendar; make it at "
          + "another URL (a new id, or a name).")
    }
    #expect(try home.alice.checklists.checklists().contains { $0.name == "Mine" } == false)
    #expect(try home.bob.checklists.checklist(id: bobs.id).name == "Bob's secret")
    let free = UUID()
    #expect(try calendar.createCollection(id: free, name: "Mine").id == free)
  }
}
