import ChecklistsMessages
import Foundation

extension ChecklistItem {
  /// Whether the item is a subtask of another.
  public var isSubtask: Bool { parentID != nil }

  /// "2 of 5" for an item with subtasks, nil for one without.
  public var subtaskProgress: String? {
    subtaskCount > 0 ? "\(checkedSubtaskCount) of \(subtaskCount)" : nil
  }

  /// Checks that `parent` may hold `item` as a subtask: one level, the same list.
  /// - Parameters:
  ///   - item: The item that becomes a subtask.
  ///   - parent: The item it goes under.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the rule that is broken.
  public static func checkParent(_ parent: ChecklistItem, of item: ChecklistItem) throws {
    if parent.id == item.id {
      throw ChecklistsError.invalid(
        MessageText("errors.item.cannotSubtaskItself", ["itemText": item.text]))
    }
    if parent.checklistID != item.checklistID {
      throw ChecklistsError.invalid(
        MessageText("errors.item.anotherListSubtask", ["parentText": parent.text]))
    }
    if parent.parentID != nil {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.item.itselfSubtaskSubtasks", ["parentText": parent.text, "itemText": item.text]))
    }
    if item.subtaskCount > 0 {
      throw ChecklistsError.invalid(
        MessageText("errors.item.subtasksOwnCannot", ["itemText": item.text]))
    }
  }
}

extension Array where Element == ChecklistItem {
  /// The items in their order with each item's subtasks right after it (in their own order);
  /// a subtask whose parent is missing stays where it is.
  public func groupedBySubtasks() -> [ChecklistItem] {
    let ids = Set(map(\.id))
    var children: [UUID: [ChecklistItem]] = [:]
    for item in self {
      if let parent = item.parentID, ids.contains(parent) {
        children[parent, default: []].append(item)
      }
    }
    guard !children.isEmpty else { return self }
    var result: [ChecklistItem] = []
    result.reserveCapacity(count)
    for item in self {
      if let parent = item.parentID, ids.contains(parent) { continue }
      result.append(item)
      result.append(contentsOf: children[item.id] ?? [])
    }
    return result
  }
}
