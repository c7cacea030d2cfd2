import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV collections: every list, own and shared, with colour, order and dead properties")
struct CalendarCollectionsTests {
  @Test(
    "Collections are the checklists and shopping lists the user sees, with their access",
    arguments: StoreKind.allCases)
  func collections(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let groceries = try home.alice.checklists.createList(named: "Groceries")
    let party = try home.alice.shopping.createList(named: "Party")
    try home.share(groceries.id, role: .checker)
    try home.share(party.id, role: .editor)
    let alice = try home.alice.calendar.collections()
    #expect(alice.map(\.name) == ["Groceries", "Party", "Shopping List"])
    #expect(alice.map(\.kind) == [.checklist, .shoppingList, .shoppingList])
    #expect(alice.allSatisfy { $0.access == .own && $0.sharedFrom == nil })
    let bob = try home.bob.calendar.collections()
    let shared = bob.filter { $0.sharedFrom != nil }
    #expect(shared.map(\.name) == ["Groceries", "Party"])
    #expect(shared.map(\.access) == [.check, .edit])
    #expect(shared.allSatisfy { $0.sharedFrom?.ownerName == "alice" })
  }

  @Test(
    "MKCALENDAR makes a checklist with its properties; PROPPATCH sets and removes them",
    arguments: StoreKind.allCases)
  func properties(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let calendar = home.alice.calendar
    let id = UUID()
    let made = try calendar.createCollection(
      id: id, name: "Chores", color: "#00FF00FF", order: 3,
      dead: [
        "{http://example.com/ns/}thing": "<x:thing xmlns:x=\"http://example.com/ns/\">1</x:thing>"
      ])
    #expect(made.id == id)
    #expect(made.kind == .checklist)
    #expect(try home.alice.checklists.checklist(id: id).name == "Chores")
    #expect(made.properties.color == "#00FF00FF")
    #expect(made.properties.order == 3)
    #expect(made.properties.deadProperties.count == 1)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try calendar.createCollection(name: "chores")
      })?.code == .conflict)
    // An id held (here by the user's own list) cannot be used, with one error whatever holds it.
    #expect(
      (#expect(throws: CalendarIDUnavailableError.self) {
        try calendar.createCollection(id: id, name: "Other")
      })?.id == id)

    let changed = try calendar.updateCollection(
      listID: id, name: "House chores", color: .some(nil), order: 5,
      dead: ["{http://example.com/ns/}thing": nil, "{http://example.com/ns/}other": "<o/>"])
    #expect(changed.name == "House chores")
    #expect(changed.properties.color == nil)
    #expect(changed.properties.order == 5)
    #expect(changed.properties.deadProperties == ["{http://example.com/ns/}other": "<o/>"])
    #expect(try calendar.collection(listID: id) == changed)

    // A shopping list's properties and name too.
    let shopping = try home.alice.shopping.createList(named: "Weekly")
    let renamed = try calendar.updateCollection(
      listID: shopping.id, name: "Weekly shop", color: "#123456")
    #expect(renamed.kind == .shoppingList)
    #expect(try home.alice.shopping.list(id: shopping.id).name == "Weekly shop")
    #expect(renamed.properties.color == "#123456")

    // Deleting the list, by any route, takes its CalDAV rows with it.
    _ = try calendar.putTodo(
      inList: id, named: "a.ics", todo: CalendarTodo(uid: "a", text: "A"), ical: "")
    try calendar.deleteCollection(listID: id)
    _ = try home.alice.shopping.deleteList(id: shopping.id)
    #expect(try home.count("calendar_objects") == 0)
    #expect(try home.count("calendar_collections") == 0)
    #expect(
      (#expect(throws: ChecklistsError.self) { try calendar.collection(listID: id) })?.code
        == .notFound)
  }
}
