import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

@Suite("Templates: save a list, start new lists from it")
struct TemplateTests {
  /// 09:30 UTC on Monday 30 November 2026, fixed.
  static let monday = Date(timeIntervalSince1970: 1_796_031_000)
  static let utc = TimeZone(identifier: "UTC")!

  struct Setup {
    let store: SQLChecklistStore
    let lists: ChecklistService
    let templates: TemplateService
    let packing: Checklist

    init(_ kind: StoreKind) throws {
      store = try kind.makeSQLStore()
      lists = try ChecklistService.openLocal(store: store, now: { TemplateTests.monday })
      templates = TemplateService(store: store, user: lists.owner, now: { TemplateTests.monday })
      packing = try lists.createList(named: "Packing list", icon: .trips)
      // Due 18:00 today and 08:00 the day after, as saved.
      try lists.addItem(
        "Passport", to: packing.id, dueDate: Self.at(hour: 18), shouldRemind: true,
        isChecked: true)
      try lists.addItem("Taxi", to: packing.id, dueDate: Self.at(hour: 32))
      try lists.addItem("Toothbrush", to: packing.id)
    }

    static func at(hour: Double, day: Double = 0) -> Date {
      // Midnight UTC of that Monday.
      Date(timeIntervalSince1970: 1_795_996_800).addingTimeInterval((day * 24 + hour) * 3600)
    }
  }

  @Test(
    "Starting a template makes a list with its items unchecked and due dates moved",
    arguments: StoreKind.allCases)
  func saveAndStart(kind: StoreKind) throws {
    let setup = try Setup(kind)
    let (template, isNew) = try setup.templates.saveTemplate(
      fromList: setup.packing.id, name: "Trip", timeZone: Self.utc)
    #expect(isNew)
    #expect(template.name == "Trip" && template.icon == .trips)
    #expect(template.items.map(\.text) == ["Passport", "Taxi", "Toothbrush"])
    #expect(template.items.map(\.dueOffset) == [18 * 3600, 32 * 3600, nil])
    #expect(try setup.templates.templates().map(\.id) == [template.id])
    // A template is no list: All Lists does not show it.
    #expect(try setup.lists.checklists().map(\.name).contains("Trip") == false)

    let friday = Setup.at(hour: 12, day: 4)
    let started = try setup.templates.startList(
      fromTemplate: template.id, on: friday, timeZone: Self.utc)
    #expect(started.isNew)
    #expect(started.list.name == "Trip" && started.list.icon == .trips)
    #expect(started.list.itemCount == 3 && started.list.remainingCount == 3)
    let items = try setup.lists.checklistWithItems(id: started.list.id).1
    #expect(items.map(\.text) == ["Passport", "Taxi", "Toothbrush"])
    #expect(items.allSatisfy { !$0.isChecked })
    #expect(
      items.map(\.dueDate) == [Setup.at(hour: 18, day: 4), Setup.at(hour: 32, day: 4), nil])
    #expect(items.map(\.shouldRemind) == [true, false, false])

