/// How an import treats lists whose name is already taken.
public enum ImportMode: String, Sendable, Hashable, CaseIterable {
  /// Keep the existing list, add the items it lacks and update the ones it has (matched by text).
  case merge
  /// Replace the existing list's items with the file's.
  case replace
}

/// What an import did, for the person who ran it.
public struct ImportReport: Hashable, Sendable, Codable {
  /// Lists the import created.
  public var listsCreated = 0
  /// Existing lists the import merged into or replaced.
  public var listsUpdated = 0
  /// Items added.
  public var itemsAdded = 0
  /// Existing items whose checkmark, due date or reminder changed.
  public var itemsUpdated = 0
  /// Existing items that already matched the file.
  public var itemsUnchanged = 0
  /// Items removed by `replace`.
  public var itemsRemoved = 0
  /// Items of the file skipped because their text was only white space.
  public var itemsSkipped = 0

  /// Creates an empty report.
  public init() {}

  /// One sentence for the terminal: "Imported 4 lists: 3 created, 1 merged; 10 items added, …".
  public func summary(mode: ImportMode) -> String {
    let lists = listsCreated + listsUpdated
    var parts = [
      "\(listsCreated) created", "\(listsUpdated) \(mode == .merge ? "merged" : "replaced")",
    ]
    parts = ["Imported \(lists) \(lists == 1 ? "list" : "lists"): " + parts.joined(separator: ", ")]
    var items = ["\(itemsAdded) added", "\(itemsUpdated) updated", "\(itemsUnchanged) unchanged"]
    if itemsRemoved > 0 { items.append("\(itemsRemoved) removed") }
    if itemsSkipped > 0 { items.append("\(itemsSkipped) skipped (empty text)") }
    return parts[0] + "; items: " + items.joined(separator: ", ") + "."
  }
}
