import ChecklistsCore
import ChecklistsMessages
import Foundation

extension CalendarService {
  /// Deletes an object: the item (with its subtasks) or the shopping line, in one transaction.
  /// Its row stays as a tombstone, so a sync reports the name as removed and a PUT to the
  /// same name starts afresh.
  /// - Parameters:
  ///   - ifMatch: The `If-Match` ETag (without quotes), or `*`; nil when not sent.
  ///   - ifNoneMatch: `If-None-Match`'s ETags without quotes, or `["*"]`; nil when not sent.
  /// - Throws: `notFound` when there is no such object; `forbidden` when the role does not
  ///   allow it; `stale` when `ifMatch` does not match or `ifNoneMatch` does.
  public func deleteObject(
    inList listID: UUID, named name: String, ifMatch: String? = nil,
    ifNoneMatch: [String]? = nil
  ) throws {
    try store.writeCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      guard let existing = try resolve(name, in: list, tx: tx) else {
        throw ChecklistsError(
          .notFound, MessageText("errors.calendar.noObjectNamed", ["name": name]))
      }
      try checkPreconditions(existing, name: name, ifMatch: ifMatch, ifNoneMatch: false)
      if let ifNoneMatch, ifNoneMatch.contains("*") || ifNoneMatch.contains(existing.entry.etag) {
        throw ChecklistsError(
          .stale, MessageText("errors.calendar.existsIfNone", ["name": name]))
      }
      switch list {
      case .checklist:
        _ = try checklists.deleteItem(id: existing.itemID, expectedRevision: nil, in: tx)
      case .shoppingList:
        try shopping.removeEntry(itemID: existing.itemID, fromList: listID, in: tx)
      }
      if var row = existing.row {
        row.deletedSequence = try tx.lastChangeSequence(collectionID: listID)
        try tx.saveCalendarObject(row)
      }
    }
  }

  /// Makes a checklist for MKCALENDAR (or an extended MKCOL), with its CalDAV properties.
  /// - Parameters:
  ///   - id: The id the collection's URL named, when it is a UUID; nil chooses one.
  ///   - pathName: The collection's URL segment when it is not a UUID (`work`): the list is
  ///     found there (``collectionID(pathName:)``) and its hrefs use it while it lives.
  ///   - name: The `displayname`: 1 to 200 characters, unique among the user's lists.
  ///   - color: `calendar-color`.
  ///   - order: `calendar-order`.
  ///   - dead: Other properties set, by Clark name, as XML text.
  /// - Returns: The new collection.
  /// - Throws: `invalidInput` for a bad name; `conflict` when the name or the path name is
  ///   taken; ``CalendarIDUnavailableError`` when the id cannot be used, whyever (held by
  ///   anyone, or used before); ``CalendarPropertyLimitError`` for properties past the limits
  ///   of ``CalendarCollectionProperties`` (nothing is made).
  @discardableResult
  public func createCollection(
    id: UUID? = nil, pathName: String? = nil, name: String, color: String? = nil,
    order: Int? = nil, dead: [String: String] = [:]
  ) throws -> CalendarCollection {
    try store.writeCalendar { tx in
      if let pathName,
        let taken = try tx.calendarCollectionID(ownerID: owner.id, pathName: pathName)
      {
        throw ChecklistsError(
          .conflict,
          MessageText(
            "errors.calendar.calendarExistsList",
            ["pathName": "\(pathName)", "id": taken.uuidString.lowercased()]))
      }
      // Whoever holds the id (another user, a deleted list, anything else), the answer is
      // the same: it tells nothing about what is behind an id the user cannot see.
      if let id,
        try tx.checklist(id: id) != nil || tx.shoppingList(id: id) != nil
          || tx.claim(onID: id) != nil
      {
        throw CalendarIDUnavailableError(id: id)
      }
      // With no claim on the id, the list made is new (a replay needs one).
      let list = try checklists.makeList(
        id: id, named: name, icon: .userDefault, hidesChecked: nil, in: tx
      ).list
      let properties = CalendarCollectionProperties(
        color: color, order: order, deadProperties: dead)
      try properties.checkLimits(after: .init(), set: Set(dead.keys), setsColor: color != nil)
      try tx.saveCalendarCollectionProperties(properties, listID: list.id)
      if let pathName {
        try tx.saveCalendarCollectionPath(listID: list.id, ownerID: owner.id, pathName: pathName)
      }
      return try collection(.checklist(list), in: tx)
    }
  }

  /// The list a client made at `pathName` (a URL segment that is not a UUID) in the user's
  /// home, while it lives.
  /// - Returns: Its id, or nil when no living list was made there.
  public func collectionID(pathName: String) throws -> UUID? {
    try store.readCalendar { tx in
      try tx.calendarCollectionID(ownerID: owner.id, pathName: pathName)
    }
  }

  /// Changes a collection for PROPPATCH: renames the list (its owner only) and sets its
  /// colour, order and dead properties (anyone who may change its items).
  /// - Parameters:
  ///   - name: The new name, or nil to keep it.
  ///   - color: `.some(nil)` removes it; nil keeps it.
  ///   - order: `.some(nil)` removes it; nil keeps it.
  ///   - dead: Properties to set (a value) or remove (nil), by Clark name.
  /// - Returns: The collection as it is now.
  /// - Throws: `notFound`, `forbidden`, `invalidInput`, `conflict` (name taken), or
  ///   ``CalendarPropertyLimitError`` for properties past the limits of
  ///   ``CalendarCollectionProperties`` (nothing is changed, the name neither).
  @discardableResult
  public func updateCollection(
    listID: UUID, name: String? = nil, color: String?? = nil, order: Int?? = nil,
    dead: [String: String?] = [:]
  ) throws -> CalendarCollection {
    try store.writeCalendar { tx in
      let needed: Access = name != nil ? .own : .edit
      var list = try list(listID, for: needed, in: tx)
      if let name {
        switch list {
        case .checklist(let checklist) where checklist.name != name:
          list = .checklist(
            try checklists.updateList(
              id: listID, name: name, icon: nil, hidesChecked: nil, expectedRevision: nil,
              in: tx))
        case .shoppingList(let shoppingList) where shoppingList.name != name:
          list = .shoppingList(
            try shopping.renameList(id: listID, to: name, expectedRevision: nil, in: tx))
        default: break
        }
      }
      if color != nil || order != nil || !dead.isEmpty {
        let previous = try tx.calendarCollectionProperties(listID: listID) ?? .init()
        var properties = previous
        if let color { properties.color = color }
        if let order { properties.order = order }
        for (key, value) in dead { properties.deadProperties[key] = value }
        try properties.checkLimits(
          after: previous, set: Set(dead.compactMap { $0.value == nil ? nil : $0.key }),
          setsColor: color.flatMap { $0 } != nil)
        try tx.saveCalendarCollectionProperties(properties, listID: listID)
      }
      return try collection(list, in: tx)
    }
  }

  /// Deletes a collection: the checklist or shopping list, for its owner only, when the
  /// request's preconditions hold against the collection as it is (``CalendarCollection/etag``),
  /// checked in the same transaction.
  /// - Parameters:
  ///   - ifMatch: `If-Match`'s strong ETags without quotes, or `["*"]`; nil when not sent.
  ///   - ifNoneMatch: `If-None-Match`'s ETags without quotes, or `["*"]`; nil when not sent.
  /// - Throws: `notFound`, `forbidden`; `stale` when a precondition fails (nothing is deleted).
  public func deleteCollection(
    listID: UUID, ifMatch: [String]? = nil, ifNoneMatch: [String]? = nil
  ) throws {
    try store.writeCalendar { tx in
      let list = try list(listID, for: .own, in: tx)
      let etag = String(try syncToken(of: list, in: tx))
      if let ifMatch, !ifMatch.contains("*"), !ifMatch.contains(etag) {
        throw ChecklistsError(
          .stale,
          MessageText(
            "errors.calendar.collectionChanged", ["sent": ifMatch.first ?? "", "etag": etag]))
      }
      if let ifNoneMatch, ifNoneMatch.contains("*") || ifNoneMatch.contains(etag) {
        throw ChecklistsError(
          .stale,
          MessageText(
            "errors.calendar.exists",
            ["sent": ifNoneMatch.contains("*") ? "*" : "\"\(etag)\""]))
      }
      switch list {
      case .checklist:
        _ = try checklists.deleteList(id: listID, expectedRevision: nil, in: tx)
      case .shoppingList:
        _ = try shopping.deleteList(id: listID, expectedRevision: nil, in: tx)
      }
    }
  }
}
