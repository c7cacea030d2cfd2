import Foundation

/// Slows down password guessing: after a few failed sign-ins for one account, or from one
/// address, every further attempt must wait, and the wait doubles with each failure.
///
/// Names are counted as typed, known or not, so the throttle treats every name alike and says
/// nothing about which exist. The counts live in a ``SignInFailureLedger``: in memory for one
/// process, or in the database that several server instances share, so that a guesser who
/// spreads attempts over instances is throttled as one.
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

  private let accountPolicy: Policy
  private let addressPolicy: Policy
  /// Where the counts are kept.
  private let ledger: any SignInFailureLedger

  /// Creates a throttle that counts in this process's memory, at most about `capacity` keys.
  public convenience init(
    perAccount: Policy = .perAccount, perAddress: Policy = .perAddress, capacity: Int = 100_000
  ) {
    self.init(
      perAccount: perAccount, perAddress: perAddress,
      ledger: InMemorySignInFailures(capacity: capacity))
  }

  /// Creates a throttle that counts in `ledger`: the database, for servers that share one.
  public init(
    perAccount: Policy = .perAccount, perAddress: Policy = .perAddress,
    ledger: any SignInFailureLedger
  ) {
    accountPolicy = perAccount
    addressPolicy = perAddress
    self.ledger = ledger
  }

  /// How long the caller must wait before trying to sign in as `userName` from `address`, or
  /// nil when it may try now.
  /// - Throws: What the ledger throws when it cannot be read.
  public func waitBeforeAttempt(userName: String, address: String, at date: Date) throws
    -> TimeInterval?
  {
    let keys = Self.keys(userName: userName, address: address)
    let records = try ledger.signInFailures(keys: keys)
    let until = keys.compactMap { records[$0]?.blockedUntil }.max()
    guard let until, until > date else { return nil }
    return until.timeIntervalSince(date)
  }

  /// Records a failed sign-in.
  /// - Throws: What the ledger throws when it cannot be written.
  public func recordFailure(userName: String, address: String, at date: Date) throws {
    let keys = Self.keys(userName: userName, address: address)
    let (accountKey, accountPolicy, addressPolicy) = (keys[0], accountPolicy, addressPolicy)
    let memory = max(accountPolicy.memory, addressPolicy.memory)
    try ledger.recordSignInFailure(
      keys: keys, forgettingBefore: date.addingTimeInterval(-memory)
    ) { key, stored in
      let policy = key == accountKey ? accountPolicy : addressPolicy
      var record =
        stored ?? SignInFailureRecord(failures: 0, lastFailure: date, blockedUntil: date)
      if date.timeIntervalSince(record.lastFailure) > policy.memory { record.failures = 0 }
      record.failures += 1
      record.lastFailure = max(record.lastFailure, date)
      let over = record.failures - policy.freeFailures
      if over > 0 {
        let delay = min(
          policy.firstDelay * pow(2, Double(min(over - 1, 30))), policy.maximumDelay)
        record.blockedUntil = max(record.blockedUntil, date.addingTimeInterval(delay))
      }
      return record
    }
  }

  /// Records a successful sign-in: the account's failures are forgiven (the address's are
  /// not, so one known password does not open the door to guessing others).
  /// - Throws: What the ledger throws when it cannot be written.
  public func recordSuccess(userName: String) throws {
    try ledger.forgetSignInFailures(key: Self.keys(userName: userName, address: "")[0])
  }

  private static func keys(userName: String, address: String) -> [String] {
    ["account:" + userName.trimmingCharacters(in: .whitespaces).lowercased(), "address:" + address]
  }
}
