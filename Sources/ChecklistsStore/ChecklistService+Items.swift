import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The changes an edit makes to an item; `nil` leaves a field as it is.
public struct ItemChanges: Sendable, Hashable {
  /// New text.
  public var text: String?
  /// New checkmark.
  public var isChecked: Bool?
  /// New due date, a day or a moment: `.some(nil)` removes it.
  public var due: DueDate??
  /// New Remind Me.
  public var shouldRemind: Bool?
  /// New notes ("" removes them).
  public var notes: String?
  /// New flag.
  public var isFlagged: Bool?
  /// New priority.
  public var priority: ItemPriority?
  /// New parent: `.some(nil)` moves it to the top level.
  public var parentID: UUID??
  /// New repeat rule: `.some(nil)` stops it repeating.
  public var recurrence: RecurrenceRule??
  /// With `isChecked: true`, also checks the item's unchecked subtasks.
  public var checksSubtasks: Bool

  /// Creates a set of changes.
  public init(
    text: String? = nil, isChecked: Bool? = nil, dueDate: Date?? = nil, shouldRemind: Bool? = nil,
    notes: String? = nil, isFlagged: Bool? = nil, priority: ItemPriority? = nil,
    parentID: UUID?? = nil, recurrence: RecurrenceRule?? = nil, checksSubtasks: Bool = false,
    due: DueDate?? = nil
  ) {
    self.text = text
    self.isChecked = isChecked
    self.due = due ?? dueDate.map { $0.map { .moment($0, timeZone: nil) } }
    self.shouldRemind = shouldRemind
    self.notes = notes
    self.isFlagged = isFlagged
    self.priority = priority
    self.parentID = parentID
    self.recurrence = recurrence
    self.checksSubtasks = checksSubtasks
  }
}

extension ItemChanges {
  /// New due date as an instant: setting it sets a moment with no zone (see
  /// ``ChecklistsCore/ChecklistItem/dueDate``); `.some(nil)` removes it.
  public var dueDate: Date?? {
    get { due.map { $0?.instant } }
    set { due = newValue.map { $0.map { .moment($0, timeZone: nil) } } }
  }
}

extension ChecklistService {
  /// Adds an item at the end of a list.
  /// - Parameters:
  ///   - text: The text; trimmed, 1 to 1,000 characters, one line.
  ///   - checklistID: The list.
  ///   - dueDate: When it is due, if ever.
  ///   - shouldRemind: Whether a reminder fires at the due date; needs a due date.
  /// - Returns: The new item.
  /// - Throws: `invalidInput`, `notFound`.
  ///   - details: Notes, flag, priority, parent and repeat rule.
  @discardableResult
  public func addItem(
    _ text: String, to checklistID: UUID, dueDate: Date? = nil, shouldRemind: Bool = false,
    isChecked: Bool = false, details: ItemDetails = ItemDetails()
  ) throws -> ChecklistItem {
    try addItem(
      id: nil, text, to: checklistID, dueDate: dueDate, shouldRemind: shouldRemind,
      isChecked: isChecked, details: details
    ).item
  }

  /// Adds an item with an id the client chose at the end of a list, safe to send twice.
  /// - Parameters:
  ///   - id: The new item's id; nil chooses one. An item of this list with this id and the
  ///     same text, checkmark, due date and Remind Me is the same create again: it is answered
  ///     and nothing is written.
  ///   - text: The text; trimmed, 1 to 1,000 characters, one line.
  ///   - checklistID: The list.
  ///   - dueDate: When it is due, if ever.
  ///   - shouldRemind: Whether a reminder fires at the due date; needs a due date.
  ///   - details: Notes, flag, priority, repeat rule, and the parent of a subtask (a top-level
  ///     item of the same list); a subtask goes after its parent's other subtasks.
  /// - Returns: The item, and whether this call made it.
  /// - Throws: `invalidInput`; `notFound` when the list does not exist or was deleted;
  ///   `conflict` when an item with this id has other content, or the id is taken or was
  ///   deleted.
  @discardableResult
  public func addItem(
    id: UUID?, _ text: String, to checklistID: UUID, dueDate: Date? = nil,
    shouldRemind: Bool = false, isChecked: Bool = false, details: ItemDetails = ItemDetails()
  ) throws -> (item: ChecklistItem, isNew: Bool) {
    try addItem(
      id: id, text, to: checklistID, due: dueDate.map { .moment($0, timeZone: nil) },
      shouldRemind: shouldRemind, isChecked: isChecked, details: details)
  }

