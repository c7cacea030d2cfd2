/// A subscription to a database's commits, from ``ChecklistsDatabase/observeCommittedChanges(_:)``.
public protocol DatabaseObservation: Sendable {
  /// Stops the calls; safe to call twice.
  func cancel()
}
