import ChecklistsCore
import Foundation

/// A list as a reset left it.
public struct ResetResult: Sendable {
  /// The list, with its new counts and revision.
  public var list: Checklist
  /// Its items in order.
  public var items: [ChecklistItem]
  /// How many items the reset unchecked or deleted; 0 when the list was reset already and
  /// nothing was written.
  public var changedCount: Int
}

extension ChecklistService {
  /// Takes the checkmark off every item of a list, as one change (a checker may).
  /// - Parameter expectedRevision: When given and there is something to uncheck, the change is
  ///   refused unless the list is still at this revision.
  /// - Returns: The list and its items after; nothing is written when none was checked.
  /// - Throws: `notFound`, `forbidden`, `stale`.
  /// - Complexity: O(*items*) read, O(1) rows written per checked item, one log entry.
  @discardableResult
  public func uncheckAll(listID: UUID, expectedRevision: Int64? = nil) throws -> ResetResult {
    try reset(.uncheckAll, listID: listID, expectedRevision: expectedRevision)
  }

  /// Deletes the checked items of a list, as one change (an editor or the owner may).
  /// - Parameter expectedRevision: As for ``uncheckAll(listID:expectedRevision:)``.
  /// - Returns: The list and its remaining items; nothing is written when none was checked.
  /// - Throws: `notFound`, `forbidden`, `stale`.
  @discardableResult
  public func clearChecked(listID: UUID, expectedRevision: Int64? = nil) throws -> ResetResult {
    try reset(.clearChecked, listID: listID, expectedRevision: expectedRevision)
  }

  /// Resets a list (``ChecklistsCore/ChecklistReset``) in one transaction, logged as one
  /// `listUpdated`: others re-read the whole list, which shows every item it changed.
  /// - Throws: `notFound`, `forbidden` (a viewer; a checker clearing), `stale` when
  ///   `expectedRevision` is not the list's and there is something to change.
  @discardableResult
  public func reset(_ reset: ChecklistReset, listID: UUID, expectedRevision: Int64? = nil)
    throws -> ResetResult
  {
    try store.write { tx in
      let access: Access = reset == .uncheckAll ? .check : .edit
      var list = try accessibleChecklist(listID, for: access, in: tx)
      let items = try tx.items(checklistID: listID)
      let affected = reset.affectedItems(items)
      // Reset already: nothing is written, whichever revision the client saw, so a replay of
      // a reset whose answer was lost is no conflict.
      guard !affected.isEmpty else { return ResetResult(list: list, items: items, changedCount: 0) }
      try check(expectedRevision, against: list.revision, what: "list '\(list.name)'")
      try bump(&list, .listUpdated, in: tx)
      for item in affected {
        switch reset {
        case .uncheckAll:
          var item = item
          item.isChecked = false
          item.revision = list.revision
          item.updatedAt = list.updatedAt
          try tx.updateItem(item)
          // Recorded like a check, so a stale check of the item made before meets a 412.
          try tx.recordChanges(
            of: .id(item.id), ["checked"], revision: list.revision, by: owner.id,
            at: list.updatedAt)
        case .clearChecked:
          try tx.deleteItem(id: item.id)
        }
      }
      return ResetResult(
        list: try accessibleChecklist(listID, for: .read, in: tx),
        items: try tx.items(checklistID: listID), changedCount: affected.count)
    }
  }
}
