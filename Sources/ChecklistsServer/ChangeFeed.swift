import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation

/// The delta feed of one user, `GET /api/v1/changes`: the changes after a cursor, in commit
/// order, across everything the user can read, each as the thing's state now or a tombstone.
///
/// Which changes a user hears of, and as what, is ``EventAudience``'s rule, the one the event
/// stream follows: a catalogue change reaches those a shopping list is shared with as a change
/// of each shared list that shows it. Each change then names things (``Target``), whose state
/// is read at request time, by id, through the user's services, so reading obeys the same
/// rules as a GET. A change that stands for many (an import's `listCreated`/`listUpdated`, a
/// finished trip's `shoppingListUpdated`, `catalogueUpdated`) names the whole list, whose state
/// holds every item, or every catalogue item: nothing is skipped.
struct ChangeFeed {
  /// The most entries one page holds unless a client asks for fewer.
  static let defaultLimit = 500
  /// The most entries a client may ask for.
  static let maximumLimit = 1_000
  /// How many reads of the log one page makes at most: changes the user does not hear of
  /// (another member's sharing changes) are passed over without filling the page.
  static let maximumReads = 8

  let api: ChecklistsAPI
  /// How prices in the states are shown.
  let locale: Locale

  /// A thing a change names.
  enum Target: Hashable {
    case checklist(UUID)
    case item(UUID, listID: UUID)
    case shoppingList(UUID)
    case entry(itemID: UUID, listID: UUID)
    case catalogueItem(UUID)
    /// The whole catalogue: every item in it.
    case catalogue
    /// Who a list is shared with (for its owner), or the share itself (for the other user).
    case share(listID: UUID)
  }

  /// One page of the feed.
  struct Page: Encodable {
    var changes: [Entry]
    var next: String
    var more: Bool
  }

  /// A thing's state after a change, or its tombstone.
  struct Entry: Encodable {
    var cursor: String
    var kind: String
    var id: UUID
    /// The checklist of an item, the shopping list of an entry.
    var listID: UUID?
    /// For an item: the item before it in its list now (`null` when it is first).
    var after: UUID??
    /// `true` for a tombstone, which has no state.
    var deleted: Bool?
    var state: (any Encodable)?

