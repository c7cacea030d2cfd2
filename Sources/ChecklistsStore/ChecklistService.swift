import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Every operation on one user's checklists, with the rules applied once for every store:
/// validation, unique list names, revisions and the change log.
///
/// Each method is one transaction that touches O(1) rows (deleting a list also removes its
/// items, and an import writes what the file holds).
public struct ChecklistService: Sendable {
  /// Where the lists are kept.
  public let store: any ChecklistStore
  /// The user whose lists these are.
  public let owner: User
  /// The clock, so tests can fix the time.
  public let now: @Sendable () -> Date

  /// Creates a service for a user that already exists.
  public init(
    store: any ChecklistStore, owner: User, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.owner = owner
    self.now = now
  }

  /// Opens the single local user's lists, creating the user on first use together with the
  /// empty list `List` that the original app shows at first launch.
  ///
  /// Safe when two processes start at once: the check and the creation are one transaction.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public static func openLocal(
    store: any ChecklistStore, now: @escaping @Sendable () -> Date = Date.init
  ) throws -> ChecklistService {
    let owner = try store.write { tx -> User in
      if let user = try tx.user(named: User.localName) { return user }
      let date = now()
      let user = User(name: User.localName, createdAt: date)
      try tx.insertUser(user)
      let list = Checklist(
        ownerID: user.id, name: Checklist.firstListName, icon: .modelDefault, createdAt: date)
      try tx.insertChecklist(list)
      _ = try tx.appendChange(
        Change(
          ownerID: user.id, collectionID: list.id, kind: .listCreated, revision: list.revision,
          date: date))
      return user
    }
    return ChecklistService(store: store, owner: owner, now: now)
  }

  // MARK: - Reading

  /// The user's lists in All Lists order.
  /// - Complexity: O(*lists* log *lists*); counts are stored, items are not read.
  public func checklists() throws -> [Checklist] {
    try checklistsWithVersion().0
  }

  /// The user's own lists and those shared with them (marked with ``Checklist/sharing``).
  func visibleChecklists(in tx: any ChecklistStoreReader) throws -> [Checklist] {
    try tx.checklists(ownerID: owner.id) + sharedChecklists(in: tx)
  }

  /// The lists shared with the user, marked with ``Checklist/sharing``.
  func sharedChecklists(in tx: any ChecklistStoreReader) throws -> [Checklist] {
    try tx.shares(userID: owner.id).filter { $0.scope == .checklist }
      .compactMap { share -> Checklist? in
        guard var list = try tx.checklist(id: share.collectionID),
          let sharer = try tx.user(id: share.ownerID)
        else { return nil }
        list.sharing = SharedFrom(ownerName: sharer.name, role: share.role)
        return list
      }
  }

  /// The user's lists in All Lists order and the sequence of the latest change, read from one
  /// snapshot: the sequence is the collection's version (its ETag).
  public func checklistsWithVersion() throws -> ([Checklist], Int64) {
    let (lists, sequence) = try store.read { tx in
      (try visibleChecklists(in: tx), try tx.lastChangeSequence(ownerID: owner.id))
    }
    return (lists.sortedForDisplay(), sequence)
  }

  /// The sequence of the user's latest change: the version of everything the user has.
  public func lastChangeSequence() throws -> Int64 {
    try store.read { tx in try tx.lastChangeSequence(ownerID: owner.id) }
  }

  /// Items whose reminder minute has come: unchecked, Remind Me on, due in `start..<end`, with
  /// their lists.
  public func reminders(dueFrom start: Date, before end: Date) throws -> [(
    Checklist, ChecklistItem
  )] {
    try store.read { tx in
      try tx.reminders(ownerID: owner.id, dueFrom: start, before: end).map { item in
        (try accessibleChecklist(item.checklistID, for: .read, in: tx), item)
      }
    }
  }

  /// The list with this id.
  /// - Throws: `notFound` when it does not exist or belongs to another user.
  public func checklist(id: UUID) throws -> Checklist {
    try store.read { tx in try accessibleChecklist(id, for: .read, in: tx) }
  }

  /// A list and its items in order, each item's subtasks right after it, read from one
  /// snapshot.
  public func checklistWithItems(id: UUID) throws -> (Checklist, [ChecklistItem]) {
    try store.read { tx in
      let list = try accessibleChecklist(id, for: .read, in: tx)
      return (list, try tx.items(checklistID: id).groupedBySubtasks())
    }
  }

  /// The item with this id.
  /// - Throws: `notFound` when it does not exist or its list belongs to another user.
  public func item(id: UUID) throws -> ChecklistItem {
    try store.read { tx in try accessibleItem(id, for: .read, in: tx) }
  }

  /// The user's changes after `sequence`, oldest first.
  public func changes(after sequence: Int64, limit: Int = 1_000) throws -> [Change] {
    try store.read { tx in try tx.changes(ownerID: owner.id, after: sequence, limit: limit) }
  }

  /// Unchecked items with Remind Me whose due date has come by `date`, soonest first, with
  /// their lists.
  public func dueItems(through date: Date) throws -> [(Checklist, ChecklistItem)] {
    try store.read { tx in
      var lists: [UUID: Checklist] = [:]
      return try tx.dueItems(ownerID: owner.id, through: date).map { item in
        if lists[item.checklistID] == nil {
          lists[item.checklistID] = try accessibleChecklist(item.checklistID, for: .read, in: tx)
        }
        return (lists[item.checklistID]!, item)
      }
    }
  }

  // MARK: - Lists

  /// Creates a list.
  /// - Parameters:
  ///   - name: The name; trimmed, 1 to 200 characters, unique ignoring case.
  ///   - icon: The icon; a list made by a person starts with Folder.
  /// - Returns: The new, empty list.
  /// - Throws: `invalidInput` for a bad name, `conflict` when the name is taken.
  @discardableResult
  public func createList(named name: String, icon: ChecklistIcon = .userDefault) throws -> Checklist
  {
    try createList(id: nil, named: name, icon: icon).list
  }

  /// Creates a list with an id the client chose, safe to send twice.
  /// - Parameters:
  ///   - id: The new list's id; nil chooses one. A list of the user's with this id, name, icon
  ///     and setting is the same create again: it is answered and nothing is written.
  ///   - name: The name; trimmed, 1 to 200 characters, unique ignoring case.
  ///   - icon: The icon.
  ///   - hidesChecked: Whether the list hides its checked items.
  /// - Returns: The list, and whether this call made it.
  /// - Throws: `invalidInput` for a bad name; `conflict` when the name is taken, when a list
  ///   with this id has another name, icon or setting, or the id is taken or was deleted.
  @discardableResult
  public func createList(
    id: UUID?, named name: String, icon: ChecklistIcon = .userDefault, hidesChecked: Bool
  ) throws -> (list: Checklist, isNew: Bool) {
    try makeList(id: id, named: name, icon: icon, hidesChecked: hidesChecked)
  }

  /// Creates a list with an id the client chose, safe to send twice.
  /// - Parameters:
  ///   - id: The new list's id; nil chooses one. A list of the user's with this id, name and
  ///     icon is the same create again: it is answered and nothing is written.
  ///   - name: The name; trimmed, 1 to 200 characters, unique ignoring case.
  ///   - icon: The icon.
  /// - Returns: The list, and whether this call made it.
  /// - Throws: `invalidInput` for a bad name; `conflict` when the name is taken, when a list
  ///   with this id has another name or icon, or the id is taken or was deleted.
  @discardableResult
  public func createList(id: UUID?, named name: String, icon: ChecklistIcon = .userDefault)
    throws -> (list: Checklist, isNew: Bool)
  {
    try makeList(id: id, named: name, icon: icon, hidesChecked: nil)
  }

  /// `hidesChecked` nil: false for a new list, and a replay that does not say is no mismatch.
  private func makeList(
    id: UUID?, named name: String, icon: ChecklistIcon, hidesChecked: Bool?
  ) throws -> (list: Checklist, isNew: Bool) {
    try store.write { tx in
      try makeList(id: id, named: name, icon: icon, hidesChecked: hidesChecked, in: tx)
    }
  }

  /// Creating a list inside a transaction that may do more (a CalDAV MKCALENDAR also stores
  /// the collection's colour).
  func makeList(
    id: UUID?, named name: String, icon: ChecklistIcon, hidesChecked: Bool?,
    in tx: any ChecklistStoreWriter
  ) throws -> (list: Checklist, isNew: Bool) {
    let name = try Checklist.validatedName(name)
    if let id, try ClientID.isReplay(id, of: .checklist, ownerID: owner.id, in: tx) {
      let list = try accessibleChecklist(id, for: .read, in: tx)
      try ClientID.checkSameContent(
        id, of: .checklist,
        [
          ("name", ClientID.shown(list.name), ClientID.shown(name)),
          ("icon", ClientID.shown(list.icon.rawValue), ClientID.shown(icon.rawValue)),
          (
            "hideChecked", "\(list.hidesChecked)",
            "\(hidesChecked ?? list.hidesChecked)"
          ),
        ])
      return (list, false)
    }
    try ensureNameIsFree(name, in: tx)
    let list = Checklist(
      id: id ?? UUID(), ownerID: owner.id, name: name, icon: icon,
      hidesChecked: hidesChecked ?? false, createdAt: now())
    try tx.insertChecklist(list)
    try log(.listCreated, list: list, in: tx)
    return (list, true)
  }

  /// Renames a list, changes its icon and/or whether it hides its checked items.
  /// - Parameter expectedRevision: When given, the revision the edit was made against: it is
  ///   refused if a field it changes changed since (docs/SYNC.md).
  /// - Returns: The updated list.
  /// - Throws: `notFound`, `invalidInput`, `conflict` (name taken), `stale`,
  ///   ``FieldConflictError``.
  @discardableResult
  public func updateList(
    id: UUID, name: String? = nil, icon: ChecklistIcon? = nil, hidesChecked: Bool? = nil,
    expectedRevision: Int64? = nil
  ) throws -> Checklist {
    try store.write { tx in
      try updateList(
        id: id, name: name, icon: icon, hidesChecked: hidesChecked,
        expectedRevision: expectedRevision, in: tx)
    }
  }

  /// ``updateList(id:name:icon:hidesChecked:expectedRevision:)`` inside a transaction that may
  /// do more.
  func updateList(
    id: UUID, name: String?, icon: ChecklistIcon?, hidesChecked: Bool?, expectedRevision: Int64?,
    in tx: any ChecklistStoreWriter
  ) throws -> Checklist {
    let name = try name.map(Checklist.validatedName)
    var list = try accessibleChecklist(id, for: .own, in: tx)
    var edited = list
    if let name { edited.name = name }
    if let icon { edited.icon = icon }
    if let hidesChecked { edited.hidesChecked = hidesChecked }
    // Against an older revision, the edit goes on unless a field it changes changed since.
    let changed = list.changedFields(to: edited)
    try tx.checkFields(
      changed, of: .id(id), expected: expectedRevision, revision: list.revision,
      what: "list '\(list.name)'", current: .checklist(list))
    if let name, name != list.name {
      try ensureNameIsFree(name, in: tx, except: id)
      list.name = name
    }
    if let icon { list.icon = icon }
    if let hidesChecked { list.hidesChecked = hidesChecked }
    try bump(&list, .listUpdated, in: tx)
    try tx.recordChanges(
      of: .id(id), changed, revision: list.revision, by: owner.id, at: list.updatedAt)
    return try accessibleChecklist(id, for: .read, in: tx)
  }

  /// Deletes a list and all its items.
  /// - Returns: The list as it was.
  /// - Throws: `notFound` saying it does not exist or was already deleted (a replayed delete
  ///   takes that as done), `forbidden`, `stale`.
  @discardableResult
  public func deleteList(id: UUID, expectedRevision: Int64? = nil) throws -> Checklist {
    try store.write { tx in try deleteList(id: id, expectedRevision: expectedRevision, in: tx) }
  }

  /// ``deleteList(id:expectedRevision:)`` inside a transaction that may do more.
  func deleteList(id: UUID, expectedRevision: Int64?, in tx: any ChecklistStoreWriter) throws
    -> Checklist
  {
    var list = try ChecklistsError.deleting("list", id: id) {
      try accessibleChecklist(id, for: .own, in: tx)
    }
    try check(expectedRevision, against: list.revision, what: "list '\(list.name)'")
    let before = list
    try bump(&list, .listDeleted, in: tx)
    try tx.deleteChecklist(id: id)
    return before
  }

  // MARK: - Shared rules

  /// The list with this id if the user may do `access` to it: they own it, or it is shared
  /// with them at a role that allows it.
  /// - Throws: `notFound` when it does not exist or is neither theirs nor shared with them (so
  ///   nobody learns that someone else's list exists), `forbidden` when their role is too low.
  func accessibleChecklist(_ id: UUID, for access: Access, in tx: any ChecklistStoreReader)
    throws -> Checklist
  {
    guard let list = try tx.checklist(id: id) else {
      throw ChecklistsError(.notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString]))
    }
    if list.ownerID == owner.id { return list }
    var shared = list
    shared.sharing = try tx.sharedList(
      id, named: list.name, ownedBy: list.ownerID, for: owner.id, access: access,
      notFound: ChecklistsError(
        .notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString])))
    return shared
  }

  /// The item with this id if the user may do `access` to its list.
  /// - Throws: `notFound` or `forbidden`, as ``accessibleChecklist(_:for:in:)``.
  func accessibleItem(_ id: UUID, for access: Access, in tx: any ChecklistStoreReader) throws
    -> ChecklistItem
  {
    guard let item = try tx.item(id: id) else {
      throw ChecklistsError(.notFound, MessageText("errors.item.noSuchId", ["id": id.uuidString]))
    }
    do {
      _ = try accessibleChecklist(item.checklistID, for: access, in: tx)
    } catch let error as ChecklistsError where error.code == .notFound {
      throw ChecklistsError(.notFound, MessageText("errors.item.noSuchId", ["id": id.uuidString]))
    }
    return item
  }

  func ensureNameIsFree(_ name: String, in tx: any ChecklistStoreReader, except id: UUID? = nil)
    throws
  {
    // Through the name index: reading every list here made creating one cost in proportion
    // to the lists there are, while holding the write lock.
    let taken = try tx.checklists(ownerID: owner.id, nameKey: NameKey.lookup(name)).first {
      $0.id != id && Checklist.namesMatch($0.name, name)
    }
    if let taken {
      throw ChecklistsError(
        .conflict, MessageText("errors.list.listNamedAlready", ["takenName": taken.name]))
    }
  }

  func check(_ expected: Int64?, against revision: Int64, what: String) throws {
    try ChecklistsError.checkRevision(expected, against: revision, what: what)
  }

  /// Advances the list's revision and logs the change.
  func bump(
    _ list: inout Checklist, _ kind: Change.Kind, itemID: UUID? = nil,
    in tx: any ChecklistStoreWriter
  ) throws {
    list.revision += 1
    list.updatedAt = now()
    try tx.updateChecklist(list)
    try log(kind, list: list, itemID: itemID, in: tx)
  }

  func log(
    _ kind: Change.Kind, list: Checklist, itemID: UUID? = nil, in tx: any ChecklistStoreWriter
  ) throws {
    _ = try tx.appendChange(
      Change(
        ownerID: list.ownerID, collectionID: list.id, itemID: itemID, kind: kind,
        revision: list.revision, date: list.updatedAt))
  }
}
