import Foundation

extension Checklist {
  /// Whether `a` sorts before `b` on All Lists: by name as Finder sorts ("List 2" before
  /// "List 10", ignoring case), then by creation date and id so the order never wobbles.
  ///
  /// The name compares through ``NameKey/displayOrder(_:)``, the key a store's index keeps, so
  /// a list's number on All Lists can be found without reading every list.
  public static func sortsBefore(_ a: Checklist, _ b: Checklist) -> Bool {
    sortsBefore(a, key: NameKey.displayOrder(a.name), b, key: NameKey.displayOrder(b.name))
  }

  static func sortsBefore(_ a: Checklist, key aKey: String, _ b: Checklist, key bKey: String)
    -> Bool
  {
    if !aKey.utf8.elementsEqual(bKey.utf8) { return NameKey.precedes(aKey, bKey) }
    if !a.name.utf8.elementsEqual(b.name.utf8) { return NameKey.precedes(a.name, b.name) }
    // Of two lists with one name, the reader's own comes before one shared with them.
    if (a.sharing == nil) != (b.sharing == nil) { return a.sharing == nil }
    if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
    return a.id.uuidString < b.id.uuidString
  }
}

extension Sequence where Element == Checklist {
  /// The lists in All Lists order (see ``Checklist/sortsBefore(_:_:)``).
  /// - Complexity: O(*n* log *n*), each name's key made once.
  public func sortedForDisplay() -> [Checklist] {
    map { ($0, NameKey.displayOrder($0.name)) }
      .sorted { Checklist.sortsBefore($0.0, key: $0.1, $1.0, key: $1.1) }
      .map(\.0)
  }
}