  /// ``addItem(id:_:to:dueDate:shouldRemind:isChecked:details:)`` with a due date that is a
  /// day or a moment with its zone.
  /// - Parameter due: When it is due, if ever.
  @discardableResult
  public func addItem(
    id: UUID?, _ text: String, to checklistID: UUID, due: DueDate?, shouldRemind: Bool = false,
    isChecked: Bool = false, details: ItemDetails = ItemDetails()
  ) throws -> (item: ChecklistItem, isNew: Bool) {
    try store.write { tx in
      try addItem(
        id: id, text, to: checklistID, due: due, shouldRemind: shouldRemind,
        isChecked: isChecked, details: details, in: tx)
    }
  }

  /// ``addItem(id:_:to:due:shouldRemind:isChecked:details:)`` inside a transaction that
  /// may do more (a CalDAV PUT also stores the object's name and text).
  func addItem(
    id: UUID?, _ text: String, to checklistID: UUID, due: DueDate?, shouldRemind: Bool,
    isChecked: Bool, details: ItemDetails, in tx: any ChecklistStoreWriter
  ) throws -> (item: ChecklistItem, isNew: Bool) {
    let text = try ChecklistItem.validatedText(text)
    let due = try ChecklistItem.validatedDue(due)
    let notes = try ChecklistItem.validatedNotes(details.notes)
    try checkReminder(shouldRemind, dueDate: due?.instant)
    var list: Checklist
    do {
      list = try accessibleChecklist(checklistID, for: .edit, in: tx)
    } catch let error as ChecklistsError where error.code == .notFound {
      throw ChecklistsError(
        .notFound,
        MessageText("errors.item.noListId", ["id": checklistID.uuidString]))
    }
    if let id,
      try ClientID.isReplay(id, of: .item, ownerID: list.ownerID, listID: list.id, in: tx)
    {
      let item = try tx.item(id: id)!
      try ClientID.checkSameContent(
        id, of: .item,
        [
          ("text", ClientID.shown(item.text), ClientID.shown(text)),
          ("checked", "\(item.isChecked)", "\(isChecked)"),
          ("dueDate", ClientID.shown(item.due?.shown), ClientID.shown(due?.shown)),
          ("remind", "\(item.shouldRemind)", "\(shouldRemind)"),
          ("notes", ClientID.shown(item.notes), ClientID.shown(notes)),
          ("flagged", "\(item.isFlagged)", "\(details.isFlagged)"),
          (
            "priority", ClientID.shown(item.priority.rawValue),
            ClientID.shown(details.priority.rawValue)
          ),
          (
            "parentID", ClientID.shown(item.parentID?.uuidString),
            ClientID.shown(details.parentID?.uuidString)
          ),
          (
            "repeat", ClientID.shown(item.recurrence?.rrule),
            ClientID.shown(details.recurrence?.rrule)
          ),
        ])
      return (item, false)
    }
    let item = ChecklistItem(
      id: id ?? UUID(), checklistID: list.id, text: text, isChecked: isChecked,
      shouldRemind: shouldRemind, revision: list.revision + 1,
      createdAt: now(), notes: notes, isFlagged: details.isFlagged, priority: details.priority,
      parentID: details.parentID, recurrence: details.recurrence, due: due)
    let placeAfter = try details.parentID.map { parentID in
      try subtaskPlace(for: item, under: parentID, in: tx)
    }
    try bump(&list, .itemAdded, itemID: item.id, in: tx)
    try tx.appendItem(item)
    if let placeAfter { _ = try tx.moveItem(id: item.id, after: placeAfter) }
    return (item, true)
  }

  /// Edits an item.
  /// - Parameters:
  ///   - expectedRevision: When given, the revision the edit was made against: it is refused
  ///     if a field it changes changed since (docs/SYNC.md).
  ///   - mergingFields: `false` refuses it if anything about the item changed since, for edits
  ///     computed from what the client saw (a toggle).
  /// - Returns: The item as stored.
  /// - Throws: `invalidInput`, `notFound`, `stale`, ``FieldConflictError``.
  @discardableResult
  public func updateItem(
    id: UUID, _ changes: ItemChanges, expectedRevision: Int64? = nil, mergingFields: Bool = true
  ) throws -> ChecklistItem {
    try store.write { tx in
      try updateItem(
        id: id, changes, expectedRevision: expectedRevision, mergingFields: mergingFields,
        in: tx)
    }
  }

