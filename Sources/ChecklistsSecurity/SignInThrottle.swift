import Foundation

/// Slows down password guessing: after a few failed sign-ins for one account, or from one
/// address, every further attempt must wait, and the wait doubles with each failure.
///
/// Names are counted as typed, known or not, so the throttle treats every name alike and says
/// nothing about which exist. The counts live in a ``SignInFailureLedger``: in memory for one
/// process, or in the database that several server instances share, so that a guesser who
/// spreads attempts over instances is throttled as one. An attempt is counted before its
/// password is checked, in the same step that decides it may go ahead, and given back when the
/// password was right: so the limit holds for attempts made all at once as for one at a time.
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
  /// nil when it may try now. Only a look: the attempt itself is
  /// ``reserveAttempt(userName:address:at:)``, which checks and counts in one step.
  /// - Throws: What the ledger throws when it cannot be read.
  public func waitBeforeAttempt(userName: String, address: String, at date: Date) throws
    -> TimeInterval?
  {
    let keys = Self.keys(userName: userName, address: address)
    let records = try ledger.signInFailures(keys: keys)
    return Self.wait(keys.compactMap { records[$0] }, at: date)
  }

  /// Reserves an attempt to sign in as `userName` from `address`: unless either must wait, the
  /// attempt is counted as a failure now, before the password is checked, in the same step as
  /// the check. However many attempts run at once, on however many instances, no more of them
  /// get through than would one after another. The caller then gives the attempt back when the
  /// password was right (``recordSuccess(userName:address:at:)``) or was never judged
  /// (``refundAttempt(userName:address:at:)``); a wrong password keeps it counted.
  /// - Returns: nil when the attempt may go ahead; else how long to wait, and nothing counted.
  /// - Throws: What the ledger throws when it cannot be read or written.
  public func reserveAttempt(userName: String, address: String, at date: Date) throws
    -> TimeInterval?
  {
    let keys = Self.keys(userName: userName, address: address)
    var wait: TimeInterval?
    try ledger.changeSignInFailures(keys: keys, forgettingBefore: forgettingBefore(date)) {
      records in
      wait = Self.wait(keys.compactMap { records[$0] }, at: date)
      guard wait == nil else { return records }
      return failed(records, keys: keys, at: date)
    }
    return wait
  }

  /// Records a failed sign-in that was not reserved: counts it whether or not it had to wait.
  /// - Throws: What the ledger throws when it cannot be written.
  public func recordFailure(userName: String, address: String, at date: Date) throws {
    let keys = Self.keys(userName: userName, address: address)
    try ledger.changeSignInFailures(keys: keys, forgettingBefore: forgettingBefore(date)) {
      failed($0, keys: keys, at: date)
    }
  }

  /// Records a successful sign-in of a reserved attempt: the account's failures are forgiven,
  /// and the address gets its attempt back (its other failures stay, so one known password
  /// does not open the door to guessing others).
  /// - Throws: What the ledger throws when it cannot be written.
  public func recordSuccess(userName: String, address: String, at date: Date) throws {
    let keys = Self.keys(userName: userName, address: address)
    try ledger.changeSignInFailures(keys: keys, forgettingBefore: forgettingBefore(date)) {
      var records = refunded($0, keys: [keys[1]], at: date)
      records[keys[0]] = nil
      return records
    }
  }

  /// Gives back a reserved attempt whose password was never judged (the database failed, or
  /// the request was refused for another reason): it counts against neither key.
  /// - Throws: What the ledger throws when it cannot be written.
  public func refundAttempt(userName: String, address: String, at date: Date) throws {
    let keys = Self.keys(userName: userName, address: address)
    try ledger.changeSignInFailures(keys: keys, forgettingBefore: forgettingBefore(date)) {
      refunded($0, keys: keys, at: date)
    }
  }

  // MARK: - The rules

  /// How long attempts wait for the latest block among `records`, or nil.
  private static func wait(_ records: [SignInFailureRecord], at date: Date) -> TimeInterval? {
    guard let until = records.map(\.blockedUntil).max(), until > date else { return nil }
    return until.timeIntervalSince(date)
  }

  /// The rules of the key: the account's or the address's.
  private func policy(_ key: String) -> Policy {
    key.hasPrefix(Self.accountPrefix) ? accountPolicy : addressPolicy
  }

  /// Records last failed before this are forgotten.
  private func forgettingBefore(_ date: Date) -> Date {
    date.addingTimeInterval(-max(accountPolicy.memory, addressPolicy.memory))
  }

  /// `records` with one more failure at `date` for each of `keys`; past the free failures, the
  /// wait doubles with each.
  private func failed(
    _ records: [String: SignInFailureRecord], keys: [String], at date: Date
  ) -> [String: SignInFailureRecord] {
    var records = records
    for key in keys {
      let rules = policy(key)
      var record =
        records[key] ?? SignInFailureRecord(failures: 0, lastFailure: date, blockedUntil: date)
      if date.timeIntervalSince(record.lastFailure) > rules.memory { record.failures = 0 }
      record.failures += 1
      record.lastFailure = max(record.lastFailure, date)
      let over = record.failures - rules.freeFailures
      if over > 0 {
        let delay = min(
          rules.firstDelay * pow(2, Double(min(over - 1, 30))), rules.maximumDelay)
        record.blockedUntil = max(record.blockedUntil, date.addingTimeInterval(delay))
      }
      records[key] = record
    }
    return records
  }

  /// `records` with one failure fewer for each of `keys`. A key back within its free failures
  /// waits no more; one still past them keeps its wait (the reserved attempt may have
  /// lengthened it, by one doubling at most: the cautious side).
  private func refunded(
    _ records: [String: SignInFailureRecord], keys: [String], at date: Date
  ) -> [String: SignInFailureRecord] {
    var records = records
    for key in keys {
      guard var record = records[key] else { continue }
      record.failures -= 1
      if record.failures <= 0 {
        records[key] = nil
        continue
      }
      if record.failures <= policy(key).freeFailures {
        record.blockedUntil = min(record.blockedUntil, date)
      }
      records[key] = record
    }
    return records
  }

  private static let accountPrefix = "account:"

  private static func keys(userName: String, address: String) -> [String] {
    [
      accountPrefix + userName.trimmingCharacters(in: .whitespaces).lowercased(),
      "address:" + address,
    ]
  }
}
