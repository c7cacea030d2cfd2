import Synchronization

/// The time this process has spent inside database transactions, every pool and engine
/// together: what `checklists_database_seconds_total` on `/metrics` shows.
///
/// Pools wrap the outermost transaction of each `read` and `write` in ``measure(_:)``; the
/// count is one atomic add per transaction.
public enum SQLTransactionClock {
  private static let nanoseconds = Atomic<UInt64>(0)

  /// The seconds spent inside transactions since the process started.
  public static var seconds: Double {
    Double(nanoseconds.load(ordering: .relaxed)) / 1e9
  }

  /// Runs `body`, adding the time it takes to ``seconds``.
  /// - Parameter body: One transaction, from its start to its commit or rollback.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws (its time still counts).
  public static func measure<T>(_ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer {
      let elapsed = start.duration(to: .now)
      let total =
        elapsed.components.seconds * 1_000_000_000
        + elapsed.components.attoseconds / 1_000_000_000
      nanoseconds.add(UInt64(max(0, total)), ordering: .relaxed)
    }
    return try body()
  }
}
