import ChecklistsCore
import ChecklistsMessages
import Foundation

/// A template as JSON: `GET /api/v1/templates` lists them without `items`; a single template,
/// the CLI's `--json` and the backup's `templates` carry them.
public struct TemplateJSON: Codable, Sendable, Equatable {
  public var id: UUID
  public var name: String
  public var icon: String
  public var itemCount: Int
  public var createdAt: String
  /// The items, in order; nil in a listing.
  public var items: [TemplateItem]?

  /// The JSON of a template, with its items when `withItems`.
  public init(_ template: ChecklistTemplate, withItems: Bool) {
    id = template.id
    name = template.name
    icon = template.icon.rawValue
    itemCount = template.items.count
    createdAt = ISOTimestamp.milliseconds(template.createdAt)
    items = withItems ? template.items : nil
  }

  /// The template this JSON describes, for `ownerID`.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` `invalidInput` naming a bad icon, date or
  ///   parent index.
  public func template(ownerID: UUID) throws -> ChecklistTemplate {
    guard let icon = ChecklistIcon(rawValue: icon) else {
      throw ChecklistsError.invalid(
        MessageText("errors.template.templateUnknownIcon", ["name": name, "icon": "\(icon)"]))
    }
    guard let date = ISOTimestamp.parse(createdAt) else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.template.templateCreationDate", ["name": name, "createdAt": "\(createdAt)"]))
    }
    let items = items ?? []
    for (index, item) in items.enumerated() {
      if let parent = item.parentIndex, !(0..<index).contains(parent) {
        throw ChecklistsError.invalid(
          MessageText(
            "errors.template.parentNotEarlier",
            ["number": String(index + 1), "name": name, "parent": "\(parent)"]))
      }
    }
    return ChecklistTemplate(
      id: id, ownerID: ownerID, name: name, icon: icon, items: items, createdAt: date)
  }
}

extension ResponseSchemas {
  /// `TemplateItem`: an item of a template.
  public static let templateItem = JSONSchema.object(
    properties: [
      "text": .string(minLength: 1),
      "notes": .string(),
      "flagged": .boolean(),
      "priority": .enumeration(["none", "low", "medium", "high"]),
      "repeat": .string(description: "An RRULE"),
      "remind": .boolean(),
      "parentIndex": .integer(minimum: 0, description: "A subtask's parent, by index"),
      "dueOffset": {
        var seconds = JSONSchema.integer(
          description: "Seconds from the start of the day the template was saved")
        seconds.types = [.number]
        return seconds
      }(),
    ],
    required: ["text", "notes", "flagged", "priority", "remind"])

  /// `Template`: a template; `items` only where one template is answered.
  public static let template = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "icon": .ref("Icon"),
      "itemCount": .integer(minimum: 0),
      "createdAt": .ref("Timestamp"),
      "items": .array(of: .ref("TemplateItem")),
    ],
    required: ["id", "name", "icon", "itemCount", "createdAt"])

  /// `TemplateCollection`: `GET /api/v1/templates`.
  public static let templateCollection = JSONSchema.object(
    properties: ["templates": .array(of: .ref("Template"))], required: ["templates"])
}

extension RequestSchemas {
  /// `NewTemplate`: `POST /api/v1/templates`.
  public static let newTemplate = JSONSchema.object(
    properties: [
      "id": clientID,
      "checklistID": .string(format: "uuid", description: "The list to save"),
      "name": .ref("Text"),
    ],
    required: ["checklistID"])

  /// `TemplateStart`: `POST /api/v1/templates/{id}/start`.
  public static let templateStart = JSONSchema.object(properties: [
    "id": clientID,
    "name": .ref("Text"),
    "startDate": .string(
      description: "The day the list starts (ISO 8601 date or date-time); default today"),
  ])
}
