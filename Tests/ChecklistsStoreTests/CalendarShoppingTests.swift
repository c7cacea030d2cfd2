import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV objects of shopping lists: each line a VTODO")
struct CalendarShoppingTests {
  @Test(
    "A PUT of a new name adds the item to the catalogue and the list, with its details",
    arguments: StoreKind.allCases)
  func newLine(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.shopping.createList(named: "Weekly")
    let calendar = home.alice.calendar
    let sequence = try home.alice.checklists.lastChangeSequence()
    let (created, entry) = try calendar.putShoppingLine(
      inList: list.id, named: "oat.ics",
      line: CalendarShoppingLine(
        uid: "oat", name: "Oat milk", quantity: 2, unit: "1 l",
        price: Price(minorUnits: 199, currency: .euro), category: "Dairy", isInCart: true),
      ical: "O", ifNoneMatch: true)
    #expect(created)
    let line = try #require(entry.line)
    #expect(line.item.name == "Oat milk")
    #expect(line.item.unit == "1 l")
    #expect(line.item.category == "Dairy")
    #expect(line.item.price == Price(minorUnits: 199, currency: .euro))
    #expect(line.entry.quantity == 2)
    #expect(line.entry.isInCart)
    #expect(entry.etag == "\(line.entry.revision)-\(line.item.revision)")
    #expect(
      try home.alice.shopping.contents(ofList: list.id).lines.map(\.item.name) == ["Oat milk"])
    let kinds = try home.alice.checklists.changes(after: sequence).map(\.kind)
    #expect(kinds.contains(.catalogueItemAdded))
    #expect(kinds.contains(.entryAdded))