  /// ``updateItem(id:_:expectedRevision:mergingFields:)`` inside a transaction that may do
  /// more. Writes nothing when the changes change nothing.
  func updateItem(
    id: UUID, _ changes: ItemChanges, expectedRevision: Int64?, mergingFields: Bool,
    in tx: any ChecklistStoreWriter
  ) throws -> ChecklistItem {
    let text = try changes.text.map(ChecklistItem.validatedText)
    if let due = changes.due { _ = try ChecklistItem.validatedDue(due) }
    let notes = try changes.notes.map(ChecklistItem.validatedNotes)
    if changes.checksSubtasks && changes.isChecked != true {
      throw ChecklistsError.invalid(
        MessageText("errors.item.checkSubtasksNeedsChecked"))
    }
    var item = try accessibleItem(id, for: .read, in: tx)
    var edited = item
    if let text { edited.text = text }
    if let isChecked = changes.isChecked { edited.isChecked = isChecked }
    if let due = changes.due { edited.due = due }
    if let shouldRemind = changes.shouldRemind { edited.shouldRemind = shouldRemind }
    if let notes { edited.notes = notes }
    if let isFlagged = changes.isFlagged { edited.isFlagged = isFlagged }
    if let priority = changes.priority { edited.priority = priority }
    if let parentID = changes.parentID { edited.parentID = parentID }
    if let recurrence = changes.recurrence { edited.recurrence = recurrence }
    // Against an older revision, the edit goes on unless a field it changes changed since.
    var changed = item.changedFields(to: edited)
    if !mergingFields {
      try check(expectedRevision, against: item.revision, what: "item '\(item.text)'")
    }
    // Checking an item off needs less than changing it; the role is checked before the
    // revision, so that one who may not make the change learns nothing from a conflict.
    var onlyChecked = edited
    onlyChecked.isChecked = item.isChecked
    let access: Access = onlyChecked == item ? .check : .edit
    var list = try accessibleChecklist(item.checklistID, for: access, in: tx)
    try tx.checkFields(
      changed, of: .id(id), expected: expectedRevision, revision: item.revision,
      what: "item '\(item.text)'", current: .item(item),
      viewer: (owner.id, list.ownerID))
    try checkReminder(edited.shouldRemind, dueDate: edited.dueDate)
    let newParent = edited.parentID != item.parentID
    let placeAfter: UUID? =
      if newParent, let parentID = edited.parentID {
        try subtaskPlace(for: item, under: parentID, in: tx)
      } else if newParent, let oldParent = item.parentID {
        // Back at the top level: right after the family it left.
        try tx.subtasks(of: oldParent).last(where: { $0.id != id })?.id ?? oldParent
      } else { nil }
    let advanced =
      changes.isChecked == true && !item.isChecked
      ? try advanceIfRepeating(&edited, in: tx) : false
    if advanced { changed = Array(Set(changed + ["checked", "dueDate"])).sorted() }
    guard edited != item else {
      // Checking an already checked parent "with its subtasks" still checks them.
      if changes.checksSubtasks && !advanced {
        try setSubtasks(of: item, checked: true, list: &list, in: tx)
        return try tx.item(id: id) ?? item
      }
      return item
    }
    try bump(&list, .itemUpdated, itemID: id, in: tx)
    item = edited
    item.revision = list.revision
    item.updatedAt = list.updatedAt
    try tx.updateItem(item)
    if newParent, let placeAfter { _ = try tx.moveItem(id: id, after: placeAfter) }
    try tx.recordChanges(
      of: .id(id), changed, revision: list.revision, by: owner.id, at: list.updatedAt)
    if advanced {
      try setSubtasks(of: item, checked: false, list: &list, in: tx)
    } else if changes.checksSubtasks {
      try setSubtasks(of: item, checked: true, list: &list, in: tx)
    }
    return try tx.item(id: id) ?? item
  }

  /// Sets or clears an item's checkmark.
  @discardableResult
  public func setChecked(_ isChecked: Bool, itemID: UUID) throws -> ChecklistItem {
    try updateItem(id: itemID, ItemChanges(isChecked: isChecked))
  }

