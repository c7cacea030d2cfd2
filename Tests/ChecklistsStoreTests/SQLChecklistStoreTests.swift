import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import SQLDatabase
import SQLiteDatabase
import Testing

@Suite("The SQL store on a real database")
struct SQLChecklistStoreTests {
  @Test("What is written is there after reopening the database", arguments: StoreKind.allCases)
  func persistence(kind: StoreKind) throws {
    let path =
      kind == .sqlite
      ? TemporaryFolder().path("nested/folder/lists.sqlite") : try kind.newLocation()
    do {
      let service = try ChecklistService.openLocal(store: kind.makeSQLStore(path: path))
      let list = try service.createList(named: "Birthdays", icon: .birthdays)
      let due = Date(timeIntervalSinceReferenceDate: 820_000_000.123_456)
      try service.addItem("Buy a cake", to: list.id, dueDate: due, shouldRemind: true)
      try service.toggle(itemID: service.addItem("Send invitations", to: list.id).id)
    }
    let service = try ChecklistService.openLocal(store: kind.makeSQLStore(path: path))
    let lists = try service.checklists()
    #expect(lists.map(\.name) == ["Birthdays", "List"])
    let (list, items) = try service.checklistWithItems(id: lists[0].id)
    #expect(list.icon == .birthdays)
    #expect(list.subtitle == "1 Remaining")
    #expect(items.map(\.text) == ["Buy a cake", "Send invitations"])
    #expect(items.map(\.isChecked) == [false, true])
    #expect(items[0].dueDate == Date(timeIntervalSinceReferenceDate: 820_000_000.123_456))
    #expect(items[0].shouldRemind)
  }