    // The default name is numbered once taken; a name given that is taken is refused.
    let again = try setup.templates.startList(fromTemplate: template.id, timeZone: Self.utc)
    #expect(again.list.name == "Trip 2")
    #expect(again.items.map(\.dueDate) == [Setup.at(hour: 18), Setup.at(hour: 32), nil])
    let taken = #expect(throws: ChecklistsError.self) {
      try setup.templates.startList(fromTemplate: template.id, name: "packing LIST")
    }
    #expect(taken?.code == .conflict)
  }

  @Test(
    "Saving and starting with a client's id are safe to send twice", arguments: StoreKind.allCases)
  func replays(kind: StoreKind) throws {
    let setup = try Setup(kind)
    let id = UUID()
    let first = try setup.templates.saveTemplate(fromList: setup.packing.id, id: id)
    let second = try setup.templates.saveTemplate(fromList: setup.packing.id, id: id)
    #expect(first.isNew && !second.isNew && second.template == first.template)
    #expect(try setup.templates.templates().count == 1)

    let listID = UUID()
    let started = try setup.templates.startList(fromTemplate: id, name: "Away", listID: listID)
    let replayed = try setup.templates.startList(fromTemplate: id, name: "Away", listID: listID)
    #expect(started.isNew && !replayed.isNew)
    #expect(replayed.list.id == listID && replayed.items.map(\.id) == started.items.map(\.id))
    #expect(try setup.lists.checklists().filter { $0.name == "Away" }.count == 1)
    let other = #expect(throws: ChecklistsError.self) {
      try setup.templates.startList(fromTemplate: id, name: "Elsewhere", listID: listID)
    }
    #expect(other?.code == .conflict)
  }

  @Test("Templates are private and deleting one leaves its lists", arguments: StoreKind.allCases)
  func privacyAndDeletion(kind: StoreKind) throws {
    let setup = try Setup(kind)
    let template = try setup.templates.saveTemplate(fromList: setup.packing.id).template
    let started = try setup.templates.startList(fromTemplate: template.id, name: "Away")

    let accounts = AccountService(store: setup.store, hasher: PasswordHasher(strength: .minimum))
    // The first account takes over the local user's lists (and templates); Bob is another.
    try accounts.addUser(named: "alice", password: "wonderland-42")
    let bob = try accounts.addUser(named: "bob", password: "builder-1234").user
    let bobs = TemplateService(store: setup.store, user: bob)
    #expect(try bobs.templates().isEmpty)
    for attempt in [
      { _ = try bobs.template(id: template.id) },
      { _ = try bobs.startList(fromTemplate: template.id) },
      { _ = try bobs.deleteTemplate(id: template.id) },
      { _ = try bobs.saveTemplate(fromList: setup.packing.id) },
    ] as [() throws -> Void] {
      #expect((#expect(throws: ChecklistsError.self) { try attempt() })?.code == .notFound)
    }

    try setup.templates.deleteTemplate(id: template.id)
    #expect(try setup.templates.templates().isEmpty)
    #expect(try setup.lists.checklist(id: started.list.id).itemCount == 3)
    let gone = #expect(throws: ChecklistsError.self) {
      try setup.templates.deleteTemplate(id: template.id)
    }
    #expect(gone?.code == .notFound)
  }

  @Test(
    "A repeat that names its days keeps them: started on a Saturday, every Monday is due Monday",
    arguments: StoreKind.allCases)
  func repeatsKeepTheirDays(kind: StoreKind) throws {
    let setup = try Setup(kind)
    let chores = try setup.lists.createList(named: "Chores", icon: .chores)
    // Saved on Monday 30 November: the bins every Monday at 19:00 (today), the recycling
    // every other Monday (next week), the rent on the last day of the month (today), the
    // plants on the 15th (15 December), a walk every day.
    func add(_ text: String, _ rrule: String, due: Date) throws {
      try setup.lists.addItem(
        text, to: chores.id, dueDate: due, shouldRemind: true,
        details: ItemDetails(recurrence: try RecurrenceRule(rrule: rrule)))
    }
    try add("Bins", "FREQ=WEEKLY;BYDAY=MO", due: Setup.at(hour: 19))
    try add("Recycling", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", due: Setup.at(hour: 20, day: 7))
    try add("Rent", "FREQ=MONTHLY;BYMONTHDAY=-1", due: Setup.at(hour: 9))
    try add("Plants", "FREQ=MONTHLY;BYMONTHDAY=15", due: Setup.at(hour: 8, day: 15))
    try add("Walk", "FREQ=DAILY", due: Setup.at(hour: 7))
    let template = try setup.templates.saveTemplate(fromList: chores.id, timeZone: Self.utc)
      .template

    // Started on Saturday 5 December.
    let saturday = Setup.at(hour: 10, day: 5)
    let started = try setup.templates.startList(
      fromTemplate: template.id, name: "Chores from Saturday", on: saturday, timeZone: Self.utc)
    let items = try setup.lists.checklistWithItems(id: started.list.id).1
    #expect(items.map(\.text) == ["Bins", "Recycling", "Rent", "Plants", "Walk"])
    #expect(
      items.map(\.dueDate) == [
        // Each the first of its days on or after the Saturday, at its time: Monday 7
        // December at 19:00 (not the Saturday), and at 20:00 for the recycling.
        Setup.at(hour: 19, day: 7),
        Setup.at(hour: 20, day: 7),
        // The last day of December.
        Setup.at(hour: 9, day: 31),
        // The 15th of December.
        Setup.at(hour: 8, day: 15),
        // A daily repeat names no day: moved with the list, to the Saturday.
        Setup.at(hour: 7, day: 5),
      ])
    // What the row says and when it is due agree.
    let bins = try #require(items.first)
    #expect(bins.recurrence?.description == "Every week on Monday")
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = Self.utc
    #expect(bins.dueDate.map { utc.component(.weekday, from: $0) } == 2)
    #expect(started.items.map(\.dueDate) == items.map(\.dueDate))
    #expect(items.map(\.shouldRemind) == Array(repeating: true, count: 5))
  }
}
