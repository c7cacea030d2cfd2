import Foundation
import Synchronization

/// A ``SignInFailureLedger`` in this process's memory: right for one server on its own, and
/// for tests. A restart forgets it, which costs an attacker a restart they cannot cause.
public final class InMemorySignInFailures: SignInFailureLedger {
  private let records = Mutex<[String: SignInFailureRecord]>([:])
  /// The most keys kept; beyond it the oldest are dropped, so a flood cannot exhaust memory.
  private let capacity: Int

  /// Creates an empty ledger that keeps at most about `capacity` keys.
  public init(capacity: Int = 100_000) {
    self.capacity = capacity
  }

  /// The records of those of `keys` that have one.
  public func signInFailures(keys: [String]) -> [String: SignInFailureRecord] {
    records.withLock { records in
      var found: [String: SignInFailureRecord] = [:]
      for key in keys { found[key] = records[key] }
      return found
    }
  }

  /// Replaces the record of each of `keys` with what `update` makes of it; past the capacity,
  /// forgets records older than `forgettingBefore`, then the oldest.
  public func recordSignInFailure(
    keys: [String], forgettingBefore: Date,
    update: (String, SignInFailureRecord?) -> SignInFailureRecord
  ) {
    records.withLock { records in
      for key in keys { records[key] = update(key, records[key]) }
      if records.count > capacity { prune(&records, before: forgettingBefore) }
    }
  }

  /// Forgets the record of `key`, if any.
  public func forgetSignInFailures(key: String) {
    _ = records.withLock { $0.removeValue(forKey: key) }
  }

  private func prune(_ records: inout [String: SignInFailureRecord], before date: Date) {
    records = records.filter { $0.value.lastFailure >= date }
    if records.count > capacity {
      // Down to three quarters, so the sort is paid once per many insertions.
      let keep = records.sorted { $0.value.lastFailure > $1.value.lastFailure }
        .prefix(capacity * 3 / 4)
      records = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
  }
}
