import Foundation

/// Resetting a reusable list from its menu: "Uncheck All" takes every checkmark off, "Clear
/// Checked" deletes the checked items. Either is done once there is nothing checked, so doing
/// it again changes nothing.
public enum ChecklistReset: String, Hashable, Sendable, CaseIterable {
  /// Takes the checkmark off every item; the items stay where they are.
  case uncheckAll = "uncheck-all"
  /// Deletes every checked item; the others stay in their order. A checked parent that still
  /// has an unchecked subtask stays, so that subtask keeps its place under it.
  case clearChecked = "clear-checked"

  /// The items the reset changes, in the list's order: the checked ones (for Clear Checked,
  /// less checked parents with an unchecked subtask). None means the list is reset already.
  /// - Complexity: O(*n*).
  public func affectedItems(_ items: [ChecklistItem]) -> [ChecklistItem] {
    switch self {
    case .uncheckAll:
      return items.filter(\.isChecked)
    case .clearChecked:
      let keptParents = Self.parentsWithUncheckedSubtasks(items)
      return items.filter { $0.isChecked && !keptParents.contains($0.id) }
    }
  }

  /// The ids of the items that have an unchecked subtask.
  static func parentsWithUncheckedSubtasks(_ items: [ChecklistItem]) -> Set<UUID> {
    Set(items.lazy.filter { !$0.isChecked }.compactMap(\.parentID))
  }

  /// The list's items as the reset leaves them (revisions and dates as they were).
  /// - Complexity: O(*n*).
  public func apply(to items: [ChecklistItem]) -> [ChecklistItem] {
    switch self {
    case .uncheckAll:
      return items.map { item in
        var item = item
        item.isChecked = false
        return item
      }
    case .clearChecked:
      let keptParents = Self.parentsWithUncheckedSubtasks(items)
      return items.filter { !$0.isChecked || keptParents.contains($0.id) }
    }
  }
}
