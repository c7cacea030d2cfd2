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
    let text = try ChecklistItem.validatedText(text)
    let dueDate = try ChecklistItem.validatedDueDate(dueDate)
    try checkReminder(shouldRemind, dueDate: dueDate)
    return try store.write { tx in
      var list = try accessibleChecklist(checklistID, for: .edit, in: tx)
      let item = ChecklistItem(
        checklistID: list.id, text: text, isChecked: isChecked, dueDate: dueDate,
        shouldRemind: shouldRemind, revision: list.revision + 1, createdAt: now())
      try bump(&list, .itemAdded, itemID: item.id, in: tx)
      try tx.appendItem(item)
      return item
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
      try tx.checkFields(
        changed, of: .id(id), expected: expectedRevision, revision: item.revision,
        what: "item '\(item.text)'", current: .item(item))
      try checkReminder(edited.shouldRemind, dueDate: edited.dueDate)
      // Checking an item off needs less than changing it.
      var onlyChecked = edited
      onlyChecked.isChecked = item.isChecked
      let access: Access = onlyChecked == item ? .check : .edit
      var list = try accessibleChecklist(item.checklistID, for: access, in: tx)
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
  @discardableResult
  public func deleteItem(id: UUID, expectedRevision: Int64? = nil) throws -> ChecklistItem {
    try store.write { tx in
      let item = try accessibleItem(id, for: .edit, in: tx)
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

  private func checkReminder(_ shouldRemind: Bool, dueDate: Date?) throws {
    if shouldRemind && dueDate == nil {
      throw ChecklistsError.invalid("Remind Me needs a due date.")
    }
  }
}
