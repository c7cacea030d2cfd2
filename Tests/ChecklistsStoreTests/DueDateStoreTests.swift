import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import ChecklistsTestSupport
import Foundation
import SQLDatabase
import Testing

@Suite("Due days and moments in the store: kept as set, Today and Overdue by the reader's day")
struct DueDateStoreTests {
  static let fifteenth = CivilDay(year: 2026, month: 12, day: 15)
  static let berlinSix = Date(timeIntervalSince1970: 1_797_354_000)  // 2026-12-15T17:00:00Z

  @Test(
    "A day, a moment with its zone and one without read back as they were set",
    arguments: StoreKind.allCases)
  func roundTrip(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
    let list = try service.createList(named: "Trip")
    let dues: [DueDate?] = [
      .day(Self.fifteenth), .moment(Self.berlinSix, timeZone: "Europe/Berlin"),
      .moment(Self.berlinSix, timeZone: nil), nil,
    ]
    var ids: [UUID] = []
    for (n, due) in dues.enumerated() {
      ids.append(try service.addItem(id: nil, "Item \(n)", to: list.id, due: due).item.id)
    }
    #expect(try ids.map { try service.item(id: $0).due } == dues)
    // A day's instant is its start in UTC, as the old dueDate said.
    #expect(try service.item(id: ids[0]).dueDate == Self.fifteenth.startInUTC)

    // Edits move between the kinds; each is a change of the one field "dueDate".
    let id = ids[3]
    for due in dues.reversed() {
      let before = try service.item(id: id)
      let after = try service.updateItem(id: id, ItemChanges(due: .some(due)))
      #expect(after.due == due)
      #expect(try service.item(id: id).due == due)
      #expect((after.revision > before.revision) == (before.due != due))
    }
    let fields = try store.read { tx in try tx.fieldRevisions(of: .id(id)).map(\.field) }
    #expect(fields == ["dueDate"])
    // Setting the old dueDate makes a moment in UTC.
    let moved = try service.updateItem(id: ids[0], ItemChanges(dueDate: .some(Self.berlinSix)))
    #expect(moved.due == .moment(Self.berlinSix, timeZone: nil))
  }

