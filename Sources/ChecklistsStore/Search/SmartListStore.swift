import ChecklistsCore
import Foundation

/// Where search and the smart lists read from, with the same consistent snapshots as
/// ``ChecklistStore``. The rules (what each smart list holds, how results group) live once,
/// in ``SmartListService``.
public protocol SmartListStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func readSmartLists<T: Sendable>(_ body: (any SmartListStoreReader) throws -> T) throws -> T
}

/// The ranges of due dates the smart lists are cut by, fixed for one reading.
public struct SmartListBounds: Sendable, Equatable {
  /// Now: an item due before it is overdue.
  public var now: Date
  /// The end of today in the reader's time zone: an item due before it is for today.
  public var endOfToday: Date
  /// Today's date in the reader's time zone: an item due on a day before it is overdue, on it
  /// or before for today (a due day is the same day wherever the reader is).
  public var today: CivilDay

  /// Creates the bounds; `today` defaults to the day of `now` in UTC.
  public init(now: Date, endOfToday: Date, today: CivilDay? = nil) {
    self.now = now
    self.endOfToday = endOfToday
    self.today = today ?? CivilDay(now, in: TimeZone(secondsFromGMT: 0)!)
  }

}

/// The reading primitives of search and the smart lists, valid only inside
/// ``SmartListStore/readSmartLists(_:)``. "Visible" lists are those the user owns and those
/// shared with them.
public protocol SmartListStoreReader: ChecklistStoreReader {
  /// How many unchecked items of the user's visible lists each smart list holds.
  /// - Complexity: O(*lists* log *items* + *k*) entries of indexes on unchecked items; All is
  ///   the lists' stored counts, no item is read.
  func smartListCounts(userID: UUID, bounds: SmartListBounds) throws -> [SmartListKind: Int]

  /// The unchecked items of the user's visible lists that a smart list holds, in its order
  /// (see ``SmartListKind``), at most `limit`.
  func smartListItems(userID: UUID, kind: SmartListKind, bounds: SmartListBounds, limit: Int)
    throws -> [ChecklistItem]

  /// The items of the user's visible lists (checked ones too) each of whose words of `words`
  /// is the start of a word of their text or notes, at most `limitPerList` of each list, in
  /// each list's order.
  /// - Parameter words: Folded words (``SearchWords``), at least one.
  /// - Complexity: One index range of the search words per query word.
  func searchItems(userID: UUID, words: [String], limitPerList: Int) throws -> [ChecklistItem]

  /// The user's catalogue items each of whose words of `words` is the start of a word of
  /// their name, at most `limit`, in no particular order.
  func searchCatalogue(ownerID: UUID, words: [String], limit: Int) throws -> [ShoppingItem]
}
