import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

/// What several instances share through their one database, seen through two stores (two
/// instances' connections) on one SQLite file: reminder claims and sign-in failures.
@Suite("Instances sharing one database: reminder claims and sign-in counts")
struct InstanceStoreTests {
  let start = Date(timeIntervalSince1970: 1_796_000_000)

  private static func twoStores() throws -> (SQLChecklistStore, SQLChecklistStore) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-instances-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("checklists.sqlite").path
    return (try SQLChecklistStore(sqlitePath: path), try SQLChecklistStore(sqlitePath: path))
  }

  @Test("A reminder is claimed once across instances; a new due date is a new reminder")
  func claimOnce() throws {
    let (a, b) = try Self.twoStores()
    let item = UUID()
    #expect(try a.claimReminder(itemID: item, dueDate: start))
    #expect(try !b.claimReminder(itemID: item, dueDate: start))
    #expect(try !a.claimReminder(itemID: item, dueDate: start))
    #expect(try b.claimReminder(itemID: item, dueDate: start.addingTimeInterval(60)))
    #expect(try a.claimReminder(itemID: UUID(), dueDate: start))
  }

  @Test("Claims of long-past due dates are pruned as new ones are made")
  func claimsPruned() throws {
    let (a, _) = try Self.twoStores()
    let old = UUID()
    #expect(try a.claimReminder(itemID: old, dueDate: start))
    // Eight days on, a claim prunes those more than a week before it.
    #expect(try a.claimReminder(itemID: UUID(), dueDate: start.addingTimeInterval(8 * 86_400)))
    #expect(try a.claimReminder(itemID: old, dueDate: start))
  }

  @Test("Failures counted through two instances' throttles add up, with the same waits as one")
  func throttleAsOne() throws {
    let (a, b) = try Self.twoStores()
    let throttles = [SignInThrottle(ledger: a), SignInThrottle(ledger: b)]
    var now = start
    for attempt in 0..<5 {
      let throttle = throttles[attempt % 2]
      #expect(
        try throttle.waitBeforeAttempt(userName: "alice", address: "a\(attempt)", at: now) == nil)
      try throttle.recordFailure(userName: "alice", address: "a\(attempt)", at: now)
    }
    var waits: [TimeInterval] = []
    for attempt in 5..<9 {
      let throttle = throttles[attempt % 2]
      let wait = try throttle.waitBeforeAttempt(userName: "Alice ", address: "b\(attempt)", at: now)
      waits.append(wait ?? 0)
      now = now.addingTimeInterval(wait ?? 0)
      try throttle.recordFailure(userName: "alice", address: "b\(attempt)", at: now)
    }
    #expect(waits == [0, 1, 2, 4])
    #expect(try throttles[0].waitBeforeAttempt(userName: "alice", address: "c", at: now) == 8)
    #expect(try throttles[1].waitBeforeAttempt(userName: "alice", address: "c", at: now) == 8)
    // A success on one instance forgives the account on both.
    try throttles[1].recordSuccess(userName: "alice", address: "c", at: now)
    #expect(try throttles[0].waitBeforeAttempt(userName: "alice", address: "c", at: now) == nil)
  }

  @Test("Failures older than a day are forgotten, and their rows go")
  func forgotten() throws {
    let (a, b) = try Self.twoStores()
    let throttle = SignInThrottle(ledger: a)
    for _ in 0..<8 { try throttle.recordFailure(userName: "alice", address: "x", at: start) }
    #expect(try b.signInFailures(keys: ["account:alice", "address:x"]).count == 2)
    let later = start.addingTimeInterval(25 * 3600)
    try SignInThrottle(ledger: b).recordFailure(userName: "bob", address: "y", at: later)
    #expect(try a.signInFailures(keys: ["account:alice", "address:x"]).isEmpty)
    #expect(try throttle.waitBeforeAttempt(userName: "alice", address: "x", at: later) == nil)
  }
}