  @Test("A zone nobody knows is refused", arguments: StoreKind.allCases)
  func unknownZone(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Trip")
    let error = #expect(throws: ChecklistsError.self) {
      try service.addItem(
        id: nil, "Passport", to: list.id, due: .moment(Self.berlinSix, timeZone: "Europe/Atlantis"))
    }
    #expect(error?.code == .invalidInput)
    #expect(try service.checklistWithItems(id: list.id).1.isEmpty)
  }

  @Test(
    "Today and Overdue hold a due day by the reader's date, in every zone",
    arguments: StoreKind.allCases)
  func smartListsInEveryZone(kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    let alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    let lists = ChecklistService(store: store, owner: alice, now: { Self.berlinSix })
    let list = try lists.createList(named: "Trip")
    for day in [14, 15, 16] {
      try lists.addItem(
        id: nil, "Day \(day)", to: list.id, due: .day(CivilDay(year: 2026, month: 12, day: day)))
    }
    // Every three hours from the 14th to the 17th (UTC): each zone sees each of the days
    // begin and end.
    let start = CivilDay(year: 2026, month: 12, day: 14).startInUTC
    for step in 0..<24 {
      let now = start.addingTimeInterval(Double(step) * 3 * 3600)
      let smart = SmartListService(store: store, user: alice, now: { now })
      for name in TimeZoneMatrix.names {
        let zone = TimeZoneMatrix.zone(name)
        let today = TimeZoneMatrix.day(of: now, in: zone)
        let days = ["2026-12-14": "Day 14", "2026-12-15": "Day 15", "2026-12-16": "Day 16"]
        let dueToday = days.filter { $0.key <= today }.sorted { $0.key < $1.key }.map(\.value)
        let overdue = days.filter { $0.key < today }.sorted { $0.key < $1.key }.map(\.value)
        let place = "\(name) at \(now)"
        #expect(try smart.items(.today, in: zone).map(\.1.text) == dueToday, "\(place)")
        #expect(try smart.items(.overdue, in: zone).map(\.1.text) == overdue, "\(place)")
        let counts = Dictionary(
          uniqueKeysWithValues: try smart.counts(in: zone).map { ($0.kind, $0.count) })
        #expect(counts[.today] == dueToday.count, "\(place)")
        #expect(counts[.overdue] == overdue.count, "\(place)")
        #expect(counts[.scheduled] == 3, "\(place)")
      }
    }
  }

  @Test(
    "A repeating due day moves to the next day of its rule and stays a day",
    arguments: StoreKind.allCases)
  func repeatingDay(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Home")
    let weekly = try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO")
    // 2026-12-14 is a Monday.
    let bins = try service.addItem(
      id: nil, "Bins", to: list.id, due: .day(CivilDay(year: 2026, month: 12, day: 14)),
      details: ItemDetails(recurrence: weekly)
    ).item
    let checked = try service.setChecked(true, itemID: bins.id)
    #expect(checked.due == .day(CivilDay(year: 2026, month: 12, day: 21)))
    #expect(!checked.isChecked)
    // A moment keeps its zone as it moves.
    let call = try service.addItem(
      id: nil, "Call", to: list.id, due: .moment(Self.berlinSix, timeZone: "Europe/Berlin"),
      details: ItemDetails(recurrence: weekly)
    ).item
    let moved = try service.setChecked(true, itemID: call.id)
    #expect(moved.due?.timeZone == "Europe/Berlin")
    #expect(moved.due?.civilDay == nil)
  }

  @Test(
    "v21: an item whose CalDAV text says DUE;VALUE=DATE becomes that day; others stay moments",
    arguments: StoreKind.allCases)
  func migration(kind: StoreKind) throws {
    let location = try kind.newLocation()
    let store = try kind.makeSQLStore(path: location)
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    let alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    let services = try UserServices.open(
      store: store, user: alice, currency: .euro, now: TestClock().now)
    let service = services.checklists
    let calendar = services.calendar
    let list = try service.createList(named: "Reminders")
    let midnight = Self.fifteenth.startInUTC
    // As the old server stored them: every DUE an instant, a date at its midnight UTC.
    func put(_ uid: String, _ due: Date, _ line: String) throws -> UUID {
      try calendar.putTodo(
        inList: list.id, named: "\(uid).ics",
        todo: CalendarTodo(uid: uid, text: uid, dueDate: due),
        ical: vtodo(uid, uid, extra: line)
      ).entry.item!.id
    }
    let day = try put("day", midnight, "DUE;VALUE=DATE:20261215")
    let folded = try put("folded", midnight, "DUE;VALUE=\r\n DATE:20261215")
    let berlin = try put(
      "berlin", Self.berlinSix.addingTimeInterval(3600), "DUE;TZID=Europe/Berlin:20261215T180000")
    let utc = try put("utc", Self.berlinSix, "DUE:20261215T170000Z")
    let movedSince = try put("moved", midnight, "DUE;VALUE=DATE:20261215")
    try service.updateItem(id: movedSince, ItemChanges(dueDate: .some(Self.berlinSix)))
    let plain = try service.addItem("Made in the app", to: list.id, dueDate: midnight)
    // Take the database back to before v21.
    try store.queue.write { db in
      try db.execute(
        """
        ALTER TABLE items DROP COLUMN due_day;
        ALTER TABLE items DROP COLUMN due_time_zone;
        """)
      try db.run("DELETE FROM schema_migrations WHERE identifier = ?", "v21: due days")
    }
    store.close()
    let reopened = ChecklistService(store: try kind.makeSQLStore(path: location), owner: alice)
    #expect(try reopened.item(id: day).due == .day(Self.fifteenth))
    #expect(try reopened.item(id: folded).due == .day(Self.fifteenth))
    #expect(
      try reopened.item(id: berlin).due
        == .moment(Self.berlinSix.addingTimeInterval(3600), timeZone: "Europe/Berlin"))
    #expect(try reopened.item(id: utc).due == .moment(Self.berlinSix, timeZone: nil))
    #expect(try reopened.item(id: movedSince).due == .moment(Self.berlinSix, timeZone: nil))
    #expect(try reopened.item(id: plain.id).due == .moment(midnight, timeZone: nil))
  }
}
