import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("Importing lists into a store")
struct ImportTests {
  static let due = Date(timeIntervalSinceReferenceDate: 788_918_400)

  static let file = [
    PortableChecklist(
      name: "Birthdays", icon: .birthdays,
      items: [
        PortableItem(text: "Buy a cake", dueDate: due, shouldRemind: true),
        PortableItem(text: "Send invitations", isChecked: true, dueDate: due),
      ]),
    PortableChecklist(name: "Cool Apps", icon: .folder, items: []),
    PortableChecklist(
      name: "Groceries", icon: .groceries,
      items: [
        PortableItem(text: "Milk"), PortableItem(text: "Milk", isChecked: true),
        PortableItem(text: "Eggs", isChecked: true),
      ]),
  ]

  @Test("Importing the same file twice duplicates nothing", arguments: StoreKind.allCases)
  func idempotent(kind: StoreKind) throws {
    let service = try kind.makeService()
    let first = try service.importChecklists(Self.file, mode: .merge)
    #expect(first.listsCreated == 3)
    #expect(first.itemsAdded == 5)
    let afterFirst = try service.exportChecklists()
    let second = try service.importChecklists(Self.file, mode: .merge)
    #expect(second.listsCreated == 0)
    #expect(second.listsUpdated == 3)
    #expect(second.itemsAdded == 0)
    #expect(second.itemsUnchanged == 5)
    #expect(
      second.summary(mode: .merge)
        == "Imported 3 lists: 0 created, 3 merged; items: 0 added, 0 updated, 5 unchanged.")
    #expect(try service.exportChecklists() == afterFirst)
    #expect(
      try service.checklists().map(\.name) == ["Birthdays", "Cool Apps", "Groceries", "List"])
  }

  @Test(
    "Import keeps order, checkmarks, due dates, reminders and icons", arguments: StoreKind.allCases)
  func keepsEverything(kind: StoreKind) throws {
    let service = try kind.makeService()
    try service.importChecklists(Self.file, mode: .merge)
    let exported = try service.exportChecklists().filter { $0.name != "List" }
    #expect(exported.map(\.name) == Self.file.map(\.name))
    #expect(exported.map(\.icon) == Self.file.map(\.icon))
    for (stored, original) in zip(exported, Self.file) {
      #expect(stored.items.map(\.text) == original.items.map(\.text))
      #expect(stored.items.map(\.isChecked) == original.items.map(\.isChecked))
      #expect(stored.items.map(\.dueDate) == original.items.map(\.dueDate))
      #expect(stored.items.map(\.shouldRemind) == original.items.map(\.shouldRemind))
    }
  }

  @Test(
    "Merging keeps a list's own items and takes the file's checkmarks",
    arguments: StoreKind.allCases)
  func merge(kind: StoreKind) throws {
    let service = try kind.makeService()
    let groceries = try service.createList(named: "groceries", icon: .folder)
    try service.addItem("Bread", to: groceries.id)
    try service.addItem("Milk", to: groceries.id, isChecked: true)
    let report = try service.importChecklists(Self.file, mode: .merge)
    #expect(report.listsUpdated == 1)
    #expect(report.itemsUpdated == 1)  // the first Milk loses its checkmark
    let (list, items) = try service.checklistWithItems(id: groceries.id)
    #expect(list.name == "groceries")
    #expect(list.icon == .groceries)
    #expect(items.map(\.text) == ["Bread", "Milk", "Milk", "Eggs"])
    #expect(items.map(\.isChecked) == [false, false, true, true])
  }

  @Test("Replace makes a list's items exactly the file's", arguments: StoreKind.allCases)
  func replace(kind: StoreKind) throws {
    let service = try kind.makeService()
    let groceries = try service.createList(named: "Groceries")
    try service.addItem("Bread", to: groceries.id)
    let report = try service.importChecklists(Self.file, mode: .replace)
    #expect(report.itemsRemoved == 1)
    let items = try service.checklistWithItems(id: groceries.id).1
    #expect(items.map(\.text) == ["Milk", "Milk", "Eggs"])
    #expect(try service.checklists().count == 4)
  }

  @Test("Two lists of one name in a file become one list", arguments: StoreKind.allCases)
  func duplicateNames(kind: StoreKind) throws {
    let service = try kind.makeService()
    let file = [
      PortableChecklist(name: "To Do", icon: .chores, items: [PortableItem(text: "A")]),
      PortableChecklist(name: "to do", icon: .chores, items: [PortableItem(text: "B")]),
    ]
    try service.importChecklists(file, mode: .merge)
    try service.importChecklists(file, mode: .merge)
    let list = try service.findList("to do")
    #expect(try service.checklistWithItems(id: list.id).1.map(\.text) == ["A", "B"])
  }

  @Test(
    "White-space-only items are skipped; a blank list name becomes Untitled",
    arguments: StoreKind.allCases)
  func badRecords(kind: StoreKind) throws {
    let service = try kind.makeService()
    let report = try service.importChecklists(
      [
        PortableChecklist(
          name: " Trips ", icon: .trips, items: [.init(text: "  "), .init(text: "Go")]),
        PortableChecklist(name: " \t", icon: .inbox, items: [.init(text: "Kept")]),
      ],
      mode: .merge)
    #expect(report.itemsSkipped == 1)
    #expect(try service.findList("Trips").itemCount == 1)
    #expect(try service.findList("Untitled").itemCount == 1)
  }

  @Test("A rule broken anywhere in the file stops the whole import", arguments: StoreKind.allCases)
  func badFileChangesNothing(kind: StoreKind) throws {
    let service = try kind.makeService()
    let long = PortableChecklist(
      name: "Long", icon: .folder, items: [.init(text: String(repeating: "x", count: 1_001))])
    let error = #expect(throws: ChecklistsError.self) {
      try service.importChecklists([Self.file[0], long], mode: .merge)
    }
    #expect(
      error?.message
        == "List 'Long', item 1: An item's text is 1001 characters long; the limit is 1000.")
    let farFuture = PortableChecklist(
      name: "Future", icon: .folder,
      items: [.init(text: "Far", dueDate: Date(timeIntervalSinceReferenceDate: 1e300))])
    let date = #expect(throws: ChecklistsError.self) {
      try service.importChecklists([Self.file[0], farFuture], mode: .merge)
    }
    #expect(date?.message == "List 'Future', item 1: A due date must be in the years 1 to 9999.")
    #expect(throws: ChecklistsError.self) { try service.findList("Birthdays") }
  }

  @Test("Remind Me never survives without a due date", arguments: StoreKind.allCases)
  func remindNeedsDate(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.checklists()[0]
    try service.addItem("Milk", to: list.id)
    try service.importChecklists(
      [
        PortableChecklist(
          name: "List", icon: .noIcon,
          items: [.init(text: "Milk", shouldRemind: true), .init(text: "Tea", shouldRemind: true)])
      ],
      mode: .merge)
    let items = try service.checklistWithItems(id: list.id).1
    #expect(items.map(\.shouldRemind) == [false, false])
    // And the item stays editable.
    #expect(
      try service.updateItem(id: items[0].id, ItemChanges(text: "Oat milk")).text == "Oat milk")
  }

  @Test(
    "The iPhone app's items without Remind Me bring no due date, and a merge keeps the item's own",
    arguments: StoreKind.allCases)
  func appDatesOnlyWithRemindMe(kind: StoreKind) throws {
    let service = try kind.makeService()
    let later = Self.due.addingTimeInterval(86_400)
    // As IOSChecklistsPlist reads the app's file: a date only where Remind Me is on.
    func appItem(_ text: String, checked: Bool = false, remind: Date? = nil) -> PortableItem {
      PortableItem(
        text: text, isChecked: checked, dueDate: remind, shouldRemind: remind != nil,
        dueDateIsKnown: remind != nil)
    }
    try service.importChecklists(
      [
        PortableChecklist(
          name: "Birthdays", icon: .birthdays,
          items: [appItem("Buy a cake", remind: Self.due), appItem("Send invitations")])
      ],
      mode: .merge)
    let birthdays = try service.findList("Birthdays")
    var items = try service.checklistWithItems(id: birthdays.id).1
    #expect(items.map(\.dueDate) == [Self.due, nil])
    #expect(items.map(\.shouldRemind) == [true, false])

    // The merge path: an item of ours due without a reminder, one with a reminder the app
    // turned off, one the app gives a reminder: only what the file says changes.
    let trip = try service.createList(named: "Trip")
    try service.addItem("Passport", to: trip.id, dueDate: Self.due)
    try service.addItem("Taxi", to: trip.id, dueDate: Self.due, shouldRemind: true)
    try service.addItem("Tickets", to: trip.id, dueDate: Self.due)
    try service.addItem("Socks", to: trip.id)
    let report = try service.importChecklists(
      [
        PortableChecklist(
          name: "Trip", icon: .trips,
          items: [
            appItem("Passport"), appItem("Taxi"), appItem("Tickets", remind: later),
            appItem("Socks"), appItem("Towel"),
          ])
      ],
      mode: .merge)
    items = try service.checklistWithItems(id: trip.id).1
    #expect(items.map(\.text) == ["Passport", "Taxi", "Tickets", "Socks", "Towel"])
    #expect(items.map(\.dueDate) == [Self.due, Self.due, later, nil, nil])
    #expect(items.map(\.shouldRemind) == [false, false, true, false, false])
    #expect(report.itemsUnchanged == 2 && report.itemsUpdated == 2 && report.itemsAdded == 1)
  }

  @Test("Lists of one name in a file are one list, with replace too", arguments: StoreKind.allCases)
  func duplicateNamesReplace(kind: StoreKind) throws {
    let service = try kind.makeService()
    let file = [
      PortableChecklist(name: "Shop", icon: .groceries, items: [.init(text: "a")]),
      PortableChecklist(name: "shop", icon: .trips, items: [.init(text: "b")]),
    ]
    try service.importChecklists(file, mode: .replace)
    let second = try service.importChecklists(file, mode: .replace)
    let list = try service.findList("Shop")
    #expect(list.icon == .groceries)
    #expect(try service.checklistWithItems(id: list.id).1.map(\.text) == ["a", "b"])
    #expect(second.listsUpdated == 1)
  }

  @Test("Ids from a backup are kept when free", arguments: StoreKind.allCases)
  func keepsIDs(kind: StoreKind) throws {
    let listID = UUID()
    let itemID = UUID()
    let file = [
      PortableChecklist(
        id: listID, name: "Photos", icon: .photos, items: [PortableItem(id: itemID, text: "Beach")])
    ]
    let service = try kind.makeService()
    try service.importChecklists(file, mode: .merge)
    #expect(try service.checklist(id: listID).name == "Photos")
    #expect(try service.item(id: itemID).text == "Beach")
    // Into another store that already uses those ids for other lists, fresh ids are given.
    let other = try kind.makeService()
    var renamed = file
    renamed[0].name = "Photos 2"
    try other.importChecklists(file, mode: .merge)
    try other.importChecklists(renamed, mode: .merge)
    #expect(try other.findList("Photos 2").id != listID)
  }
}
