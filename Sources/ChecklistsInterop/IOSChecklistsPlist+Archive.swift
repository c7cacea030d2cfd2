import ChecklistsCore
import Foundation

// MARK: - The older NSKeyedArchiver edition

extension IOSChecklistsPlist {
  /// Reads the keyed archive older editions of the app wrote: an `NSKeyedArchiver` file whose
  /// archive key `Checklists` holds an array of checklists with keys `Name`, `IconName`, `Items`,
  /// and items with `Text`, `Checked`, `DueDate`, `ShouldRemind`, `ItemID`.
  ///
  /// The walk follows the archive's object references itself rather than unarchiving classes, so
  /// it does not depend on the app's class names. Keys that the oldest editions did not write
  /// take the values `NSCoder` gives a missing key or the app's defaults: no icon, unchecked,
  /// no due date, no reminder. As in the newer file, a due date is kept only with Remind Me on.
  static func decodeKeyedArchive(_ archive: [String: Any]) throws -> [PortableChecklist] {
    let reader = KeyedArchive(objects: archive["$objects"] as? [Any] ?? [])
    guard let top = KeyedArchive.dictionary(archive["$top"]), let root = top["Checklists"] else {
      throw notChecklists(
        "it is a keyed archive (NSKeyedArchiver) without a 'Checklists' entry.")
    }
    guard let lists = try reader.array(root) else {
      throw notChecklists("the 'Checklists' entry of the keyed archive is not an array.")
    }
    return try lists.enumerated().map { position, value in
      try checklist(value, position: position, reader: reader)
    }
  }

  private static func checklist(_ value: Any, position: Int, reader: KeyedArchive) throws
    -> PortableChecklist
  {
    guard let list = try reader.dictionary(value) else {
      throw failure("Checklist \(position + 1)", "is not an archived checklist.")
    }
    let name = try reader.string(list["Name"])
    let place = "Checklist \(position + 1)" + (name.map { " ('\($0)')" } ?? "")
    guard let name else { throw failure(place, "'Name' is missing or not text.") }
    var listIcon = ChecklistIcon.modelDefault
    if let iconName = try reader.string(list["IconName"]) {
      listIcon = try icon(named: iconName, list: position, name: name)
    }
    guard let items = try reader.array(list["Items"]) else {
      throw failure(place, "'Items' is missing or not an array.")
    }
    return PortableChecklist(
      name: name, icon: listIcon,
      items: try items.enumerated().map { index, value in
        try item(value, place: "\(place), item \(index + 1)", reader: reader)
      })
  }

  private static func item(_ value: Any, place: String, reader: KeyedArchive) throws
    -> PortableItem
  {
    guard let item = try reader.dictionary(value) else {
      throw failure(place, "is not an archived item.")
    }
    guard let text = try reader.string(item["Text"]) else {
      throw failure(place, "'Text' is missing or not text.")
    }
    return appItem(
      text: text, isChecked: try reader.bool(item["Checked"]) ?? false,
      dueDate: try reader.date(item["DueDate"]),
      shouldRemind: try reader.bool(item["ShouldRemind"]) ?? false)
  }

  private static func failure(_ place: String, _ problem: String) -> ChecklistsError {
    let separator = problem.hasPrefix("'") ? ": " : " "
    return ChecklistsError(.unreadableFile, place + separator + problem)
  }
}
