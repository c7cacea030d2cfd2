import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Synchronization
import Testing

/// What only PostgreSQL has: several server instances (here, stores with pools of their own)
/// writing to one database at once, notifications of each other's commits, and a server that
/// can go away and come back.
@Suite("PostgreSQL: several instances on one database", .enabled(if: StoreKind.testsPostgreSQL))
struct PostgreSQLStoreTests {
  /// Runs `work(0)`, …, `work(count - 1)` on threads of their own, at once, and waits for all.
  /// - Returns: The errors they threw, described.
  static func concurrently(_ count: Int, _ work: @escaping @Sendable (Int) throws -> Void)
    -> [String]
  {
    let errors = Mutex<[String]>([])
    let finished = DispatchGroup()
    for number in 0..<count {
      finished.enter()
      Thread {
        defer { finished.leave() }
        do { try work(number) } catch { errors.withLock { $0.append("\(number): \(error)") } }
      }.start()
    }
    finished.wait()
    return errors.withLock { $0 }
  }

  @Test(
    "Two instances change one list from several threads: revisions, counts, log and merges stay exact"
  )
  func concurrentInstances() throws {
    let location = try TestPostgreSQL.newDatabase()
    let (first, second) = (
      try SQLChecklistStore(postgreSQL: location), try SQLChecklistStore(postgreSQL: location)
    )
    let setup = try ChecklistService.openLocal(store: first)
    let instances = [setup, ChecklistService(store: second, owner: setup.owner)]
    let list = try setup.createList(named: "Busy")
    let toggled = try (0..<8).map { try setup.addItem("Toggle \($0)", to: list.id) }
    let merged = try (0..<6).map { try setup.addItem("Merge \($0)", to: list.id) }
    let contested = try (0..<6).map { try setup.addItem("Contested \($0)", to: list.id) }
    let before = try setup.checklist(id: list.id)
    let start = try first.changeLogBounds().last
    let (threads, addsPerThread) = (4, 16)
    let successes = Atomic(0)
    let conflicts = Mutex<[String]>([])

    let errors = Self.concurrently(threads) { thread in
      // Threads 0 and 2 write through the first instance, 1 and 3 through the second.
      let service = instances[thread % 2]
      for number in 0..<addsPerThread {
        try service.addItem("Thread \(thread) item \(number)", to: list.id)
        successes.add(1, ordering: .relaxed)
        // Every thread toggles every toggled item: each ends where it started.
        let item = toggled[(thread + number) % toggled.count]
        try service.toggle(itemID: item.id)
        successes.add(1, ordering: .relaxed)
      }
      for (number, item) in merged.enumerated() {
        // Two threads edit other fields of one item, both against the revision they saw
        // first: the edits merge.
        switch thread {
        case 0:
          try service.updateItem(
            id: item.id, ItemChanges(text: "Merged \(number)"), expectedRevision: item.revision)
        case 1:
          try service.updateItem(
            id: item.id, ItemChanges(isChecked: true), expectedRevision: item.revision)
        default: continue
        }
        successes.add(1, ordering: .relaxed)
      }
      for (number, item) in contested.enumerated() where thread >= 2 {
        // Two threads set one field against the same revision: one wins, the other is told.
        do {
          try service.updateItem(
            id: item.id, ItemChanges(text: "Thread \(thread) text \(number)"),
            expectedRevision: item.revision)
          successes.add(1, ordering: .relaxed)
        } catch let error as FieldConflictError {
          conflicts.withLock { $0.append(error.conflicts.map(\.field).joined()) }
        }
      }
    }
    #expect(errors == [])
    let written = successes.load(ordering: .relaxed)
    #expect(written == threads * addsPerThread * 2 + merged.count * 2 + contested.count)
    #expect(conflicts.withLock { $0 } == Array(repeating: "text", count: contested.count))

    let (stored, items) = try instances[1].checklistWithItems(id: list.id)
    // One revision per write, none lost or taken twice.
    #expect(stored.revision == before.revision + Int64(written))
    #expect(stored.itemCount == items.count)
    #expect(items.count == before.itemCount + threads * addsPerThread)
    #expect(stored.remainingCount == items.filter { !$0.isChecked }.count)
    // Each thread's items keep that thread's order.
    for thread in 0..<threads {
      let own = items.map(\.text).filter { $0.hasPrefix("Thread \(thread) item ") }
      #expect(own == (0..<addsPerThread).map { "Thread \(thread) item \($0)" })
    }
    // 4 threads × 16 toggles over 8 items: each toggled 8 times, back to unchecked.
    let toggledIDs = Set(toggled.map(\.id))
    #expect(items.filter { toggledIDs.contains($0.id) }.allSatisfy { !$0.isChecked })
    for (number, item) in merged.enumerated() {
      let now = try #require(items.first { $0.id == item.id })
      #expect(now.text == "Merged \(number)" && now.isChecked)
    }
    for (number, item) in contested.enumerated() {
      let now = try #require(items.first { $0.id == item.id })
      #expect(["Thread 2 text \(number)", "Thread 3 text \(number)"].contains(now.text))
    }
    // The log: one change per write, sequences without gaps, in the order of the revisions.
    let changes = try setup.changes(after: start, limit: 10_000)
    #expect(changes.map(\.sequence) == Array(start + 1...start + Int64(written)))
    #expect(
      changes.map(\.revision)
        == Array(before.revision + 1...before.revision + Int64(written)))
  }

  @Test(
    "A feed reader while four writers on two instances commit reads every change once, in order")
  func feedDuringConcurrentWrites() throws {
    let location = try TestPostgreSQL.newDatabase()
    let stores = try (0..<3).map { _ in try SQLChecklistStore(postgreSQL: location) }
    let setup = try ChecklistService.openLocal(store: stores[0])
    let list = try setup.createList(named: "Feed")
    let start = try stores[2].changeLogBounds().last
    let (writers, perWriter) = (4, 40)
    let done = Atomic(0)
    let reader = stores[2]
    let pages = Mutex<[[Int64]]>([])
    let errors = Self.concurrently(writers + 1) { thread in
      guard thread == writers else {
        defer { done.add(1, ordering: .releasing) }
        let service = ChecklistService(store: stores[thread % 2], owner: setup.owner)
        for number in 0..<perWriter {
          try service.addItem("Writer \(thread) item \(number)", to: list.id)
        }
        return
      }
      // The reader, on a third instance: pages of three while the writers run, then on to
      // the end of the log.
      var cursor = start
      for _ in 0..<100_000 {
        let writing = done.load(ordering: .acquiring) < writers
        let page = try reader.changeFeedPage(userID: setup.owner.id, after: cursor, limit: 3)
        let sequences = page.changes.map(\.sequence)
        if !sequences.isEmpty { pages.withLock { $0.append(sequences) } }
        cursor = sequences.last ?? cursor
        if !writing, sequences.isEmpty { return }
      }
    }
    #expect(errors == [])
    let read = pages.withLock { $0 }.flatMap { $0 }
    #expect(read == Array(start + 1...start + Int64(writers * perWriter)))
  }

  @Test("A database that stops answering is a storage error that says so; it recovers by itself")
  func outage() throws {
    let (name, location) = try TestPostgreSQL.newNamedDatabase()
    let store = try SQLChecklistStore(postgreSQL: location)
    let service = try ChecklistService.openLocal(store: store)
    let list = try service.createList(named: "Before")
    let admin = try PostgreSQLConnection(TestPostgreSQL.serverConfiguration())
    defer { admin.close() }
    // The database refuses new connections and its server ends the ones it has, as a
    // restarting server does.
    try admin.execute(
      """
      ALTER DATABASE \(name) ALLOW_CONNECTIONS false;
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)';
      """)
    let error = #expect(throws: ChecklistsError.self) { try service.checklists() }
    #expect(error?.code == .storage)
    #expect(
      error?.message.hasPrefix("The database \(store.path) is not answering (") == true,
      "\(error?.message ?? "")")
    #expect(error?.message.hasSuffix("); try again shortly.") == true)
    try admin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
    #expect(try service.checklist(id: list.id).name == "Before")
    try service.addItem("After", to: list.id)
    #expect(try service.checklist(id: list.id).itemCount == 1)
  }

  @Test("A commit through one instance is told to the other at once, through LISTEN")
  func notifications() throws {
    let location = try TestPostgreSQL.newDatabase()
    let (first, second) = (
      try SQLChecklistStore(postgreSQL: location), try SQLChecklistStore(postgreSQL: location)
    )
    // (Opening a service makes the first list: a change, before anyone listens.)
    let other = try ChecklistService.openLocal(store: second)
    let calls = Atomic(0)
    let observation = try #require(
      first.observeCommittedChanges { calls.add(1, ordering: .relaxed) })
    defer { observation.cancel() }
    // Listening starts before observeCommittedChanges returns: every commit after it is told.
    for number in 1...3 {
      try other.createList(named: "Elsewhere \(number)")
      // Told at once; waited for boundedly, ten seconds at most, on a loaded machine.
      for _ in 0..<1_000 where calls.load(ordering: .relaxed) < number {
        Thread.sleep(forTimeInterval: 0.01)
      }
      #expect(calls.load(ordering: .relaxed) == number)
    }
  }

  @Test("A wrong database is refused with libpq's reason, and the message shows no password")
  func wrongDatabase() throws {
    let server = try TestPostgreSQL.serverConfiguration()
    let missing = "t_missing_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
    var url = PostgreSQLAdmin(server).url(forDatabase: missing)
    url = url.replacingOccurrences(of: "://checklists@", with: "://checklists:s3cret-pw@")
    let error = #expect(throws: ChecklistsError.self) { try SQLChecklistStore(postgreSQL: url) }
    #expect(error?.code == .storage)
    #expect(error?.message.hasPrefix("Could not open the database ") == true)
    #expect(error?.message.contains(missing) == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("does not exist") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("s3cret-pw") == false)
    let malformed = #expect(throws: ChecklistsError.self) {
      try SQLChecklistStore(postgreSQL: "host=127.0.0.1 password=s3cret-pw colour=blue")
    }
    #expect(
      malformed?.message.hasPrefix(
        "The database location is not a valid PostgreSQL URL or connection string (") == true,
      "\(malformed?.message ?? "")")
    #expect(malformed?.message.contains("s3cret-pw") == false)
  }
}
