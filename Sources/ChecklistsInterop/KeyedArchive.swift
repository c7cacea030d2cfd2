import ChecklistsCore
import ChecklistsMessages
import Foundation

/// The objects of a keyed archive (`NSKeyedArchiver`), with the references between them resolved
/// on demand.
///
/// Readers walk the archive's object graph themselves rather than unarchiving classes, so they do
/// not depend on the class names the writing app used.
struct KeyedArchive {
  /// The archive's `$objects`; a reference is an index into this array.
  var objects: [Any]
  /// The archive's `$top`: the objects the writer encoded at the top level, by key.
  var top: [String: Any]

  /// Creates a reader for `objects`, with the top-level objects `top`.
  init(objects: [Any], top: [String: Any] = [:]) {
    self.objects = objects
    self.top = top
  }

  /// Reads a parsed property list as a keyed archive.
  ///
  /// - Returns: `nil` when the property list is not a keyed archive: its root is not a dictionary
  ///   with `$archiver`, `$objects` and `$top` entries.
  init?(propertyList root: Any) {
    guard let archive = Self.dictionary(root), archive["$archiver"] != nil,
      let objects = archive["$objects"] as? [Any],
      let top = Self.dictionary(archive["$top"])
    else { return nil }
    self.init(objects: objects, top: top)
  }

  /// The object a value refers to, or the value itself when it is stored inline.
  ///
  /// - Returns: `nil` for the archive's `$null`.
  func resolve(_ value: Any?) throws -> Any? {
    guard let value else { return nil }
    guard let index = Self.reference(value) else { return value }
    guard objects.indices.contains(index) else {
      throw ChecklistsError(
        .unreadableFile,
        MessageText(
          "errors.plist.keyedArchiveDamaged",
          ["index": "\(index)", "objectsCount": String(objects.count)]))
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
    // An archived NSDictionary also has `NS.objects` (its values), beside `NS.keys`.
    guard let archived = Self.dictionary(object), archived["NS.keys"] == nil else { return nil }
    return archived["NS.objects"] as? [Any]
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

  /// The name of the class an archived object was encoded as, such as `NSDictionary`.
  ///
  /// - Returns: `nil` for a value stored inline or an object without a class.
  func className(_ value: Any?) throws -> String? {
    guard let object = try dictionary(value), let reference = object["$class"] else { return nil }
    return try dictionary(reference)?["$classname"] as? String
  }

  /// What an archived value is, in a person's words: "an object of class NSDictionary", "text".
  func describe(_ value: Any?) throws -> String {
    if let name = try className(value) { return "an object of class \(name)" }
    guard let object = try resolve(value) else { return "nothing" }
    return DecodingFailure.describe(object)
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
