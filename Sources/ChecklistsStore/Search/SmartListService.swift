import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The smart lists (Today, Scheduled, Overdue, Flagged, All) and search, across every list a
/// user owns or is shared and their catalogue: read-only views over ``SmartListStore``.
public struct SmartListService: Sendable {
  /// Where the lists are.
  public let store: any ChecklistsDatabase
  /// Whose lists.
  public let user: User
  /// The clock, so tests can fix the time.
  public let now: @Sendable () -> Date

  /// The most items a smart list answers (its count counts them all).
  public static let itemLimit = 1_000
  /// The most results of each list and of the catalogue a search answers.
  public static let searchLimit = 50

  /// Creates the service for a user that exists.
  public init(
    store: any ChecklistsDatabase, user: User, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.user = user
    self.now = now
  }

  /// Now and the end of today in `timeZone` (Gregorian).
  public func bounds(in timeZone: TimeZone) -> SmartListBounds {
    let date = now()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let start = calendar.startOfDay(for: date)
    let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86400)
    return SmartListBounds(now: date, endOfToday: end, today: CivilDay(date, in: timeZone))
  }

  /// Each smart list's count, in the order the apps show them.
  /// - Parameter timeZone: Where "today" is.
  public func counts(in timeZone: TimeZone) throws -> [(kind: SmartListKind, count: Int)] {
    let bounds = bounds(in: timeZone)
    let counts = try store.readSmartLists { tx in
      try tx.smartListCounts(userID: user.id, bounds: bounds)
    }
    return SmartListKind.allCases.map { ($0, counts[$0] ?? 0) }
  }

  /// A smart list's items with their lists, in its order (see ``SmartListKind``), at most
  /// ``itemLimit``.
  public func items(_ kind: SmartListKind, in timeZone: TimeZone) throws -> [(
    Checklist, ChecklistItem
  )] {
    let bounds = bounds(in: timeZone)
    let checklists = ChecklistService(store: store, owner: user, now: now)
    return try store.readSmartLists { tx in
      let items = try tx.smartListItems(
        userID: user.id, kind: kind, bounds: bounds, limit: Self.itemLimit)
      let lists = Dictionary(
        uniqueKeysWithValues: try checklists.visibleChecklists(in: tx).map { ($0.id, $0) })
      return items.compactMap { item in lists[item.checklistID].map { ($0, item) } }
    }
  }

  /// What a search found: the items of each list that match, and the catalogue's.
  public struct SearchResults: Sendable {
    /// The folded words searched for.
    public var words: [String]
    /// Each list with matches, in All Lists order, with at most ``searchLimit`` of its
    /// matching items in its order (checked ones too).
    public var lists: [(checklist: Checklist, items: [ChecklistItem])]
    /// The catalogue items that match, by name, at most ``searchLimit``.
    public var catalogue: [ShoppingItem]
  }

  /// Searches the text and notes of the items of every list the user sees, and their
  /// catalogue's names: every word of `query` must be the start of a word of the thing,
  /// ignoring case, accents and width.
  /// - Throws: `invalidInput` for a query without a letter or digit.
  /// - Complexity: One range of the search index per query word.
  /// The most words one search may hold.
  public static let maximumWords = 10

  public func search(_ query: String) throws -> SearchResults {
    let words = SearchWords.words(query)
    guard !words.isEmpty else {
      throw ChecklistsError.invalid(
        query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
          ? MessageText("errors.search.empty")
          : MessageText("errors.search.noWords", ["query": query]))
    }
    // Each word is one more condition on every candidate: a bound keeps one request cheap.
    guard words.count <= Self.maximumWords else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.search.searchMostWords",
          ["maximumWords": "\(Self.maximumWords)", "wordsCount": String(words.count)]))
    }
    let checklists = ChecklistService(store: store, owner: user, now: now)
    return try store.readSmartLists { tx in
      let items = try tx.searchItems(userID: user.id, words: words, limitPerList: Self.searchLimit)
      let byList = Dictionary(grouping: items, by: \.checklistID)
      let lists = try checklists.visibleChecklists(in: tx).sortedForDisplay()
        .compactMap { list in byList[list.id].map { (checklist: list, items: $0) } }
      let catalogue = try tx.searchCatalogue(
        ownerID: user.id, words: words, limit: Self.searchLimit
      ).sorted(by: ShoppingItem.sortsBefore)
      return SearchResults(words: words, lists: lists, catalogue: catalogue)
    }
  }
}
