import ChecklistsSQLStore
import ChecklistsSecurity
import Foundation
import Synchronization
import Testing

/// The sign-in throttle's reservations on the database two instances share: the check that an
/// attempt may go ahead and the count it adds are one step, so attempts made all at once get
/// no further than attempts made one after another.
@Suite("Sign-in attempts reserved in the shared database")
struct SignInReservationTests {
  let now = Date(timeIntervalSinceReferenceDate: 818_000_000)

  /// Two instances' stores on one new database of `kind`.
  static func twoStores(_ kind: StoreKind) throws -> (SQLChecklistStore, SQLChecklistStore) {
    let location = try kind.newLocation()
    return (try kind.makeSQLStore(path: location), try kind.makeSQLStore(path: location))
  }

  @Test(
    "Forty attempts at once through two instances: exactly six go ahead, the rest must wait",
    arguments: StoreKind.allCases)
  func parallelReservations(_ kind: StoreKind) throws {
    let (a, b) = try Self.twoStores(kind)
    defer {
      a.close()
      b.close()
    }
    let throttles = [SignInThrottle(ledger: a), SignInThrottle(ledger: b)]
    let waits = Mutex<[TimeInterval?]>([])
    let errors = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    // Threads of their own, so they really run at once (a dispatch queue may run them on two).
    for worker in 0..<8 {
      Thread { [now] in
        for attempt in 0..<5 {
          do {
            let wait = try throttles[worker % 2].reserveAttempt(
              userName: "alice", address: "192.0.2.\(worker * 5 + attempt)", at: now)
            waits.withLock { $0.append(wait) }
          } catch {
            errors.withLock { $0.append("\(error)") }
          }
        }
        done.signal()
      }.start()
    }
    for _ in 0..<8 { _ = done.wait(timeout: .now() + 120) }
    #expect(errors.withLock { $0 } == [])
    let all = waits.withLock { $0 }
    #expect(all.count == 40)
    // Five free failures, and the sixth sets the first wait: six one after another, and so
    // six at once.
    #expect(all.filter { $0 == nil }.count == 6, "\(all)")
    #expect(all.compactMap { $0 }.allSatisfy { $0 == 1 }, "\(all)")
    #expect(try a.signInFailures(keys: ["account:alice"])["account:alice"]?.failures == 6)
  }

  @Test(
    "A right password gives its attempt back: the address keeps no count, the account none",
    arguments: StoreKind.allCases)
  func successRefunds(_ kind: StoreKind) throws {
    let (a, b) = try Self.twoStores(kind)
    defer {
      a.close()
      b.close()
    }
    let throttles = [SignInThrottle(ledger: a), SignInThrottle(ledger: b)]
    // A household behind one address signing in forty times (twice the address's free
    // failures), through both instances.
    for attempt in 0..<40 {
      let throttle = throttles[attempt % 2]
      let name = "member\(attempt % 4)"
      #expect(try throttle.reserveAttempt(userName: name, address: "198.51.100.7", at: now) == nil)
      try throttle.recordSuccess(userName: name, address: "198.51.100.7", at: now)
    }
    #expect(try a.signInFailures(keys: ["address:198.51.100.7", "account:member0"]).isEmpty)
    // An attempt never judged (the request failed for another reason) counts for neither.
    for _ in 0..<10 {
      #expect(try throttles[1].reserveAttempt(userName: "bob", address: "x", at: now) == nil)
      try throttles[0].refundAttempt(userName: "bob", address: "x", at: now)
    }
    #expect(try b.signInFailures(keys: ["account:bob", "address:x"]).isEmpty)
  }
}
