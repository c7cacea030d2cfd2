import ChecklistsCore
import ChecklistsMessages
import Foundation

/// One user's lists as CalDAV sees them: every checklist and shopping list (own and shared) a
/// calendar collection, every item or shopping line a VTODO object.
///
/// Each method is one transaction. Writes go through the same internals as the web app's
/// (``ChecklistService`` and ``ShoppingService``): the same validation, role checks, revisions
/// and change log entries, so live updates, ETags and sync tokens work for every route. On top
/// of them the store keeps the name and UID an object was PUT under and the text last PUT.
/// Items made elsewhere have no such row: their name is `{itemID}.ics` and their UID the item's
/// id, lowercase.
public struct CalendarService: Sendable {
  /// Where everything is kept.
  public let store: any CalendarObjectStore
  /// The user's checklists, whose internals the writes use.
  public let checklists: ChecklistService
  /// The user's shopping, whose internals the writes use.
  public let shopping: ShoppingService

  /// Creates the service over the same store as `checklists` and `shopping`.
  public init(
    store: any CalendarObjectStore, checklists: ChecklistService, shopping: ShoppingService
  ) {
    self.store = store
    self.checklists = checklists
    self.shopping = shopping
  }

  /// The user.
  public var owner: User { checklists.owner }

  // MARK: - Reading

  /// Every checklist and shopping list the user sees, own and shared, as collections:
  /// checklists in All Lists order, then shopping lists by name.
  /// - Complexity: O(*lists*) queries of O(log *n*) each; no item is read.
  public func collections() throws -> [CalendarCollection] {
    try store.readCalendar { tx in
      let lists = try checklists.visibleChecklists(in: tx).sortedForDisplay()
      let shoppingLists = ShoppingService.sortedByName(
        try tx.shoppingLists(ownerID: owner.id) + shopping.sharedLists(in: tx))
      return try lists.map { try collection(.checklist($0), in: tx) }
        + shoppingLists.map { try collection(.shoppingList($0), in: tx) }
    }
  }

  /// One collection.
  /// - Throws: `notFound` when the user sees no list with this id.
  public func collection(listID: UUID) throws -> CalendarCollection {
    try store.readCalendar { tx in try collection(try list(listID, for: .read, in: tx), in: tx) }
  }

  /// Every object of a collection, in the list's order (a shopping list's: by name).
  /// - Throws: `notFound` when the user sees no list with this id.
  /// - Complexity: three queries whatever the list's size: the list, its items (or entries
  ///   and its owner's catalogue) and its object rows.
  public func objects(inList listID: UUID) throws -> [CalendarObjectEntry] {
    try store.readCalendar { tx in try objects(in: try list(listID, for: .read, in: tx), tx: tx) }
  }

