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
    records.withLock { records in Self.records(of: keys, in: records) }
  }

  /// Replaces the records of `keys` with what `change` makes of them, under one lock; past
  /// the capacity, forgets records older than `forgettingBefore`, then the oldest.
  public func changeSignInFailures(
    keys: [String], forgettingBefore: Date,
    _ change: ([String: SignInFailureRecord]) -> [String: SignInFailureRecord]
  ) {
    records.withLock { records in
      let changed = change(Self.records(of: keys, in: records))
      for key in keys { records[key] = changed[key] }
      if records.count > capacity { prune(&records, before: forgettingBefore) }
    }
  }

  private static func records(
    of keys: [String], in records: [String: SignInFailureRecord]
  ) -> [String: SignInFailureRecord] {
    var found: [String: SignInFailureRecord] = [:]
    for key in keys { found[key] = records[key] }
    return found
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
