import Foundation

/// Resetting a reusable list from its menu: "Uncheck All" takes every checkmark off, "Clear
/// Checked" deletes the checked items. Either is done once there is nothing checked, so doing
/// it again changes nothing.
public enum ChecklistReset: String, Hashable, Sendable, CaseIterable {
  /// Takes the checkmark off every item; the items stay where they are.
  case uncheckAll = "uncheck-all"
  /// Deletes every checked item; the others stay in their order.
  case clearChecked = "clear-checked"

  /// The items the reset changes, in the list's order: the checked ones. None means the list
  /// is reset already.
  /// - Complexity: O(*n*).
  public func affectedItems(_ items: [ChecklistItem]) -> [ChecklistItem] {
    items.filter(\.isChecked)
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
      return items.filter { !$0.isChecked }
    }
  }
}
