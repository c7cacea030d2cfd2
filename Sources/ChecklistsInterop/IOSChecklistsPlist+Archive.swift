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
  /// no due date, no reminder.
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
    return PortableItem(
      text: text, isChecked: try reader.bool(item["Checked"]) ?? false,
      dueDate: try reader.date(item["DueDate"]),
      shouldRemind: try reader.bool(item["ShouldRemind"]) ?? false)
  }

  private static func failure(_ place: String, _ problem: String) -> ChecklistsError {
    let separator = problem.hasPrefix("'") ? ": " : " "
    return ChecklistsError(.unreadableFile, place + separator + problem)
  }
}

/// The objects of a keyed archive, with the references between them resolved on demand.
private struct KeyedArchive {
  /// The archive's `$objects`; a reference is an index into this array.
  var objects: [Any]

  /// The object a value refers to, or the value itself when it is stored inline.
  ///
  /// - Returns: `nil` for the archive's `$null`.
  func resolve(_ value: Any?) throws -> Any? {
    guard let value else { return nil }
    guard let index = Self.reference(value) else { return value }
    guard objects.indices.contains(index) else {
      throw ChecklistsError(
        .unreadableFile,
        "The keyed archive is damaged: it refers to object \(index) of \(objects.count).")
    }
    let object = objects[index]
    return (object as? String) == "$null" ? nil : object
  }

  func dictionary(_ value: Any?) throws -> [String: Any]? {
    Self.dictionary(try resolve(value))
  }

  func string(_ value: Any?) throws -> String? {
    let object = try resolve(value)
    if let string = object as? String { return string }
    // NSMutableString is archived as a dictionary holding the characters.
    return try Self.dictionary(object).flatMap { try resolve($0["NS.string"]) as? String }
  }

  func array(_ value: Any?) throws -> [Any]? {
    guard let object = try resolve(value) else { return nil }
    if let array = object as? [Any] { return array }
    return Self.dictionary(object)?["NS.objects"] as? [Any]
  }

  func date(_ value: Any?) throws -> Date? {
    let object = try resolve(value)
    if let date = object as? Date { return date }
    guard let time = Self.dictionary(object)?["NS.time"] as? NSNumber else { return nil }
    return Date(timeIntervalSinceReferenceDate: time.doubleValue)
  }

  func bool(_ value: Any?) throws -> Bool? {
    (try resolve(value) as? NSNumber)?.boolValue
  }

  /// A dictionary with string keys, whichever way Foundation bridged it.
  static func dictionary(_ value: Any?) -> [String: Any]? {
    if let dictionary = value as? [String: Any] { return dictionary }
    guard let dictionary = value as? [AnyHashable: Any] else { return nil }
    return Dictionary(
      dictionary.compactMap { key, value in (key.base as? String).map { ($0, value) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The index an archive reference (a property list UID) points to, or `nil` for other values.
  ///
  /// Foundation hands UIDs back as instances of a private class with no public accessor: on Linux
  /// `_NSKeyedArchiverUID` keeps the index in a stored property named `value`, which reflection
  /// can read; Apple's `CFKeyedArchiverUID` prints it as `{value = N}`.
  static func reference(_ value: Any) -> Int? {
    if let dictionary = dictionary(value), dictionary.count == 1,
      let index = dictionary["CF$UID"] as? NSNumber
    {
      return index.intValue
    }
    let typeName = String(describing: type(of: value))
    guard typeName.contains("KeyedArchiverUID") else { return nil }
    for child in Mirror(reflecting: value).children where child.label == "value" {
      if let index = child.value as? UInt32 { return Int(index) }
      if let index = child.value as? Int { return index }
    }
    let description = String(describing: value)
    guard let start = description.range(of: "value = ")?.upperBound else { return nil }
    return Int(description[start...].prefix(while: \.isNumber))
  }
}