  @Test("The schema's migrations are recorded in the database", arguments: StoreKind.allCases)
  func migrationsRecorded(kind: StoreKind) throws {
    let path = try kind.newLocation()
    _ = try kind.makeSQLStore(path: path)
    let store = try kind.makeSQLStore(path: path)
    let applied = try store.queue.read { db in
      try db.query("SELECT identifier FROM schema_migrations ORDER BY applied_at, identifier") {
        $0.string(0)
      }
    }
    #expect(
      applied == [
        "v1: users, checklists, items, change log",
        "v2: shopping catalogue, shopping lists, entries",
        "v3: passwords, sessions, API tokens",
        "v4: shared lists",
        "v5: lookup keys for names, texts and All Lists order",
        "v6: field revisions",
        "v7: sync log",
        "v8: ids of deleted things",
        "v9: hide checked",
        "v10: reminder claims",
        "v11: sign-in failures",
        "v12: notes, flags, priorities, subtasks, repeats",
        "v13: search words",
        "v14: templates",
        "v15: push subscriptions",
        "v16: shops and aisles",
        "v17: trips and prices",
        "v18: invites",
        "v19: user settings",
        "v20: calendar objects",
        "v21: due days",
      ])
    switch kind {
    case .sqlite:
      let mode = try DatabaseQueue(path: path).withConnection { db in
        try db.query("PRAGMA journal_mode") { $0.string(0) }
      }
      #expect(mode == ["wal"])
    case .postgres:
      // Text compares as UTF-8 bytes, as on SQLite, whatever the database's locale: every text
      // column of the schema is COLLATE "C".
      let otherwise = try store.queue.read { db in
        try db.query(
          """
          SELECT table_name || '.' || column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND data_type = 'text'
            AND table_name <> 'schema_migrations' AND collation_name IS DISTINCT FROM 'C'
          """
        ) { $0.string(0) }
      }
      #expect(otherwise == [])
    }
  }

  @Test(
    "A database from a newer version is refused with a clear message, and left as it was",
    arguments: StoreKind.allCases)
  func newerDatabase(kind: StoreKind) throws {
    let path = try kind.newLocation()
    let service = try ChecklistService.openLocal(store: kind.makeSQLStore(path: path))
    try service.createList(named: "Kept")
    let store = try kind.makeSQLStore(path: path)
    try store.queue.write { db in
      _ = try db.run(
        "INSERT INTO schema_migrations (identifier, applied_at) VALUES ('v99: future', 0)")
    }
    func migrations() throws -> [String] {
      try store.queue.read { db in
        try db.query("SELECT identifier FROM schema_migrations ORDER BY identifier") {
          $0.string(0)
        }
      }
    }
    let before = try migrations()
    let error = #expect(throws: ChecklistsError.self) {
      try kind.makeSQLStore(path: path)
    }
    #expect(error?.code == .storage)
    #expect(error?.message.contains("newer version of checklists") == true)
    #expect(error?.message.contains("'v99: future'") == true)
    #expect(try migrations() == before)
    #expect(try service.checklists().map(\.name).contains("Kept"))
  }

  // SQLite only: a PostgreSQL server is a database server or answers nothing; the PostgreSQL
  // test of a wrong location is in PostgreSQLStoreTests.
  @Test("A file that is not a database is refused and left alone")
  func notADatabase() throws {
    let path = TemporaryFolder().path("notes.txt")
    let text = String(repeating: "These are my notes, not a database.\n", count: 100)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let error = #expect(throws: ChecklistsError.self) {
      try StoreKind.sqlite.makeSQLStore(path: path)
    }
    #expect(error?.message == "\(path) is not a Checklists database (not an SQLite file).")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test(
    "Two connections writing at once both succeed, with no 'database is locked'",
    arguments: StoreKind.allCases)
  func concurrentWriters(kind: StoreKind) async throws {
    let path = try kind.newLocation()
    let setup = try ChecklistService.openLocal(store: kind.makeSQLStore(path: path))
    let list = try setup.createList(named: "Shared")
    let perWriter = 200
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          // Each writer has its own connection, as a second process would.
          let service = try ChecklistService.openLocal(
            store: kind.makeSQLStore(path: path))
          for n in 0..<perWriter {
            let item = try service.addItem("Writer \(writer) item \(n)", to: list.id)
            if n.isMultiple(of: 2) { try service.toggle(itemID: item.id) }
          }
        }
      }
      try await group.waitForAll()
    }
    let (stored, items) = try setup.checklistWithItems(id: list.id)
    #expect(items.count == 2 * perWriter)
    #expect(stored.itemCount == 2 * perWriter)
    #expect(stored.remainingCount == perWriter)
    #expect(Set(items.map(\.text)).count == 2 * perWriter)
    // Each writer's items keep that writer's order.
    for writer in 0..<2 {
      let own = items.map(\.text).filter { $0.hasPrefix("Writer \(writer) ") }
      #expect(own == (0..<perWriter).map { "Writer \(writer) item \($0)" })
    }
    #expect(stored.revision == 1 + Int64(perWriter * 2 + perWriter))
  }

  @Test(
    "Toggling writes the same few rows in a list of 10 items and of 5,000",
    arguments: StoreKind.allCases)
  func toggleTouchesConstantRows(kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    let service = try ChecklistService.openLocal(store: store)
    var rowsWritten: [Int] = []
    for size in [10, 5_000] {
      try service.importChecklists(
        [
          PortableChecklist(
            name: "Size \(size)", icon: .folder,
            items: (0..<size).map { PortableItem(text: "Item \($0)") })
        ], mode: .merge)
      let list = try service.findList("Size \(size)")
      let item = try service.findItem("\(size / 2)", in: list)
      let before = try store.workCounters().rowsChanged
      #expect(try service.toggle(itemID: item.id).isChecked)
      rowsWritten.append(try store.workCounters().rowsChanged - before)
      #expect(try service.checklist(id: list.id).remainingCount == size - 1)
    }
    // The item, the list's revision, its counts (trigger), one change-log row, the sync log's
    // counter and the field revision of `checked`.
    #expect(rowsWritten == [6, 6])
  }
}
