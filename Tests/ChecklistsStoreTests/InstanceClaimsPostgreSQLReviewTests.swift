import ChecklistsSQLStore
import ChecklistsSecurity
import Dispatch
import Foundation
import Synchronization
import Testing

/// The claims and counts that several instances share, on PostgreSQL (the suites that test
/// them elsewhere run on SQLite only): two stores are two instances' pools on one database.
@Suite(
  "Review: reminder claims and sign-in counts on PostgreSQL",
  .enabled(if: StoreKind.testsPostgreSQL))
struct InstanceClaimsPostgreSQLReviewTests {
  @Test("Two instances racing for the same reminders each claim every one exactly once")
  func remindersAreClaimedOnce() throws {
    let url = try TestPostgreSQL.newDatabase()
    let a = try SQLChecklistStore(postgreSQL: url)
    let b = try SQLChecklistStore(postgreSQL: url)
    defer {
      a.close()
      b.close()
    }
    let due = Date(timeIntervalSinceReferenceDate: 818_000_123.456_789)
    let items = (0..<40).map { _ in UUID() }
    let wins = Mutex<[UUID: Int]>([:])
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      let store = worker % 2 == 0 ? a : b
      for item in items {
        do {
          if try store.claimReminder(itemID: item, dueDate: due) {
            wins.withLock { $0[item, default: 0] += 1 }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let claimed = wins.withLock { $0 }
    #expect(claimed.count == items.count)
    #expect(claimed.values.allSatisfy { $0 == 1 }, "\(claimed.values.sorted())")
  }

  @Test("A guesser alternating between two instances is counted as one")
  func signInFailuresAddUp() throws {
    let url = try TestPostgreSQL.newDatabase()
    let a = try SQLChecklistStore(postgreSQL: url)
    let b = try SQLChecklistStore(postgreSQL: url)
    defer {
      a.close()
      b.close()
    }
    let throttles = [SignInThrottle(ledger: a), SignInThrottle(ledger: b)]
    let now = Date(timeIntervalSinceReferenceDate: 818_000_000)
    for attempt in 0..<5 {
      #expect(
        try throttles[attempt % 2].waitBeforeAttempt(
          userName: "alice", address: "192.0.2.1", at: now) == nil)
      try throttles[attempt % 2].recordFailure(userName: "alice", address: "192.0.2.1", at: now)
    }
    #expect(
      try throttles[0].waitBeforeAttempt(userName: "alice", address: "192.0.2.1", at: now) == nil)
    try throttles[1].recordFailure(userName: "Alice ", address: "192.0.2.2", at: now)
    let wait = try throttles[0].waitBeforeAttempt(
      userName: "alice", address: "192.0.2.3", at: now)
    #expect(wait == 1)
  }
}
