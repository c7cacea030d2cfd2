import Foundation

extension Checklist {
  /// Whether `a` sorts before `b` on All Lists: by name as Finder sorts ("List 2" before
  /// "List 10", ignoring case), then by creation date and id so the order never wobbles.
  public static func sortsBefore(_ a: Checklist, _ b: Checklist) -> Bool {
    switch a.name.localizedStandardCompare(b.name) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame:
      // Of two lists with one name, the reader's own comes before one shared with them.
      if (a.sharing == nil) != (b.sharing == nil) { return a.sharing == nil }
      if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
      return a.id.uuidString < b.id.uuidString
    }
  }
}

extension Sequence where Element == Checklist {
  /// The lists in All Lists order (see ``Checklist/sortsBefore(_:_:)``).
  /// - Complexity: O(*n* log *n*).
  public func sortedForDisplay() -> [Checklist] {
    sorted(by: Checklist.sortsBefore)
  }
}
