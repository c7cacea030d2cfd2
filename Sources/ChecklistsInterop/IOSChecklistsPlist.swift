import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Reads and writes `Checklists.plist`, the file the iPhone app keeps in its Documents folder.
///
/// The app writes it with `PropertyListEncoder` (a binary property list by default); the root is
/// an array of checklists `{name, iconName, items}`, each item
/// `{text, checked, dueDate, shouldRemind, itemID}`. Older editions of the app wrote the same
/// data with `NSKeyedArchiver`; ``decode(_:)`` reads those too.
public enum IOSChecklistsPlist {
  /// One checklist exactly as the app's `Checklist: Codable` stores it.
  struct ChecklistRecord: Codable {
    var name: String
    var iconName: String
    var items: [ItemRecord]
  }

  /// One item exactly as the app's `ChecklistItem: Codable` stores it; every key is required.
  struct ItemRecord: Codable {
    var text: String
    var checked: Bool
    var dueDate: Date
    var shouldRemind: Bool
    var itemID: Int
  }

  // MARK: - Reading

  /// Reads the iPhone app's `Checklists.plist`, binary or XML, or its older keyed-archive edition.
  ///
  /// Lists and items keep the file's order, names, icons, checkmarks and reminders, and the due
  /// dates of items with Remind Me on. Text is not trimmed or validated here: the store does
  /// that on import. Every item of the app's file carries a due date, but the app shows it only
  /// with Remind Me on (its own default is the moment the item was made), so an item without
  /// Remind Me has none (``appItem(text:isChecked:dueDate:shouldRemind:)``).
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The checklists, in the file's order.
  /// - Throws: ``ChecklistsError`` with code `unreadableFile` and a message that says what is
  ///   wrong and where: an empty, truncated or foreign file, a root that is not an array, a
  ///   missing key, a value of the wrong type or an unknown icon name.
  /// - Complexity: O(*n*) in the size of the file.
  public static func decode(_ data: Data) throws -> [PortableChecklist] {
    let root = try AppPropertyList.parse(data) {
      notChecklists("it is \($0), not a property list.")
    }
    if let archive = root as? [String: Any], archive["$archiver"] != nil {
      return try decodeKeyedArchive(archive)
    }
    guard root is [Any] else {
      throw notChecklists(
        "the root is \(DecodingFailure.describe(root)), expected an array of checklists.")
    }
    let records: [ChecklistRecord]
    do {
      records = try PropertyListDecoder().decode([ChecklistRecord].self, from: data)
    } catch let error as DecodingError {
      throw failure(root).error(for: error)
    }
    return try records.enumerated().map { position, record in
      PortableChecklist(
        name: record.name,
        icon: try icon(named: record.iconName, list: position, name: record.name),
        items: record.items.map { item in
          appItem(
            text: item.text, isChecked: item.checked, dueDate: item.dueDate,
            shouldRemind: item.shouldRemind)
        })
    }
  }

  /// An item of the app's file as Checklists keeps it: its due date only with Remind Me on,
  /// where the app showed it. Without Remind Me the file's date is one no one saw, and an
  /// import would fill Overdue with every old item; the item says its due date is not known,
  /// so a merge keeps the matching item's own.
  static func appItem(text: String, isChecked: Bool, dueDate: Date?, shouldRemind: Bool)
    -> PortableItem
  {
    PortableItem(
      text: text, isChecked: isChecked, dueDate: shouldRemind ? dueDate : nil,
      shouldRemind: shouldRemind, dueDateIsKnown: shouldRemind)
  }

  /// An error for a file that is a readable property list but not the app's checklists.
  static func notChecklists(_ reason: String) -> ChecklistsError {
    ChecklistsError(
      .unreadableFile, MessageText("errors.plist.checklistsPlistIphone", ["reason": reason]))
  }

  /// Describes decoding errors, naming lists by the names found in the parsed file.
  private static func failure(_ root: Any) -> DecodingFailure {
    let lists = root as? [Any] ?? []
    return DecodingFailure(listsPath: []) { position in
      guard lists.indices.contains(position) else { return nil }
      return (lists[position] as? [String: Any])?["name"] as? String
    }
  }

  /// The icon the app calls `name`, matched exactly first and then loosely.
  static func icon(named name: String, list position: Int, name listName: String) throws
    -> ChecklistIcon
  {
    if let icon = ChecklistIcon(rawValue: name) ?? ChecklistIcon(named: name) { return icon }
    let known = ChecklistIcon.allCases.map(\.rawValue).joined(separator: ", ")
    throw ChecklistsError(
      .unreadableFile,
      MessageText(
        "errors.plist.unknownIcon",
        ["number": String(position + 1), "list": listName, "name": name, "known": known]))
  }

  // MARK: - Writing

  /// Writes checklists as a binary `Checklists.plist` that the iPhone app reads back.
  ///
  /// The app's decoder fails the whole file when one key is missing, so every record carries
  /// every key: `name`, `iconName`, `items`; `text`, `checked`, `dueDate`, `shouldRemind`,
  /// `itemID`. Items are numbered `itemID` 0, 1, 2, … across the whole file, in file order, as
  /// the app's own counter does. The app requires a due date on every item: an item without one
  /// gets its creation date when known, else `now`, which is what the app itself defaults to;
  /// `shouldRemind` is written as given. (Reading the file back keeps due dates only where
  /// Remind Me is on, so those dates invent nothing.)
  ///
  /// - Parameters:
  ///   - lists: The checklists to write, in order.
  ///   - now: The due date for items that have neither a due date nor a creation date.
  /// - Returns: A binary property list starting with `bplist00`.
  /// - Throws: An `EncodingError` from `PropertyListEncoder`; it does not fail for these records.
  /// - Complexity: O(*n*) in the number of items.
  public static func encode(_ lists: [PortableChecklist], now: Date) throws -> Data {
    var nextItemID = 0
    let records = lists.map { list in
      ChecklistRecord(
        name: list.name, iconName: list.icon.rawValue,
        items: list.items.map { item in
          defer { nextItemID += 1 }
          return ItemRecord(
            text: item.text, checked: item.isChecked,
            dueDate: item.dueDate ?? item.createdAt ?? now,
            shouldRemind: item.shouldRemind, itemID: nextItemID)
        })
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return try encoder.encode(records)
  }
}
