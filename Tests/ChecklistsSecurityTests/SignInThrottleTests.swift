import ChecklistsSecurity
import Foundation
import Testing

@Suite("Sign-in throttling")
struct SignInThrottleTests {
  let start = Date(timeIntervalSince1970: 1_796_000_000)

  @Test("After five failures for one account each attempt waits, and the wait doubles")
  func perAccountBackoff() throws {
    let throttle = SignInThrottle()
    var now = start
    for attempt in 1...5 {
      #expect(
        try throttle.waitBeforeAttempt(userName: "alice", address: "10.0.0.\(attempt)", at: now)
          == nil)
      try throttle.recordFailure(userName: "alice", address: "10.0.0.\(attempt)", at: now)
    }
    // Failures 6, 7, 8… from ever new addresses: 1 s, 2 s, 4 s, 8 s.
    var waits: [TimeInterval] = []
    for attempt in 6...9 {
      let wait = try throttle.waitBeforeAttempt(
        userName: "ALICE", address: "10.0.1.\(attempt)", at: now)
      waits.append(wait ?? 0)
      now = now.addingTimeInterval(wait ?? 0)
      try throttle.recordFailure(userName: "alice", address: "10.0.1.\(attempt)", at: now)
    }
    #expect(waits == [0, 1, 2, 4])
    #expect(try throttle.waitBeforeAttempt(userName: "alice", address: "10.9.9.9", at: now) == 8)
    // Another account is not slowed down by alice's failures.
    #expect(try throttle.waitBeforeAttempt(userName: "bob", address: "10.9.9.9", at: now) == nil)
  }

  @Test("Unknown names are throttled exactly like real ones")
  func unknownNamesAlike() throws {
    let throttle = SignInThrottle()
    for name in ["alice", "no-such-user"] {
      for index in 0..<7 {
        try throttle.recordFailure(userName: name, address: "192.0.2.\(index)", at: start)
      }
    }
    #expect(
      try throttle.waitBeforeAttempt(userName: "alice", address: "198.51.100.1", at: start)
        == throttle.waitBeforeAttempt(userName: "no-such-user", address: "198.51.100.1", at: start))
  }

  @Test("One address guessing many accounts is slowed down after twenty failures")
  func perAddress() throws {
    let throttle = SignInThrottle()
    for index in 0..<20 {
      #expect(
        try throttle.waitBeforeAttempt(userName: "user\(index)", address: "203.0.113.7", at: start)
          == nil)
      try throttle.recordFailure(userName: "user\(index)", address: "203.0.113.7", at: start)
    }
    try throttle.recordFailure(userName: "user20", address: "203.0.113.7", at: start)
    #expect(
      try throttle.waitBeforeAttempt(userName: "fresh", address: "203.0.113.7", at: start) == 1)
    #expect(
      try throttle.waitBeforeAttempt(userName: "fresh", address: "203.0.113.8", at: start) == nil)
  }

  @Test("The wait never exceeds fifteen minutes; a success forgives the account")
  func ceilingAndSuccess() throws {
    let throttle = SignInThrottle()
    for _ in 0..<60 { try throttle.recordFailure(userName: "alice", address: "a", at: start) }
    let wait = try throttle.waitBeforeAttempt(userName: "alice", address: "b", at: start)
    #expect(wait.map { $0.rounded() } == TimeInterval(15 * 60))
    try throttle.recordSuccess(userName: "alice", address: "b", at: start)
    #expect(try throttle.waitBeforeAttempt(userName: "alice", address: "b", at: start) == nil)
    // The address that failed 60 times stays slowed.
    #expect(try throttle.waitBeforeAttempt(userName: "alice", address: "a", at: start) != nil)
  }

  @Test("A reservation checks and counts in one step; a right password gives it back")
  func reservations() throws {
    let throttle = SignInThrottle()
    // Six wrong passwords, all reserved before any is checked: the sixth sets the first wait.
    for attempt in 1...6 {
      #expect(
        try throttle.reserveAttempt(userName: "alice", address: "10.0.0.\(attempt)", at: start)
          == nil)
    }
    #expect(try throttle.reserveAttempt(userName: "alice", address: "10.0.0.9", at: start) == 1)
    // A refused reservation counted nothing: the wait is the sixth failure's, not longer.
    #expect(
      try throttle.waitBeforeAttempt(userName: "alice", address: "10.0.0.9", at: start) == 1)
    // The right password, after the wait: the account is forgiven.
    let later = start.addingTimeInterval(1)
    #expect(try throttle.reserveAttempt(userName: "alice", address: "10.0.1.1", at: later) == nil)
    try throttle.recordSuccess(userName: "alice", address: "10.0.1.1", at: later)
    #expect(
      try throttle.waitBeforeAttempt(userName: "alice", address: "10.0.1.1", at: later) == nil)
  }

  @Test("Refunds: an address signing in often is never slowed; a refund lifts a wait it caused")
  func refunds() throws {
    let throttle = SignInThrottle()
    for index in 0..<50 {
      #expect(
        try throttle.reserveAttempt(userName: "member\(index % 3)", address: "home", at: start)
          == nil)
      try throttle.recordSuccess(userName: "member\(index % 3)", address: "home", at: start)
    }
    // Five failures, then a sixth attempt that never got judged: given back, it leaves the
    // account within its free failures, so the wait it set goes too.
    for _ in 0..<5 { try throttle.recordFailure(userName: "bob", address: "a", at: start) }
    #expect(try throttle.reserveAttempt(userName: "bob", address: "a", at: start) == nil)
    #expect(try throttle.waitBeforeAttempt(userName: "bob", address: "a", at: start) == 1)
    try throttle.refundAttempt(userName: "bob", address: "a", at: start)
    #expect(try throttle.waitBeforeAttempt(userName: "bob", address: "a", at: start) == nil)
  }

  @Test("Memory stays bounded under a flood of names")
  func bounded() throws {
    let throttle = SignInThrottle(capacity: 1_000)
    for index in 0..<5_000 {
      try throttle.recordFailure(
        userName: "flood\(index)", address: "198.18.\(index / 256).\(index % 256)",
        at: start.addingTimeInterval(Double(index)))
    }
    // The flood was cut back to the newest keys; a recent one still counts.
    for _ in 0..<6 {
      try throttle.recordFailure(
        userName: "flood4999", address: "x", at: start.addingTimeInterval(5_000))
    }
    #expect(
      try throttle.waitBeforeAttempt(
        userName: "flood4999", address: "y", at: start.addingTimeInterval(5_000)) != nil)
  }
}
