import Foundation
import Synchronization

/// Encoded JSON bodies of the read-heavy routes, so a GET can be answered without the
/// database.
///
/// Every entry belongs to a generation, and the generation moves on with every change: at once
/// for a write through this server (``invalidate()`` runs before the write's response goes
/// out), and at the change watcher's next read of the change log for a write by another
/// process. A reader takes the generation *before* it reads the database and stores under that
/// one, so an entry filled from data older than a write can never be served after it.
/// `reminderDate` depends on the clock too, so an entry also ends when a reminder it shows passes.
final class ResponseCache: Sendable {
  enum Key: Hashable, Sendable {
    case checklists
    case checklist(UUID)
    case items(UUID)
    /// The catalogue, with prices formatted for a locale (its identifier).
    case catalogue(locale: String)
    case shoppingLists
    /// A shopping list's contents, with prices formatted for a locale (its identifier).
    case shoppingList(UUID, locale: String)
  }

  /// A cached answer: its body and ETag.
  struct Entry: Sendable {
    var generation: UInt64
    var body: [UInt8]
    var etag: EntityTag
    /// When the body goes stale by itself (a reminder in it passes); nil for never.
    var validUntil: Date?
  }

  private struct State {
    var generation: UInt64 = 0
    var entries: [Key: Entry] = [:]
  }

  private let state = Mutex(State())
  private let capacity: Int

  init(capacity: Int = 128) {
    self.capacity = capacity
  }

  /// The current generation: take it before reading what will be stored.
  var generation: UInt64 { state.withLock { $0.generation } }

  /// Forgets everything: something changed.
  func invalidate() {
    state.withLock { state in
      state.generation &+= 1
      state.entries.removeAll(keepingCapacity: true)
    }
  }

  /// The entry for `key`, if it is of the current generation and still good at `now`.
  func entry(for key: Key, now: Date) -> Entry? {
    state.withLock { state in
      guard let entry = state.entries[key], entry.generation == state.generation else { return nil }
      if let validUntil = entry.validUntil, now >= validUntil { return nil }
      return entry
    }
  }

  /// Stores an answer read in `generation`; dropped if a change came in meanwhile.
  func store(_ entry: Entry, for key: Key) {
    state.withLock { state in
      guard entry.generation == state.generation else { return }
      if state.entries.count >= capacity, state.entries[key] == nil {
        state.entries.removeAll(keepingCapacity: true)
      }
      state.entries[key] = entry
    }
  }
}
