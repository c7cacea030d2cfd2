import Foundation

/// What the sign-in throttle remembers about one key (an account name or a client address):
/// how many sign-ins failed (or are being checked, counted before they are: see
/// ``SignInThrottle/reserveAttempt(userName:address:at:)``), when the last one did, and until
/// when attempts must wait.
public struct SignInFailureRecord: Sendable, Hashable {
  /// Failed sign-ins counted so far, with those being checked now.
  public var failures: Int
  /// When the latest one failed (or began).
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
/// The throttle decides what an attempt does to the records; the ledger only keeps them and
/// applies a change to several keys at once, atomically with respect to every other ledger on
/// the same database: a check and the count it leads to are one step, so no number of
/// attempts at once, on any number of instances, can all pass the same check.
public protocol SignInFailureLedger: Sendable {
  /// The records of those of `keys` that have one.
  /// - Throws: When the records cannot be read (a database that is not answering).
  func signInFailures(keys: [String]) throws -> [String: SignInFailureRecord]

  /// Forgets every record whose last failure is before `forgettingBefore`, then replaces the
  /// records of `keys` with what `change` makes of them, all in one transaction that no other
  /// ledger on the same database interleaves with.
  ///
  /// `change` gets the records those of `keys` have, and returns the records they have after:
  /// a key missing from its answer loses its record. It must only compute: a database ledger
  /// may run it more than once.
  /// - Throws: When the records cannot be read or written.
  func changeSignInFailures(
    keys: [String], forgettingBefore: Date,
    _ change: (_ records: [String: SignInFailureRecord]) -> [String: SignInFailureRecord]
  ) throws
}
