import ChecklistsCore
import Foundation

extension ResponseSchemas {
  /// `ChecklistReference`: the list an item shown away from it is on.
  public static let checklistReference = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"), "name": .string(minLength: 1), "icon": .ref("Icon"),
    ],
    required: ["id", "name", "icon"])

  /// `SmartListItem`: an `Item` whose `checklist` is the list it is on.
  public static let smartListItem: JSONSchema = {
    var schema = ChecklistItemJSON.schema
    schema.properties["checklist"] = .ref("ChecklistReference")
    schema.required.append("checklist")
    return schema
  }()

  /// `SmartListCounts`: `GET /api/v1/smart-lists`.
  public static let smartListCounts = JSONSchema.object(
    properties: [
      "smartLists": .array(
        of: .object(
          properties: [
            "kind": .enumeration(["today", "scheduled", "overdue", "flagged", "all"]),
            "name": .string(minLength: 1),
            "count": .integer(minimum: 0),
          ], required: ["kind", "name", "count"]),
        description: "Today, Scheduled, Overdue, Flagged and All, in that order")
    ],
    required: ["smartLists"])

  /// `SmartListItems`: `GET /api/v1/smart-lists/{kind}`.
  public static let smartListItems = JSONSchema.object(
    properties: [
      "kind": .enumeration(["today", "scheduled", "overdue", "flagged", "all"]),
      "name": .string(minLength: 1),
      "items": .array(of: .ref("SmartListItem"), description: "At most 1,000"),
    ],
    required: ["kind", "name", "items"])

  /// `SearchResult`: `GET /api/v1/search`.
  public static let searchResult: JSONSchema = {
    var group = JSONSchema()
    group.oneOf = [
      .object(
        properties: [
          "kind": .enumeration(["checklist"]),
          "checklist": .ref("ChecklistReference"),
          "items": .array(of: .ref("Item"), description: "At most 50, in the list's order"),
        ], required: ["kind", "checklist", "items"]),
      .object(
        properties: [
          "kind": .enumeration(["catalogue"]),
          "items": .array(of: .ref("ShoppingItem"), description: "At most 50, by name"),
        ], required: ["kind", "items"]),
    ]
    return .object(
      properties: [
        "query": .string(),
        "groups": .array(
          of: group, description: "The lists with matches in All Lists order, the catalogue last"),
      ],
      required: ["query", "groups"])
  }()
}