  /// Flips an item's checkmark, as tapping its row does.
  /// - Complexity: O(1) rows, whatever the size of the list.
  @discardableResult
  public func toggle(itemID: UUID) throws -> ChecklistItem {
    try setChecks(nil, itemIDs: [itemID])[0]
  }

  /// Checks, unchecks or toggles several items of one or more lists as one change.
  ///
  /// Checking a repeating item completes its occurrence: it moves to its next due date with
  /// its checkmark off, and its subtasks start again unchecked (with `checksSubtasks` too).
  /// - Parameters:
  ///   - isChecked: The new checkmark, or `nil` to flip each item's own.
  ///   - itemIDs: The items.
  ///   - checksSubtasks: Whether an item checked also checks its unchecked subtasks ("Check
  ///     All"), as `checkSubtasks` does in the API.
  /// - Returns: The items as stored, in the order given; an item named twice counts once.
  /// - Complexity: O(1) rows per item, and O(*subtasks*) with `checksSubtasks`.
  @discardableResult
  public func setChecks(_ isChecked: Bool?, itemIDs: [UUID], checksSubtasks: Bool = false)
    throws -> [ChecklistItem]
  {
    var seen = Set<UUID>()
    let itemIDs = itemIDs.filter { seen.insert($0).inserted }
    return try store.write { tx in
      try itemIDs.map { id in
        var item = try accessibleItem(id, for: .check, in: tx)
        let checked = isChecked ?? !item.isChecked
        guard checked != item.isChecked else {
          // Checking an already checked parent "with its subtasks" still checks them.
          if checked && checksSubtasks && item.subtaskCount > item.checkedSubtaskCount {
            var list = try accessibleChecklist(item.checklistID, for: .check, in: tx)
            try setSubtasks(of: item, checked: true, list: &list, in: tx)
            return try tx.item(id: id) ?? item
          }
          return item
        }
        var list = try accessibleChecklist(item.checklistID, for: .check, in: tx)
        try bump(&list, .itemUpdated, itemID: id, in: tx)
        item.isChecked = checked
        let advanced = checked ? try advanceIfRepeating(&item, in: tx) : false
        item.revision = list.revision
        item.updatedAt = list.updatedAt
        try tx.updateItem(item)
        try tx.recordChanges(
          of: .id(id), advanced ? ["checked", "dueDate"] : ["checked"], revision: list.revision,
          by: owner.id, at: list.updatedAt)
        if advanced {
          try setSubtasks(of: item, checked: false, list: &list, in: tx)
          return try tx.item(id: id) ?? item
        }
        if checked && checksSubtasks && item.subtaskCount > 0 {
          try setSubtasks(of: item, checked: true, list: &list, in: tx)
          return try tx.item(id: id) ?? item
        }
        return item
      }
    }
  }

  /// Deletes an item.
  /// - Returns: The item as it was.
  /// - Throws: `notFound` saying it does not exist or was already deleted (a replayed delete
  ///   takes that as done), `forbidden`, `stale`.
  @discardableResult
  public func deleteItem(id: UUID, expectedRevision: Int64? = nil) throws -> ChecklistItem {
    try store.write { tx in try deleteItem(id: id, expectedRevision: expectedRevision, in: tx) }
  }

  /// ``deleteItem(id:expectedRevision:)`` inside a transaction that may do more.
  func deleteItem(id: UUID, expectedRevision: Int64?, in tx: any ChecklistStoreWriter) throws
    -> ChecklistItem
  {
    let item = try ChecklistsError.deleting("item", id: id) {
      try accessibleItem(id, for: .edit, in: tx)
    }
    try check(expectedRevision, against: item.revision, what: "item '\(item.text)'")
    var list = try accessibleChecklist(item.checklistID, for: .edit, in: tx)
    // A parent takes its subtasks with it, each a deleted item of its own in the log.
    for subtask in try tx.subtasks(of: id) {
      try bump(&list, .itemDeleted, itemID: subtask.id, in: tx)
      try tx.deleteItem(id: subtask.id)
    }
    try bump(&list, .itemDeleted, itemID: id, in: tx)
    try tx.deleteItem(id: id)
    return item
  }

