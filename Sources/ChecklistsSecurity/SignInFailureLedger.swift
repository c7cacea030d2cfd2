import Foundation

/// What the sign-in throttle remembers about one key (an account name or a client address):
/// how many sign-ins failed, when the last one did, and until when attempts must wait.
public struct SignInFailureRecord: Sendable, Hashable {
  /// Failed sign-ins counted so far.
  public var failures: Int
  /// When the latest one failed.
  public var lastFailure: Date
  /// Attempts before this date must wait.
  public var blockedUntil: Date

  /// Creates a record.
  public init(failures: Int, lastFailure: Date, blockedUntil: Date) {
    self.failures = failures
    self.lastFailure = lastFailure
    self.blockedUntil = blockedUntil
  }
}

/// Where a ``SignInThrottle`` keeps its counts: in this process's memory
/// (``InMemorySignInFailures``), or in the database every server instance shares, so that a
/// guesser spread over instances is counted as one.
///
/// The throttle decides what a failure does to a record; the ledger only keeps records and
/// applies an update to several keys at once, atomically with respect to every other ledger
/// on the same database.
public protocol SignInFailureLedger: Sendable {
  /// The records of those of `keys` that have one.
  /// - Throws: When the records cannot be read (a database that is not answering).
  func signInFailures(keys: [String]) throws -> [String: SignInFailureRecord]

  /// Replaces the record of each of `keys` with what `update` makes of it (`nil`: none yet),
  /// in one transaction, and forgets every record whose last failure is before
  /// `forgettingBefore`.
  ///
  /// `update` must only compute: a database ledger may run it more than once.
  /// - Throws: When the records cannot be written.
  func recordSignInFailure(
    keys: [String], forgettingBefore: Date,
    update: (_ key: String, _ record: SignInFailureRecord?) -> SignInFailureRecord
  ) throws

  /// Forgets the record of `key`, if any.
  /// - Throws: When the record cannot be removed.
  func forgetSignInFailures(key: String) throws
}