    enum CodingKeys: String, CodingKey { case cursor, kind, id, listID, after, deleted, state }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cursor, forKey: .cursor)
      try container.encode(kind, forKey: .kind)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(listID, forKey: .listID)
      if let after { try container.encode(after, forKey: .after) }
      try container.encodeIfPresent(deleted, forKey: .deleted)
      if let state { try state.encode(to: container.superEncoder(forKey: .state)) }
    }
  }

  /// The page after `since` (from the start of the kept log when `nil`), of at most `limit`
  /// entries; more when one change alone names more (a whole catalogue).
  ///
  /// - Throws: 410 Gone when `since` is older than the kept log (or not from this log).
  /// - Complexity: O(`limit` log *n*) reads of the log and one read by id per entry, plus the
  ///   size of any whole list or catalogue a change names.
  func page(since: ChangeCursor?, limit: Int) throws -> Page {
    let store = api.events.store
    let userID = api.service.owner.id
    let audience = EventAudience(userID: userID, sharedLists: api.events.sharedLists(of: userID))
    var position = since?.sequence ?? 0
    var targets: [(target: Target, sequence: Int64)] = []
    var more = true
    reading: for read in 0..<Self.maximumReads {
      let (changes, prunedThrough, last) = try store.changeFeedPage(
        userID: userID, after: position, limit: limit)
      if read == 0 {
        if let since,
          since.sequence < prunedThrough || since.sequence > last
            || !since.isFrom(api.events.epoch)
        {
          throw Self.gone(since, prunedThrough: prunedThrough)
        }
        position = max(position, prunedThrough)
      }
      let lists = api.events.listsShowing(changes)
      for change in changes {
        let named = audience.events(for: change, showingOn: lists[change.sequence] ?? [])
          .map(Self.target)
        if !targets.isEmpty, targets.count + named.count > limit { break reading }
        targets += named.map { ($0, change.sequence) }
        position = change.sequence
      }
      if changes.count < limit {
        // Read to the end of the log: the cursor moves to its end, not to the user's own last
        // change, so one who rarely writes is not sent to reload in full once others' writes
        // push their last change out of the kept log. Safe because sequences commit in order:
        // nothing at or below `last` can still commit.
        position = max(position, last)
        more = false
        break
      }
      if targets.count >= limit { break }
    }
    // One entry per thing, at its latest change in the page: its state is read now anyway.
    var latest: [Target: Int64] = [:]
    for (target, sequence) in targets { latest[target] = sequence }
    var entries: [Entry] = []
    for (target, sequence) in targets where latest[target] == sequence {
      entries += try self.entries(
        for: target, cursor: ChangeCursor(sequence: sequence, epoch: api.events.epoch).text)
    }
    return Page(
      changes: entries, next: ChangeCursor(sequence: position, epoch: api.events.epoch).text,
      more: more)
  }

  /// An empty page whose `next` is the newest cursor of the log (`since=now`): every change
  /// that commits later is after it. The log's end, not the user's last change, as a page that
  /// reads to the end answers.
  func now() throws -> Page {
    let (_, last) = try api.events.store.changeLogBounds()
    return Page(
      changes: [], next: ChangeCursor(sequence: last, epoch: api.events.epoch).text, more: false)
  }

  /// The thing a change (as ``EventAudience`` addressed it to the user) names.
  static func target(_ change: Change) -> Target {
    switch change.kind {
    case .listCreated, .listUpdated, .listDeleted:
      return .checklist(change.collectionID)
    case .itemAdded, .itemUpdated, .itemMoved, .itemDeleted:
      return change.itemID.map { .item($0, listID: change.collectionID) }
        ?? .checklist(change.collectionID)
    case .shoppingListCreated, .shoppingListUpdated, .shoppingListDeleted, .tripRecorded:
      return .shoppingList(change.collectionID)
    case .entryAdded, .entryUpdated, .entryDeleted:
      return change.itemID.map { .entry(itemID: $0, listID: change.collectionID) }
        ?? .shoppingList(change.collectionID)
    case .catalogueUpdated, .shopUpdated:
      return .catalogue
    case .catalogueItemAdded, .catalogueItemUpdated, .catalogueItemDeleted:
      return change.itemID.map { .catalogueItem($0) } ?? .catalogue
    case .shareAdded, .shareUpdated, .shareRemoved:
      return .share(listID: change.collectionID)
    }
  }

  // MARK: - States

  /// The entries for one thing: its state read now, or its tombstone when it is gone (or no
  /// longer the user's to read).
  private func entries(for target: Target, cursor: String) throws -> [Entry] {
    func state(_ kind: String, _ id: UUID, listID: UUID? = nil, _ read: () throws -> any Encodable)
      throws -> Entry
    {
      do {
        return Entry(cursor: cursor, kind: kind, id: id, listID: listID, state: try read())
      } catch let error as ChecklistsError where error.code == .notFound {
        return Entry(cursor: cursor, kind: kind, id: id, listID: listID, deleted: true)
      }
    }
    switch target {
    case .checklist(let id):
      return [try state("checklist", id) { try checklistState(id) }]
    case .item(let id, let listID):
      var entry = try state("item", id, listID: listID) {
        ChecklistItemJSON(try api.service.item(id: id), now: api.service.now())
      }
      if entry.deleted == nil { entry.after = try api.events.store.itemBefore(itemID: id) ?? nil }
      return [entry]
    case .shoppingList(let id):
      return [try state("shoppingList", id) { try shoppingListState(id) }]
    case .entry(let itemID, let listID):
      return [
        try state("entry", itemID, listID: listID) {
          ShoppingLineJSON(try api.shopping.line(itemID: itemID, onList: listID), locale: locale)
        }
      ]
    case .catalogueItem(let id):
      return [
        try state("catalogueItem", id) {
          ShoppingItemJSON(try api.shopping.item(id: id), locale: locale)
        }
      ]
    case .catalogue:
      return try api.shopping.catalogue().map {
        Entry(
          cursor: cursor, kind: "catalogueItem", id: $0.id,
          state: ShoppingItemJSON($0, locale: locale))
      }
    case .share(let listID):
      return try shareEntries(listID: listID, cursor: cursor)
    }
  }

  private func checklistState(_ id: UUID) throws -> ChecklistsAPI.ListBody {
    let (list, items) = try api.service.checklistWithItems(id: id)
    let now = api.service.now()
    return ChecklistsAPI.ListBody(
      checklist: ChecklistJSON(list), items: items.map { ChecklistItemJSON($0, now: now) })
  }

  private func shoppingListState(_ id: UUID) throws -> ShoppingListContentsJSON {
    ShoppingListContentsJSON(try api.shopping.contents(ofList: id), locale: locale)
  }

  /// A sharing change: for the list's owner, who it is shared with now; for the other user, the
  /// share (as in `GET /api/v1/shares`) and the whole list, which they may read from now on; a
  /// tombstone of the share when the list is no longer theirs to read.
  private func shareEntries(listID: UUID, cursor: String) throws -> [Entry] {
    if let shared = try api.sharing.sharedWithMe().first(where: { $0.share.collectionID == listID }
    ) {
      let share = ChecklistsAPI.SharedListJSON(
        id: listID, kind: shared.share.scope.rawValue, name: shared.name,
        owner: shared.ownerName, role: shared.share.role.rawValue)
      let list =
        shared.share.scope == .checklist
        ? try entries(for: .checklist(listID), cursor: cursor)
        : try entries(for: .shoppingList(listID), cursor: cursor)
      return [Entry(cursor: cursor, kind: "share", id: listID, state: share)] + list
    }
    do {
      let members = try api.sharing.members(ofList: listID).map {
        ChecklistsAPI.MemberJSON(user: $0.userName, role: $0.role.rawValue)
      }
      return [Entry(cursor: cursor, kind: "share", id: listID, state: ["members": members])]
    } catch let error as ChecklistsError where error.code == .notFound || error.code == .forbidden {
      return [Entry(cursor: cursor, kind: "share", id: listID, deleted: true)]
    }
  }

  /// 410 Gone for a cursor the log no longer reaches back to.
  private static func gone(_ since: ChangeCursor, prunedThrough: Int64) -> APIError {
    APIError(
      status: 410,
      detail:
        MessageCatalogue.english.text("server.api.cursorSinceOlder", ["sinceText": "\(since.text)"])
    )
  }
}
