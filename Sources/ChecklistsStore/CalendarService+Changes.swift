import ChecklistsCore
import Foundation

extension CalendarService {
  /// What changed in a collection after a sync token, read from the change log: for
  /// `sync-collection`. Deletions made by any route (the web app, the CLI, CalDAV) are
  /// reported by the name the object had, or `{itemID}.ics` for one never PUT.
  /// - Parameters:
  ///   - listID: The collection.
  ///   - token: A token this call or ``syncToken(inList:)`` gave; 0 for an initial sync, which
  ///     reports every object.
  ///   - after: With `token`, the ``CalendarChanges/resumeAfter`` of an initial sync cut short:
  ///     the rest of that initial sync (the objects after it, in item id order, as they are
  ///     now). Its last page gives the first page's token back, so the next call reports what
  ///     changed meanwhile to the objects already sent.
  ///   - limit: The most objects to report; when more changed, `truncated` is set and the
  ///     token returned (with `resumeAfter` for an initial sync) is where the next call goes
  ///     on. An initial sync cut short reports its objects in item id order.
  /// - Throws: `notFound` for a list the user does not see; ``CalendarSyncTokenError`` for a
  ///   token older than the log keeps, newer than it has, or from before a change that
  ///   rewrote the whole list (an import, a reset, a rename, a finished shopping trip): the
  ///   client then syncs again from nothing.
  /// - Complexity: O((*changes* since the token) × log *n*) through the index of changes by
  ///   collection; an initial sync costs what ``objects(inList:)`` costs.
  public func changes(
    inList listID: UUID, since token: Int64, after: UUID? = nil, limit: Int = 1_000
  ) throws -> CalendarChanges {
    try store.readCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      let (pruned, last) = try tx.changeLogBoundsNow()
      let now = try syncToken(of: list, in: tx)
      if token == 0 && after == nil {
        let objects = try objects(in: list, tx: tx)
        guard objects.count > limit else {
          return CalendarChanges(changed: objects, deleted: [], token: now, truncated: false)
        }
        return Self.initialPage(objects, after: nil, limit: limit, token: now)
      }
      guard token > 0, token <= last else {
        throw CalendarSyncTokenError(
          "The sync token \(token) is not one this server gave (the latest is \(last)).")
      }
      guard token >= pruned else {
        throw CalendarSyncTokenError(
          "The sync token \(token) is older than the change log keeps (changes up to "
            + "\(pruned) were pruned); sync again from the start.")
      }
      if let after {
        return Self.initialPage(
          try objects(in: list, tx: tx), after: after, limit: limit, token: token)
      }
      var changes = try tx.changes(collectionID: listID, after: token, limit: Int(Int32.max))
      if case .shoppingList = list {
        changes += try tx.changes(collectionID: list.ownerID, after: token, limit: Int(Int32.max))
          .filter { $0.kind.scope == .catalogue }
        changes.sort { $0.sequence < $1.sequence }
      }
      var ids: [UUID] = []
      var fromOwnLog = Set<UUID>()
      var seen = Set<UUID>()
      var reached = token
      var truncated = false
      for change in changes {
        switch change.kind {
        case .listUpdated, .shoppingListUpdated, .catalogueUpdated, .listCreated,
          .shoppingListCreated:
          throw CalendarSyncTokenError(
            "The list changed as a whole since the sync token \(token) (an import, a reset, a "
              + "rename or a finished shopping trip); sync again from the start.")
        case .itemAdded, .itemUpdated, .itemMoved, .itemDeleted, .entryAdded, .entryUpdated,
          .entryDeleted, .catalogueItemAdded, .catalogueItemUpdated, .catalogueItemDeleted:
          guard let itemID = change.itemID else { break }
          if change.kind.scope != .catalogue { fromOwnLog.insert(itemID) }
          if !seen.contains(itemID) {
            if ids.count == limit {
              truncated = true
              break
            }
            seen.insert(itemID)
            ids.append(itemID)
          }
        default: break
        }
        if truncated { break }
        reached = change.sequence
      }
      var changed: [CalendarObjectEntry] = []
      var deleted: [String] = []
      for itemID in ids {
        let row = try tx.calendarObject(listID: listID, itemID: itemID)
        if let entry = try liveEntry(itemID, row: row?.uid == nil ? nil : row, in: list, tx: tx) {
          changed.append(entry)
        } else if fromOwnLog.contains(itemID) {
          deleted.append(row?.name ?? Self.implicitName(itemID))
        }
      }
      return CalendarChanges(
        changed: changed, deleted: deleted, token: truncated ? reached : max(reached, now),
        truncated: truncated)
    }
  }

  /// One page of an initial sync: the objects after `after` in item id order, at most
  /// `limit`, with `token` (the first page's) and, when more are left, where to go on.
  static func initialPage(
    _ objects: [CalendarObjectEntry], after: UUID?, limit: Int, token: Int64
  ) -> CalendarChanges {
    let key = { (entry: CalendarObjectEntry) in entry.itemID.uuidString }
    let start = after?.uuidString
    let rest = objects.filter { start == nil || key($0) > start! }.sorted { key($0) < key($1) }
    let page = Array(rest.prefix(limit))
    let truncated = rest.count > page.count
    return CalendarChanges(
      changed: page, deleted: [], token: token, truncated: truncated,
      resumeAfter: truncated ? page.last?.itemID : nil)
  }

  /// Every object of a list, from a read already open.
  func objects(in list: VisibleList, tx: any CalendarStoreReader) throws -> [CalendarObjectEntry] {
    let rows = try tx.calendarObjects(listID: list.id)
    var byItem: [UUID: CalendarObjectRecord] = [:]
    for row in rows where row.uid != nil { if let itemID = row.itemID { byItem[itemID] = row } }
    switch list {
    case .checklist:
      return try tx.items(checklistID: list.id).groupedBySubtasks().map { item in
        let parentUID = item.parentID.map { byItem[$0]?.uid ?? Self.implicitUID($0) }
        return Self.entry(item, row: byItem[item.id], parentUID: parentUID)
      }
    case .shoppingList:
      var catalogue: [UUID: ShoppingItem] = [:]
      for item in try tx.shoppingItems(ownerID: list.ownerID) { catalogue[item.id] = item }
      return try tx.entries(listID: list.id).compactMap { entry -> ShoppingLine? in
        catalogue[entry.itemID].map { ShoppingLine(entry: entry, item: $0) }
      }
      .sorted { $0.item.name.localizedStandardCompare($1.item.name) == .orderedAscending }
      .map { Self.entry($0, row: byItem[$0.item.id]) }
    }
  }
}
