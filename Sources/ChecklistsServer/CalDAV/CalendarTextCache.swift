import ChecklistsCalDAV
import Foundation
import ICalendar
import Synchronization

/// The texts this process last served, per object, so a read does not parse and write every
/// object again (``CalendarObjectText/text(_:inList:)``).
///
/// An entry is used only when everything the text is made from is the same: the stored text
/// (compared in full), the fields the item gives (compared in full) and the time written. So a
/// hit is exactly what ``TodoMapping/write(_:stored:now:)`` (or the shopping line's) would give
/// now, whatever changed the item and however many processes share the database; the cache
/// saves the parse of the stored text and the write, not any check. Bounded in entries and
/// bytes; the oldest entries go first. Safe to use from any thread.
final class CalendarTextCache: Sendable {
  /// An object: its collection and name.
  struct Key: Hashable, Sendable {
    var listID: UUID
    var name: String
  }

  /// What a text was made from.
  enum Input: Equatable, Sendable {
    case todo(TodoFields)
    case line(ShoppingLineFields)
  }

  /// The stored text as read (its fields), so an unchanged stored text is not parsed again.
  enum StoredRead: Sendable {
    case todo(TodoFields?)
    case line(ShoppingLineFields?)
  }

  /// One object's last served text and what it was made from.
  struct Entry: Sendable {
    /// The text last PUT, as the store gave it.
    var stored: String?
    /// That text read.
    var storedRead: StoredRead
    /// The fields written, nil until a text is made.
    var input: Input?
    /// The time written.
    var now: Date?
    /// The text served.
    var text: String?
    /// The text parsed, for calendar-query filters; nil until a query asks.
    var component: ICalComponent?

    /// Roughly what the entry holds, in bytes.
    var cost: Int {
      (stored?.utf8.count ?? 0) + (text?.utf8.count ?? 0) * (component == nil ? 1 : 3) + 256
    }
  }

  private struct State: ~Copyable {
    var entries: [Key: Entry] = [:]
    /// Keys in the order first stored; may name keys already evicted.
    var order: [Key] = []
    var head = 0
    var bytes = 0
  }

  /// The most objects held.
  let maxEntries: Int
  /// The most bytes held, roughly.
  let maxBytes: Int
  private let state = Mutex(State())

  /// Makes a cache.
  /// - Parameters:
  ///   - maxEntries: The most objects held; 50,000 unless given.
  ///   - maxBytes: The most bytes held, roughly; 64 MiB unless given.
  init(maxEntries: Int = 50_000, maxBytes: Int = 64 << 20) {
    self.maxEntries = maxEntries
    self.maxBytes = maxBytes
  }

  /// The process's cache.
  static let shared = CalendarTextCache()

  /// The entry for an object, if held.
  func entry(_ key: Key) -> Entry? {
    state.withLock { $0.entries[key] }
  }

  /// Stores an object's entry, replacing any, and evicts the oldest while over the bounds.
  func store(_ entry: Entry, for key: Key) {
    let cost = entry.cost
    guard cost <= maxBytes else { return }
    state.withLock { state in
      if let old = state.entries.updateValue(entry, forKey: key) {
        state.bytes -= old.cost
      } else {
        state.order.append(key)
      }
      state.bytes += cost
      while state.entries.count > maxEntries || state.bytes > maxBytes,
        state.head < state.order.count
      {
        let oldest = state.order[state.head]
        state.head += 1
        if let removed = state.entries.removeValue(forKey: oldest) { state.bytes -= removed.cost }
      }
      if state.head > 1024 && state.head * 2 > state.order.count {
        state.order.removeFirst(state.head)
        state.head = 0
      }
    }
  }

  /// How many objects are held.
  var count: Int { state.withLock { $0.entries.count } }
}