  /// Moves an item to a zero-based position in its list, keeping the others' order.
  /// - Parameter index: The position it ends at; clamped to the list.
  /// - Returns: The moved item.
  @discardableResult
  public func moveItem(id: UUID, to index: Int, expectedRevision: Int64? = nil) throws
    -> ChecklistItem
  {
    try store.write { tx in
      var item = try accessibleItem(id, for: .edit, in: tx)
      try check(expectedRevision, against: item.revision, what: "item '\(item.text)'")
      var list = try accessibleChecklist(item.checklistID, for: .edit, in: tx)
      let inFamilies =
        try item.parentID != nil || item.subtaskCount > 0 || tx.hasSubtasks(checklistID: list.id)
      if inFamilies {
        // With subtasks about, a position is turned into the item it goes after, so that
        // families stay together (see familyPlace).
        let others = try tx.items(checklistID: list.id).groupedBySubtasks().filter {
          $0.id != id && $0.parentID != id
        }
        let target = min(max(index, 0), others.count)
        let after = target == 0 ? nil : others[target - 1].id
        let place = try familyPlace(for: item, after: after, in: tx)
        _ = try tx.moveItem(id: id, after: place)
        try bump(&list, .itemMoved, itemID: id, in: tx)
        item.revision = list.revision
        item.updatedAt = list.updatedAt
        try tx.updateItem(item)
        try carrySubtasks(of: item, list: &list, in: tx)
        return try tx.item(id: id) ?? item
      }
      try bump(&list, .itemMoved, itemID: id, in: tx)
      try tx.moveItem(id: id, to: index)
      item.revision = list.revision
      item.updatedAt = list.updatedAt
      try tx.updateItem(item)
      return item
    }
  }

  /// Moves an item to stand right after another item of its list, or first: a move that
  /// lands in the same place when it is sent again, whatever moved in between.
  /// - Parameter otherID: The item it goes after; nil puts it first.
  /// - Returns: The moved item. When it already stood there nothing is written.
  /// - Throws: `notFound` for an item the user cannot see (either of the two),
  ///   `invalidInput` when `otherID` is the item itself or in another list, `forbidden`,
  ///   `stale`.
  /// - Complexity: O(log *items*); one row written, unless the list is renumbered (rare).
  @discardableResult
  public func moveItem(id: UUID, after otherID: UUID?, expectedRevision: Int64? = nil) throws
    -> ChecklistItem
  {
    try store.write { tx in
      var item = try accessibleItem(id, for: .edit, in: tx)
      try check(expectedRevision, against: item.revision, what: "item '\(item.text)'")
      var list = try accessibleChecklist(item.checklistID, for: .edit, in: tx)
      if let otherID {
        if otherID == id {
          throw ChecklistsError.invalid(
            MessageText("errors.item.itemCannotMoved"))
        }
        let other: ChecklistItem
        do {
          other = try accessibleItem(otherID, for: .read, in: tx)
        } catch let error as ChecklistsError where error.code == .notFound {
          throw ChecklistsError(
            .notFound,
            MessageText("errors.item.noItemId", ["id": otherID.uuidString, "itemText": item.text]))
        }
        guard other.checklistID == item.checklistID else {
          throw ChecklistsError.invalid(
            MessageText(
              "errors.item.anotherListCan",
              ["otherText": other.text, "itemText": item.text, "listName": list.name]))
        }
      }
      let place = try familyPlace(for: item, after: otherID, in: tx)
      guard place != id, try tx.moveItem(id: id, after: place) else { return item }
      try bump(&list, .itemMoved, itemID: id, in: tx)
      item.revision = list.revision
      item.updatedAt = list.updatedAt
      try tx.updateItem(item)
      try carrySubtasks(of: item, list: &list, in: tx)
      return try tx.item(id: id) ?? item
    }
  }

  private func checkReminder(_ shouldRemind: Bool, dueDate: Date?) throws {
    if shouldRemind && dueDate == nil {
      throw ChecklistsError.invalid(MessageText("errors.item.remindMeNeeds"))
    }
  }
}

extension DueDate {
  /// The due date as a replayed create's conflict names it: `2026-12-15`, or the moment in
  /// ISO 8601 with its zone.
  var shown: String {
    switch self {
    case .day(let day): day.iso
    case .moment(let date, let zone):
      date.formatted(.iso8601) + (zone.map { " (\($0))" } ?? "")
    }
  }
}
