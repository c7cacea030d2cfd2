import ChecklistsCore
import Foundation

/// The changes an edit makes to an item; `nil` leaves a field as it is.
public struct ItemChanges: Sendable, Hashable {
  /// New text.
  public var text: String?
  /// New checkmark.
  public var isChecked: Bool?
  /// New due date: `.some(nil)` removes it.
  public var dueDate: Date??
  /// New Remind Me.
  public var shouldRemind: Bool?

  /// Creates a set of changes.
  public init(
    text: String? = nil, isChecked: Bool? = nil, dueDate: Date?? = nil, shouldRemind: Bool? = nil
  ) {
    self.text = text
    self.isChecked = isChecked
    self.dueDate = dueDate
    self.shouldRemind = shouldRemind
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
  @discardableResult
  public func addItem(
    _ text: String, to checklistID: UUID, dueDate: Date? = nil, shouldRemind: Bool = false,
    isChecked: Bool = false
  ) throws -> ChecklistItem {
    try addItem(
      id: nil, text, to: checklistID, dueDate: dueDate, shouldRemind: shouldRemind,
      isChecked: isChecked
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
  /// - Returns: The item, and whether this call made it.
  /// - Throws: `invalidInput`; `notFound` when the list does not exist or was deleted;
  ///   `conflict` when an item with this id has other content, or the id is taken or was
  ///   deleted.
  @discardableResult
  public func addItem(
    id: UUID?, _ text: String, to checklistID: UUID, dueDate: Date? = nil,
    shouldRemind: Bool = false, isChecked: Bool = false
  ) throws -> (item: ChecklistItem, isNew: Bool) {
    let text = try ChecklistItem.validatedText(text)
    let dueDate = try ChecklistItem.validatedDueDate(dueDate)
    try checkReminder(shouldRemind, dueDate: dueDate)
    return try store.write { tx in
      var list: Checklist
      do {
        list = try accessibleChecklist(checklistID, for: .edit, in: tx)
      } catch let error as ChecklistsError where error.code == .notFound {
        throw ChecklistsError(
          .notFound,
          "There is no list with id \(checklistID.uuidString): it does not exist or was "
            + "deleted, so the item was not added.")
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
            (
              "dueDate", ClientID.shown(item.dueDate.map { $0.formatted(.iso8601) }),
              ClientID.shown(dueDate.map { $0.formatted(.iso8601) })
            ),
            ("remind", "\(item.shouldRemind)", "\(shouldRemind)"),
          ])
        return (item, false)
      }
      let item = ChecklistItem(
        id: id ?? UUID(), checklistID: list.id, text: text, isChecked: isChecked,
        dueDate: dueDate, shouldRemind: shouldRemind, revision: list.revision + 1,
        createdAt: now())
      try bump(&list, .itemAdded, itemID: item.id, in: tx)
      try tx.appendItem(item)
      return (item, true)
    }
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
    let text = try changes.text.map(ChecklistItem.validatedText)
    if let dueDate = changes.dueDate { _ = try ChecklistItem.validatedDueDate(dueDate) }
    return try store.write { tx in
      var item = try accessibleItem(id, for: .read, in: tx)
      var edited = item
      if let text { edited.text = text }
      if let isChecked = changes.isChecked { edited.isChecked = isChecked }
      if let dueDate = changes.dueDate { edited.dueDate = dueDate }
      if let shouldRemind = changes.shouldRemind { edited.shouldRemind = shouldRemind }
      // Against an older revision, the edit goes on unless a field it changes changed since.
      let changed = item.changedFields(to: edited)
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
      guard edited != item else { return item }
      try bump(&list, .itemUpdated, itemID: id, in: tx)
      item = edited
      item.revision = list.revision
      item.updatedAt = list.updatedAt
      try tx.updateItem(item)
      try tx.recordChanges(
        of: .id(id), changed, revision: list.revision, by: owner.id, at: list.updatedAt)
      return item
    }
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
  /// - Parameters:
  ///   - isChecked: The new checkmark, or `nil` to flip each item's own.
  ///   - itemIDs: The items.
  /// - Returns: The items as stored, in the order given; an item named twice counts once.
  /// - Complexity: O(1) rows per item.
  @discardableResult
  public func setChecks(_ isChecked: Bool?, itemIDs: [UUID]) throws -> [ChecklistItem] {
    var seen = Set<UUID>()
    let itemIDs = itemIDs.filter { seen.insert($0).inserted }
    return try store.write { tx in
      try itemIDs.map { id in
        var item = try accessibleItem(id, for: .check, in: tx)
        let checked = isChecked ?? !item.isChecked
        guard checked != item.isChecked else { return item }
        var list = try accessibleChecklist(item.checklistID, for: .check, in: tx)
        try bump(&list, .itemUpdated, itemID: id, in: tx)
        item.isChecked = checked
        item.revision = list.revision
        item.updatedAt = list.updatedAt
        try tx.updateItem(item)
        try tx.recordChanges(
          of: .id(id), ["checked"], revision: list.revision, by: owner.id, at: list.updatedAt)
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
    try store.write { tx in
      let item = try ChecklistsError.deleting("item", id: id) {
        try accessibleItem(id, for: .edit, in: tx)
      }
      try check(expectedRevision, against: item.revision, what: "item '\(item.text)'")
      var list = try accessibleChecklist(item.checklistID, for: .edit, in: tx)
      try bump(&list, .itemDeleted, itemID: id, in: tx)
      try tx.deleteItem(id: id)
      return item
    }
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
            "An item cannot be moved after itself; 'after' must name another item of its list.")
        }
        let other: ChecklistItem
        do {
          other = try accessibleItem(otherID, for: .read, in: tx)
        } catch let error as ChecklistsError where error.code == .notFound {
          throw ChecklistsError(
            .notFound,
            "There is no item with id \(otherID.uuidString) to move '\(item.text)' after.")
        }
        guard other.checklistID == item.checklistID else {
          throw ChecklistsError.invalid(
            "'\(other.text)' is in another list; '\(item.text)' can only move after an item "
              + "of its own list, '\(list.name)'.")
        }
      }
      guard try tx.moveItem(id: id, after: otherID) else { return item }
      try bump(&list, .itemMoved, itemID: id, in: tx)
      item.revision = list.revision
      item.updatedAt = list.updatedAt
      try tx.updateItem(item)
      return item
    }
  }

  private func checkReminder(_ shouldRemind: Bool, dueDate: Date?) throws {
    if shouldRemind && dueDate == nil {
      throw ChecklistsError.invalid("Remind Me needs a due date.")
    }
  }
}
