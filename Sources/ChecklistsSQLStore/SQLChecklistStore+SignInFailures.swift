import ChecklistsCore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import SQLDatabase

/// The sign-in throttle's counts (``ChecklistsSecurity/SignInThrottle``), kept in the database
/// so that every server instance on it counts a guesser's failures together.
extension SQLChecklistStore {
  /// A row per throttled key (`account:<name>`, `address:<address>`). Written in SQL both
  /// engines run.
  static func migrateToSignInFailures(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE sign_in_failures (
        throttle_key TEXT PRIMARY KEY NOT NULL,
        failures BIGINT NOT NULL,
        -- Seconds since 2001, as every date in the schema.
        last_failure DOUBLE PRECISION NOT NULL,
        blocked_until DOUBLE PRECISION NOT NULL);
      CREATE INDEX sign_in_failures_by_last_failure ON sign_in_failures(last_failure);
      """)
  }

  /// The records of those of `keys` that have one.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public func signInFailures(keys: [String]) throws -> [String: SignInFailureRecord] {
    guard !keys.isEmpty else { return [:] }
    do {
      let rows = try queue.read { db in
        try db.query(
          """
          SELECT throttle_key, failures, last_failure, blocked_until FROM sign_in_failures
          WHERE throttle_key IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))
          """, arguments: keys, map: Self.signInFailure)
      }
      return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  /// Forgets records whose last failure is before `forgettingBefore`, then replaces the
  /// records of `keys` with what `change` makes of them, in one write transaction: it holds
  /// the database's write lock (SQLite's, or the advisory lock every PostgreSQL write takes),
  /// so it serializes with every other instance's, and the check inside `change` and the
  /// count it writes are one step.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public func changeSignInFailures(
    keys: [String], forgettingBefore: Date,
    _ change: ([String: SignInFailureRecord]) -> [String: SignInFailureRecord]
  ) throws {
    do {
      try queue.write { db in
        try db.run("DELETE FROM sign_in_failures WHERE last_failure < ?", forgettingBefore)
        var stored: [String: SignInFailureRecord] = [:]
        for key in keys {
          stored[key] = try db.queryFirst(
            """
            SELECT throttle_key, failures, last_failure, blocked_until FROM sign_in_failures
            WHERE throttle_key = ?
            """, key, map: Self.signInFailure)?.1
        }
        let changed = change(stored)
        for key in keys where changed[key] != stored[key] {
          guard let record = changed[key] else {
            try db.run("DELETE FROM sign_in_failures WHERE throttle_key = ?", key)
            continue
          }
          try db.run(
            """
            INSERT INTO sign_in_failures (throttle_key, failures, last_failure, blocked_until)
            VALUES (?, ?, ?, ?)
            ON CONFLICT (throttle_key) DO UPDATE SET failures = excluded.failures,
              last_failure = excluded.last_failure, blocked_until = excluded.blocked_until
            """, key, Int64(record.failures), record.lastFailure, record.blockedUntil)
        }
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  private static func signInFailure(_ row: SQLRow) -> (String, SignInFailureRecord) {
    (
      row.string(0),
      SignInFailureRecord(
        failures: row.int(1), lastFailure: row.date(2), blockedUntil: row.date(3))
    )
  }
}
