import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ChecklistService {
  /// Checks that `item` may become a subtask of `parentID` and finds where it goes: after the
  /// parent's last other subtask, or right after the parent.
  /// - Returns: The id of the item it goes after.
  /// - Throws: `invalidInput` naming the rule broken (no such item in the list, the parent is a
  ///   subtask, the item has subtasks).
  func subtaskPlace(for item: ChecklistItem, under parentID: UUID, in tx: any ChecklistStoreReader)
    throws -> UUID
  {
    guard let parent = try tx.item(id: parentID), parent.checklistID == item.checklistID else {
      throw ChecklistsError.invalid(
        MessageText("errors.subtask.noItemId", ["id": parentID.uuidString, "itemText": item.text]))
    }
    try ChecklistItem.checkParent(parent, of: item)
    return try tx.subtasks(of: parentID).last(where: { $0.id != item.id })?.id ?? parentID
  }

  /// Checks or unchecks every subtask of `parent` whose checkmark differs, each a change of its
  /// own in the log.
  func setSubtasks(
    of parent: ChecklistItem, checked: Bool, list: inout Checklist,
    in tx: any ChecklistStoreWriter
  ) throws {
    for var subtask in try tx.subtasks(of: parent.id) where subtask.isChecked != checked {
      try bump(&list, .itemUpdated, itemID: subtask.id, in: tx)
      subtask.isChecked = checked
      subtask.revision = list.revision
      subtask.updatedAt = list.updatedAt
      try tx.updateItem(subtask)
      try tx.recordChanges(
        of: .id(subtask.id), ["checked"], revision: list.revision, by: owner.id,
        at: list.updatedAt)
    }
  }

  /// After `item` moved, puts its subtasks right after it again, in their order, each a
  /// logged move.
  func carrySubtasks(
    of item: ChecklistItem, list: inout Checklist, in tx: any ChecklistStoreWriter
  ) throws {
    var previous = item.id
    for var subtask in try tx.subtasks(of: item.id) {
      if try tx.moveItem(id: subtask.id, after: previous) {
        try bump(&list, .itemMoved, itemID: subtask.id, in: tx)
        subtask.revision = list.revision
        subtask.updatedAt = list.updatedAt
        try tx.updateItem(subtask)
      }
      previous = subtask.id
    }
  }

  /// Where an item asked to go after `otherID` really goes so that families stay together: a
  /// subtask among its parent's subtasks (nil or its parent: first of them); a top-level item
  /// after the whole family of the item named.
  /// - Throws: `invalidInput` when a subtask is asked to leave its parent's subtasks, or a
  ///   parent to go among its own subtasks.
  func familyPlace(
    for item: ChecklistItem, after otherID: UUID?, in tx: any ChecklistStoreReader
  ) throws -> UUID? {
    if let parentID = item.parentID {
      guard let otherID, otherID != parentID else { return parentID }
      let other = try tx.item(id: otherID)
      guard other?.parentID == parentID else {
        throw ChecklistsError.invalid(
          MessageText("errors.subtask.subtaskMovesAmong", ["itemText": item.text]))
      }
      return otherID
    }
    guard let otherID, let other = try tx.item(id: otherID) else { return otherID }
    if other.parentID == item.id {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.subtask.cannotMoveAfter", ["itemText": item.text, "otherText": other.text]))
    }
    let head = other.parentID ?? other.id
    return try tx.subtasks(of: head).last?.id ?? head
  }
}
