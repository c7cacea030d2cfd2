import Foundation
import Synchronization

/// Slows down password guessing: after a few failed sign-ins for one account, or from one
/// address, every further attempt must wait, and the wait doubles with each failure.
///
/// Names are counted as typed, known or not, so the throttle treats every name alike and says
/// nothing about which exist. State is in memory: a restart forgets it, which costs an
/// attacker a restart they cannot cause.
public final class SignInThrottle: Sendable {
  /// The rules.
  public struct Policy: Sendable {
    /// Failures allowed before waits begin.
    public var freeFailures: Int
    /// The first wait.
    public var firstDelay: TimeInterval
    /// The longest wait.
    public var maximumDelay: TimeInterval
    /// How long a key's failures are remembered after the last one.
    public var memory: TimeInterval

    /// Creates a policy.
    public init(
      freeFailures: Int, firstDelay: TimeInterval, maximumDelay: TimeInterval,
      memory: TimeInterval
    ) {
      self.freeFailures = freeFailures
      self.firstDelay = firstDelay
      self.maximumDelay = maximumDelay
      self.memory = memory
    }

    /// Per account: 5 free failures, then 1 s, 2 s, 4 s… up to 15 minutes.
    public static let perAccount = Policy(
      freeFailures: 5, firstDelay: 1, maximumDelay: 15 * 60, memory: 24 * 3600)
    /// Per address: more room for a household behind one address, same doubling.
    public static let perAddress = Policy(
      freeFailures: 20, firstDelay: 1, maximumDelay: 15 * 60, memory: 24 * 3600)
  }

  private struct Record {
    var failures: Int
    var lastFailure: Date
    var blockedUntil: Date
  }

  private let accountPolicy: Policy
  private let addressPolicy: Policy
  private let records = Mutex<[String: Record]>([:])
  /// The most keys kept; beyond it the oldest are dropped, so a flood cannot exhaust memory.
  private let capacity: Int

  /// Creates a throttle.
  public init(
    perAccount: Policy = .perAccount, perAddress: Policy = .perAddress, capacity: Int = 100_000
  ) {
    accountPolicy = perAccount
    addressPolicy = perAddress
    self.capacity = capacity
  }

  /// How long the caller must wait before trying to sign in as `userName` from `address`, or
  /// nil when it may try now.
  public func waitBeforeAttempt(userName: String, address: String, at date: Date)
    -> TimeInterval?
  {
    let keys = Self.keys(userName: userName, address: address)
    let until = records.withLock { records in
      keys.compactMap { records[$0]?.blockedUntil }.max()
    }
    guard let until, until > date else { return nil }
    return until.timeIntervalSince(date)
  }

  /// Records a failed sign-in.
  public func recordFailure(userName: String, address: String, at date: Date) {
    let keys = Self.keys(userName: userName, address: address)
    records.withLock { records in
      for (key, policy) in zip(keys, [accountPolicy, addressPolicy]) {
        var record = records[key] ?? Record(failures: 0, lastFailure: date, blockedUntil: date)
        if date.timeIntervalSince(record.lastFailure) > policy.memory { record.failures = 0 }
        record.failures += 1
        record.lastFailure = date
        let over = record.failures - policy.freeFailures
        if over > 0 {
          let delay = min(
            policy.firstDelay * pow(2, Double(min(over - 1, 30))), policy.maximumDelay)
          record.blockedUntil = date.addingTimeInterval(delay)
        }
        records[key] = record
      }
      if records.count > capacity { prune(&records, now: date) }
    }
  }

  /// Records a successful sign-in: the account's failures are forgiven (the address's are
  /// not, so one known password does not open the door to guessing others).
  public func recordSuccess(userName: String) {
    _ = records.withLock { $0.removeValue(forKey: Self.keys(userName: userName, address: "")[0]) }
  }

  private static func keys(userName: String, address: String) -> [String] {
    ["account:" + userName.trimmingCharacters(in: .whitespaces).lowercased(), "address:" + address]
  }

  private func prune(_ records: inout [String: Record], now: Date) {
    records = records.filter {
      now.timeIntervalSince($0.value.lastFailure) < accountPolicy.memory
    }
    if records.count > capacity {
      // Down to three quarters, so the sort is paid once per many insertions.
      let keep = records.sorted { $0.value.lastFailure > $1.value.lastFailure }
        .prefix(capacity * 3 / 4)
      records = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
  }
}