  /// The object with this name in a collection, or nil when there is none (a tombstone is
  /// none).
  /// - Throws: `notFound` when the user sees no list with this id.
  /// - Complexity: O(log *n*): a few lookups through indexes.
  public func object(inList listID: UUID, named name: String) throws -> CalendarObjectEntry? {
    try store.readCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      return try resolve(name, in: list, tx: tx)?.entry
    }
  }

  /// The objects with these names, in the order given, leaving out those that do not exist:
  /// for `calendar-multiget`.
  /// - Complexity: O(*k* log *n*) for *k* names.
  public func objects(inList listID: UUID, named names: [String]) throws -> [CalendarObjectEntry] {
    try store.readCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      return try names.compactMap { try resolve($0, in: list, tx: tx)?.entry }
    }
  }

  /// The collection's sync token now: the sequence of its latest change.
  /// - Throws: `notFound` when the user sees no list with this id.
  public func syncToken(inList listID: UUID) throws -> Int64 {
    try store.readCalendar { tx in
      try syncToken(of: try list(listID, for: .read, in: tx), in: tx)
    }
  }

  // MARK: - Shared rules

  /// A checklist or a shopping list, as the user may reach it.
  enum VisibleList {
    case checklist(Checklist)
    case shoppingList(ShoppingList)

    var id: UUID {
      switch self {
      case .checklist(let list): list.id
      case .shoppingList(let list): list.id
      }
    }

    var ownerID: UUID {
      switch self {
      case .checklist(let list): list.ownerID
      case .shoppingList(let list): list.ownerID
      }
    }
  }

  /// What the user may do to a list they reach: `own` for their own, else their role's.
  func access(to list: VisibleList) -> Access {
    switch list {
    case .checklist(let list): list.sharing?.role.access ?? .own
    case .shoppingList(let list): list.sharing?.role.access ?? .own
    }
  }

  /// The list with this id if the user may do `access` to it.
  /// - Throws: `notFound` when they see no such list, `forbidden` when their role is too low.
  func list(_ id: UUID, for access: Access, in tx: any CalendarStoreReader) throws -> VisibleList {
    if try tx.checklist(id: id) != nil {
      return .checklist(try checklists.accessibleChecklist(id, for: access, in: tx))
    }
    if try tx.shoppingList(id: id) != nil {
      return .shoppingList(try shopping.accessibleList(id, for: access, in: tx))
    }
    throw ChecklistsError(
      .notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString.lowercased()]))
  }

  func collection(_ list: VisibleList, in tx: any CalendarStoreReader) throws
    -> CalendarCollection
  {
    var properties = try tx.calendarCollectionProperties(listID: list.id) ?? .init()
    // The name a client made it at is in its owner's home; a sharee finds it by its id.
    if list.ownerID != owner.id { properties.pathName = nil }
    let token = try syncToken(of: list, in: tx)
    switch list {
    case .checklist(let list):
      return CalendarCollection(
        id: list.id, kind: .checklist, name: list.name, access: list.sharing?.role.access ?? .own,
        sharedFrom: list.sharing, properties: properties, syncToken: token,
        revision: list.revision)
    case .shoppingList(let list):
      return CalendarCollection(
        id: list.id, kind: .shoppingList, name: list.name,
        access: list.sharing?.role.access ?? .own, sharedFrom: list.sharing,
        properties: properties, syncToken: token, revision: list.revision)
    }
  }

  /// A checklist's latest change; a shopping list's, or its catalogue's when later (renaming
  /// a catalogue item changes every line that has it).
  func syncToken(of list: VisibleList, in tx: any CalendarStoreReader) throws -> Int64 {
    let own = try tx.lastChangeSequence(collectionID: list.id)
    guard case .shoppingList = list else { return own }
    return max(own, try tx.lastChangeSequence(collectionID: list.ownerID))
  }

  /// The name of an item made elsewhere: its id, lowercase, with `.ics`.
  static func implicitName(_ itemID: UUID) -> String { implicitUID(itemID) + ".ics" }

  /// The UID of an item made elsewhere: its id, lowercase.
  static func implicitUID(_ itemID: UUID) -> String { itemID.uuidString.lowercased() }

  /// The item id an implicit name stands for: `{uuid}.ics`, any case.
  static func itemID(fromImplicitName name: String) -> UUID? {
    guard name.lowercased().hasSuffix(".ics") else { return nil }
    return UUID(uuidString: String(name.dropLast(4)))
  }

  static func entry(_ item: ChecklistItem, row: CalendarObjectRecord?, parentUID: String?)
    -> CalendarObjectEntry
  {
    CalendarObjectEntry(
      name: row?.name ?? implicitName(item.id), uid: row?.uid ?? implicitUID(item.id),
      revision: item.revision, etag: "\(item.revision)", content: .item(item), ical: row?.ical,
      parentUID: parentUID)
  }

  static func entry(_ line: ShoppingLine, row: CalendarObjectRecord?) -> CalendarObjectEntry {
    CalendarObjectEntry(
      name: row?.name ?? implicitName(line.item.id), uid: row?.uid ?? implicitUID(line.item.id),
      revision: line.entry.revision, etag: "\(line.entry.revision)-\(line.item.revision)",
      content: .line(line), ical: row?.ical, parentUID: nil)
  }

  /// A live object found by name: its row (nil for an item made elsewhere) and entry.
  struct Resolved {
    var row: CalendarObjectRecord?
    var entry: CalendarObjectEntry
    var itemID: UUID
  }

  /// The live object with this name: a row whose item still exists, or an item made
  /// elsewhere named by its implicit name.
  func resolve(_ name: String, in list: VisibleList, tx: any CalendarStoreReader) throws
    -> Resolved?
  {
    if let row = try tx.calendarObject(listID: list.id, name: name) {
      guard let itemID = row.itemID, row.uid != nil,
        let entry = try liveEntry(itemID, row: row, in: list, tx: tx)
      else { return nil }
      return Resolved(row: row, entry: entry, itemID: itemID)
    }
    guard let itemID = Self.itemID(fromImplicitName: name),
      Self.implicitName(itemID) == name.lowercased(),
      try tx.calendarObject(listID: list.id, itemID: itemID)?.uid == nil,
      let entry = try liveEntry(itemID, row: nil, in: list, tx: tx)
    else { return nil }
    return Resolved(row: nil, entry: entry, itemID: itemID)
  }

  /// The entry of an item (or line) of the list, if it exists now.
  func liveEntry(
    _ itemID: UUID, row: CalendarObjectRecord?, in list: VisibleList, tx: any CalendarStoreReader
  ) throws -> CalendarObjectEntry? {
    switch list {
    case .checklist:
      guard let item = try tx.item(id: itemID), item.checklistID == list.id else { return nil }
      return Self.entry(item, row: row, parentUID: try parentUID(of: item, in: tx))
    case .shoppingList:
      guard let entry = try tx.entry(listID: list.id, itemID: itemID),
        let item = try tx.shoppingItem(id: itemID)
      else { return nil }
      return Self.entry(ShoppingLine(entry: entry, item: item), row: row)
    }
  }

  func parentUID(of item: ChecklistItem, in tx: any CalendarStoreReader) throws -> String? {
    guard let parentID = item.parentID else { return nil }
    return try tx.calendarObject(listID: item.checklistID, itemID: parentID)?.uid
      ?? Self.implicitUID(parentID)
  }
}