    // An item the catalogue has is reused, not made twice.
    let bread = try home.alice.shopping.addItem(named: "Bread")
    let second = try calendar.putShoppingLine(
      inList: list.id, named: "bread.ics", line: CalendarShoppingLine(uid: "bread", name: "bread"),
      ical: "B"
    ).entry
    #expect(second.line?.item.id == bread.id)
    // A second object for a line the list has is refused.
    let twice = #expect(throws: ChecklistsError.self) {
      try calendar.putShoppingLine(
        inList: list.id, named: "bread2.ics", line: CalendarShoppingLine(uid: "b2", name: "Bread"),
        ical: "B")
    }
    #expect(twice?.code == .conflict)
    #expect(twice?.message.contains("bread.ics") == true)
  }

  @Test(
    "Lines put on in the web app are {itemID}.ics; a PUT updates quantity, cart and catalogue",
    arguments: StoreKind.allCases)
  func existingLine(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.shopping.createList(named: "Weekly")
    let (milk, _, _) = try home.alice.shopping.put(named: "Milk", onList: list.id)
    let calendar = home.alice.calendar
    let name = "\(milk.id.uuidString.lowercased()).ics"
    let entry = try #require(try calendar.object(inList: list.id, named: name))
    #expect(entry.uid == milk.id.uuidString.lowercased())
    let put = try calendar.putShoppingLine(
      inList: list.id, named: name,
      line: CalendarShoppingLine(
        uid: entry.uid, name: "Milk", quantity: 3, category: "Fridge", isInCart: true),
      ical: "M", ifMatch: entry.etag
    ).entry
    #expect(!(put.etag == entry.etag))
    #expect(put.line?.entry.quantity == 3)
    #expect(put.line?.entry.isInCart == true)
    #expect(try home.alice.shopping.item(id: milk.id).category == "Fridge")
    // Only the text changed: still a new revision, logged as an entry change.
    let sequence = try home.alice.checklists.lastChangeSequence()
    let again = try calendar.putShoppingLine(
      inList: list.id, named: name,
      line: CalendarShoppingLine(
        uid: entry.uid, name: "Milk", quantity: 3, category: "Fridge", isInCart: true),
      ical: "M2"
    ).entry
    #expect(again.revision > put.revision)
    #expect(try home.kinds(list.id, after: sequence) == [.entryUpdated])
    // Renaming the catalogue item changes the line's ETag and shows in a sync.
    let token = try calendar.syncToken(inList: list.id)
    _ = try home.alice.shopping.updateItem(id: milk.id, name: "Whole milk")
    let renamed = try #require(try calendar.object(inList: list.id, named: name))
    #expect(renamed.etag != again.etag)
    let changes = try calendar.changes(inList: list.id, since: token)
    #expect(changes.changed.map(\.name) == [name])
    // Taken off in the web app: reported deleted.
    try home.alice.shopping.removeEntry(itemID: milk.id, fromList: list.id)
    #expect(try calendar.changes(inList: list.id, since: token).deleted == [name])
  }

  @Test(
    "A checker only puts lines in the cart; a shared editor cannot change the owner's catalogue",
    arguments: StoreKind.allCases)
  func roles(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.shopping.createList(named: "Weekly")
    let eggs = try home.alice.calendar.putShoppingLine(
      inList: list.id, named: "eggs.ics", line: CalendarShoppingLine(uid: "eggs", name: "Eggs"),
      ical: "E"
    ).entry
    let bob = home.bob.calendar
    try home.share(list.id, role: .checker)
    let inCart = try bob.putShoppingLine(
      inList: list.id, named: "eggs.ics",
      line: CalendarShoppingLine(uid: "eggs", name: "Eggs", isInCart: true), ical: "E2"
    ).entry
    #expect(inCart.line?.entry.isInCart == true)
    let quantity = #expect(throws: ChecklistsError.self) {
      try bob.putShoppingLine(
        inList: list.id, named: "eggs.ics",
        line: CalendarShoppingLine(uid: "eggs", name: "Eggs", quantity: 12, isInCart: true),
        ical: "E3")
    }
    #expect(quantity?.code == .forbidden)
    #expect(
      quantity?.message == "'Weekly' is shared with you as checker: you cannot change items on it.")
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.putShoppingLine(
          inList: list.id, named: "eggs.ics",
          line: CalendarShoppingLine(uid: "eggs", name: "Free-range eggs", isInCart: true), ical: ""
        )
      })?.code == .forbidden)

    try home.share(list.id, role: .editor)
    let more = try bob.putShoppingLine(
      inList: list.id, named: "eggs.ics",
      line: CalendarShoppingLine(uid: "eggs", name: "Eggs", quantity: 12), ical: "E4"
    ).entry
    #expect(more.line?.entry.quantity == 12)
    let catalogue = #expect(throws: ChecklistsError.self) {
      try bob.putShoppingLine(
        inList: list.id, named: "eggs.ics",
        line: CalendarShoppingLine(uid: "eggs", name: "Eggs", quantity: 12, category: "Bakery"),
        ical: "")
    }
    #expect(catalogue?.code == .forbidden)
    #expect(catalogue?.message.contains("catalogue of the owner") == true)
    #expect(
      eggs.line?.item.category == (try home.alice.shopping.item(id: eggs.line!.item.id).category))
  }

  @Test(
    "One transaction: a PUT refused halfway leaves no catalogue item, line, row or log entry",
    arguments: StoreKind.allCases)
  func oneTransaction(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.shopping.createList(named: "Weekly")
    try home.share(list.id, role: .editor)
    let sequence = try home.alice.checklists.lastChangeSequence()
    let items = try home.alice.shopping.catalogue().count
    // Bob's new line makes the item in alice's catalogue and puts it on, then its category is
    // refused (the catalogue is alice's): all of it is rolled back.
    let refused = #expect(throws: ChecklistsError.self) {
      try home.bob.calendar.putShoppingLine(
        inList: list.id, named: "saffron.ics",
        line: CalendarShoppingLine(uid: "saffron", name: "Saffron", category: "Garden tools"),
        ical: "S")
    }
    #expect(refused?.code == .forbidden)
    #expect(try home.alice.shopping.catalogue().count == items)
    #expect(try home.alice.shopping.contents(ofList: list.id).lines.isEmpty)
    #expect(try home.count("calendar_objects") == 0)
    #expect(try home.alice.checklists.lastChangeSequence() == sequence)
  }

  @Test(
    "A CalDAV DELETE takes the line off the list; the item stays in the catalogue",
    arguments: StoreKind.allCases)
  func delete(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.shopping.createList(named: "Weekly")
    let calendar = home.alice.calendar
    let entry = try calendar.putShoppingLine(
      inList: list.id, named: "tea.ics", line: CalendarShoppingLine(uid: "tea", name: "Tea"),
      ical: "T"
    ).entry
    let token = try calendar.syncToken(inList: list.id)
    try calendar.deleteObject(inList: list.id, named: "tea.ics", ifMatch: entry.etag)
    #expect(try calendar.objects(inList: list.id).isEmpty)
    #expect(try home.alice.shopping.catalogue().map(\.name).contains("Tea"))
    #expect(try calendar.changes(inList: list.id, since: token).deleted == ["tea.ics"])
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try calendar.deleteObject(inList: list.id, named: "tea.ics")
      })?.code == .notFound)
  }
}
