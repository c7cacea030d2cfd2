/// How much work a store's statements have done since it opened, counted by the engine: what
/// the growth tests compare between a small and a large database.
public struct SQLWorkCounters: Sendable, Hashable {
  /// Steps of the engine's executor (SQLite's virtual-machine steps): a scan grows with the
  /// rows it passes, an index seek does not.
  public var steps: Int
  /// Rows inserted, updated or deleted, triggers included.
  public var rowsChanged: Int

  /// Creates the value.
  public init(steps: Int, rowsChanged: Int) {
    self.steps = steps
    self.rowsChanged = rowsChanged
  }
}
