import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Synchronization
import Testing

/// The sync log under the delta feed: sequences from one counter row in commit order, pruning
/// to a kept window with a watermark, and pages read while others write.
@Suite("Change log: sequences, pruning, concurrent writers")
struct ChangeLogTests {
  /// A store of `kind` on a database of its own, and a second store on the same database (as
  /// another process, or another server instance, would open it).
  static func stores(_ kind: StoreKind) throws -> (SQLChecklistStore, SQLChecklistStore) {
    let location = try kind.newLocation()
    return (try kind.makeSQLStore(path: location), try kind.makeSQLStore(path: location))
  }

  @Test(
    "Every write takes the next sequence: no gaps, in order, and the bounds follow",
    arguments: StoreKind.allCases)
  func consecutive(kind: StoreKind) throws {
    let (store, _) = try Self.stores(kind)
    let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
    let list = try service.createList(named: "Counted")
    for number in 1...10 { try service.addItem("Item \(number)", to: list.id) }
    // A refused write takes no number.
    #expect(throws: ChecklistsError.self) { try service.addItem("", to: list.id) }
    try service.addItem("After", to: list.id)
    let sequences = try service.changes(after: 0).map(\.sequence)
    #expect(sequences == Array(1...Int64(sequences.count)))
    let bounds = try store.changeLogBounds()
    #expect(bounds.last == sequences.last)
    #expect(bounds.prunedThrough == 0)
  }

  @Test(
    "Pruning keeps the latest changes and moves the watermark past the rest",
    arguments: StoreKind.allCases)
  func pruning(kind: StoreKind) throws {
    let (store, other) = try Self.stores(kind)
    let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
    let list = try service.createList(named: "Churn")
    #expect(throws: ChecklistsError.self) { try store.setChangeLogRetention(0) }
    // A setting of the database: the other connection's writes follow it too.
    try other.setChangeLogRetention(10)
    let elsewhere = ChecklistService(store: other, owner: service.owner, now: TestClock().now)
    for number in 1...100 {
      try (number.isMultiple(of: 2) ? service : elsewhere).addItem("\(number)", to: list.id)
    }
    let (pruned, last) = try store.changeLogBounds()
    #expect(pruned == last - 10)
    let page = try store.changeFeedPage(userID: service.owner.id, after: 0, limit: 1_000)
    #expect(page.changes.map(\.sequence) == Array(pruned + 1...last))
    #expect(page.prunedThrough == pruned)
  }

  @Test(
    "Writers on two connections at once while a reader pages: every change read once, in order",
    arguments: StoreKind.allCases)
  func concurrentWriters(kind: StoreKind) throws {
    let (store, other) = try Self.stores(kind)
    let clock = TestClock()
    let service = try ChecklistService.openLocal(store: store, now: clock.now)
    let list = try service.createList(named: "Busy")
    let start = try store.changeLogBounds().last
    let writers = [service, ChecklistService(store: other, owner: service.owner, now: clock.now)]
    let perWriter = 60
    let finished = DispatchGroup()
    let failures = Failures()
    for (number, writer) in writers.enumerated() {
      finished.enter()
      Thread {
        defer { finished.leave() }
        for item in 1...perWriter {
          do { try writer.addItem("Writer \(number) item \(item)", to: list.id) } catch {
            failures.errors.withLock { $0.append("\(error)") }
          }
        }
      }.start()
    }
    // Page through the log as it grows, a few at a time, until the writers are done and the
    // log is read to its end.
    var read: [Int64] = []
    var cursor = start
    var writing = true
    for _ in 0..<10_000 {
      if writing { writing = finished.wait(timeout: .now()) == .timedOut }
      let page = try store.changeFeedPage(userID: service.owner.id, after: cursor, limit: 3)
      read += page.changes.map(\.sequence)
      cursor = page.changes.last?.sequence ?? cursor
      if !writing, page.changes.isEmpty { break }
    }
    #expect(failures.errors.withLock { $0 } == [])
    #expect(read.count == writers.count * perWriter)
    #expect(read == Array(start + 1...start + Int64(writers.count * perWriter)))
  }

  @Test(
    "A page of the feed costs the same after 100 changes and after 3,000",
    arguments: StoreKind.allCases)
  func pageCostDoesNotGrow(kind: StoreKind) throws {
    var steps: [Int] = []
    for count in [100, 3_000] {
      let (store, _) = try Self.stores(kind)
      let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
      let list = try service.createList(named: "Long")
      let start = try store.changeLogBounds().last
      try service.importChecklists(
        [PortableChecklist(name: "Other", icon: .folder, items: [])], mode: .merge)
      for number in 1...count { try service.addItem("Item \(number)", to: list.id) }
      try GrowthTests.settle(store)
      steps.append(
        try GrowthTests.steps(store) {
          let page = try store.changeFeedPage(userID: service.owner.id, after: start, limit: 50)
          #expect(page.changes.count == 50)
        })
    }
    #expect(steps[1] < steps[0] * 2, "\(steps)")
  }

  // SQLite only: a PostgreSQL database is made at v7 or later in one go (no version of
  // checklists before the sync log ran on PostgreSQL), and its change log never had an
  // AUTOINCREMENT counter (SQLite's sqlite_sequence) to carry on from.
  @Test("A database from before the sync log carries on after the highest sequence it gave out")
  func upgrade() throws {
    let path = TemporaryFolder().path("old.sqlite")
    let highest: Int64
    do {
      let store = try SQLChecklistStore(sqlitePath: path)
      let service = try ChecklistService.openLocal(store: store)
      let list = try service.createList(named: "Groceries")
      for number in 1...5 { try service.addItem("Item \(number)", to: list.id) }
      highest = try store.changeLogBounds().last
      // Back to version 6: no sync log, and the latest change row gone (a user deleted).
      try store.queue.write { db in
        try db.execute(
          """
          DROP TABLE sync_log;
          DELETE FROM schema_migrations WHERE identifier LIKE 'v7:%';
          DELETE FROM changes WHERE sequence = (SELECT MAX(sequence) FROM changes);
          """)
      }
      store.close()
    }
    let store = try SQLChecklistStore(sqlitePath: path)
    let service = try ChecklistService.openLocal(store: store)
    #expect(try store.changeLogBounds() == (0, highest))
    try service.addItem("After", to: try service.findList("Groceries").id)
    // The number the deleted row had is not handed out again.
    #expect(try service.changes(after: 0).last?.sequence == highest + 1)
  }

  final class Failures: Sendable {
    let errors = Mutex<[String]>([])
  }
}
