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
      throw ChecklistsError.invalid("'\(item.text)' cannot be a subtask of itself.")
    }
    if parent.checklistID != item.checklistID {
      throw ChecklistsError.invalid(
        "'\(parent.text)' is in another list; a subtask's parent must be an item of its own list.")
    }
    if parent.parentID != nil {
      throw ChecklistsError.invalid(
        "'\(parent.text)' is itself a subtask; subtasks go one level deep, so '\(item.text)' "
          + "cannot go under it.")
    }
    if item.subtaskCount > 0 {
      throw ChecklistsError.invalid(
        "'\(item.text)' has subtasks of its own, so it cannot become a subtask; subtasks go one "
          + "level deep.")
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
      if let parent = item.parentID, ids.contains(parent) { children[parent, default: []].append(item) }
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
