import ChecklistsCore
import Foundation

/// Turns Foundation's `DecodingError` into a sentence that says where in the file the problem is.
///
/// A coding path such as `[3].items[1].checked` becomes "Checklist 4 ('To Do'), item 2: 'checked'
/// is missing." Positions count from 1, as a person counts.
struct DecodingFailure {
  /// The coding keys that lead from the file's root to its array of checklists (`checklists` in
  /// the JSON backup, none in the iPhone app's plist).
  var listsPath: [String]
  /// The name of the checklist at a zero-based position, when the file has one.
  var listName: (Int) -> String?

  /// The error to throw for `error`.
  func error(for error: DecodingError) -> ChecklistsError {
    ChecklistsError(.unreadableFile, message(for: error))
  }

  /// A sentence naming the position and the problem.
  func message(for error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      let place = self.place(context.codingPath)
      return sentence(place.where, "'\(key.stringValue)' is missing.")
    case .typeMismatch(let type, let context):
      let place = self.place(context.codingPath)
      let subject = place.field.map { "'\($0)' must be" } ?? "must be"
      return sentence(place.where, "\(subject) \(Self.noun(for: type)).")
    case .valueNotFound(let type, let context):
      let place = self.place(context.codingPath)
      let subject = place.field.map { "'\($0)' is empty; it must be" } ?? "is empty; it must be"
      return sentence(place.where, "\(subject) \(Self.noun(for: type)).")
    case .dataCorrupted(let context):
      let place = self.place(context.codingPath)
      let subject = place.field.map { "'\($0)' is not valid" } ?? "is not valid"
      return sentence(place.where, "\(subject).")
    @unknown default:
      return "The file cannot be read."
    }
  }

  /// Splits a coding path into the checklist and item it points into and the remaining keys.
  private func place(_ path: [any CodingKey]) -> (where: String?, field: String?) {
    var keys = path[...]
    var prefix: [String] = []
    while prefix.count < listsPath.count, let key = keys.first, key.intValue == nil {
      prefix.append(key.stringValue)
      keys = keys.dropFirst()
    }
    guard prefix == listsPath, let list = keys.first?.intValue else {
      return (nil, path.isEmpty ? nil : Self.render(path[...]))
    }
    keys = keys.dropFirst()
    var place = "Checklist \(list + 1)"
    if let name = listName(list) { place += " ('\(name)')" }
    if keys.first?.stringValue == "items", let item = keys.dropFirst().first?.intValue {
      place += ", item \(item + 1)"
      keys = keys.dropFirst(2)
    }
    return (place, keys.isEmpty ? nil : Self.render(keys))
  }

  private func sentence(_ place: String?, _ problem: String) -> String {
    guard let place else {
      return problem.hasPrefix("'") ? "The file's \(problem)" : "The file \(problem)"
    }
    return problem.hasPrefix("'") ? "\(place): \(problem)" : "\(place) \(problem)"
  }

  /// A path as a person reads it: `items[3].text`, positions counted from 1.
  private static func render(_ keys: ArraySlice<any CodingKey>) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index + 1)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// What a value of `type` is, in a person's words.
  static func noun(for type: Any.Type) -> String {
    switch type {
    case is Bool.Type: return "true or false"
    case is String.Type: return "text"
    case is Int.Type, is Int64.Type, is UInt32.Type: return "a whole number"
    case is Double.Type, is Float.Type: return "a number"
    case is Date.Type: return "a date"
    case is Data.Type: return "data"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") { return "a dictionary" }
      return "a value of another type"
    }
  }

  /// What a decoded property list or JSON value is, in a person's words.
  static func describe(_ value: Any) -> String {
    switch value {
    case is String: return "text"
    case is [Any]: return "an array"
    case is [String: Any], is [AnyHashable: Any]: return "a dictionary"
    case is Date: return "a date"
    case is Data: return "data"
    case is NSNull: return "null"
    default:
      // On Linux every NSNumber casts to Bool, so ask for the boolean class by name.
      let name = String(describing: Swift.type(of: value))
      if value is Bool, name == "Bool" || name.contains("Boolean") { return "true or false" }
      return "a number"
    }
  }
}
