import ChecklistsCore
import Foundation

extension ChecklistIcon {
  /// `Icon`: the name of a list's icon.
  public static let schema = JSONSchema.enumeration(allCases.map(\.rawValue))
}

extension ChecklistJSON {
  /// `Checklist`: a list as the API answers it.
  public static let schema = JSONSchema.object(
    properties: ShareRole.sharedListProperties.merging([
      "id": .string(format: "uuid"),
      "name": .string(minLength: 1),
      "icon": .ref("Icon"),
      "hideChecked": .boolean(description: "Whether the list hides its checked items"),
      "itemCount": .integer(minimum: 0),
      "remainingCount": .integer(minimum: 0),
      "subtitle": .string(),
      "revision": .integer(minimum: 1),
      "createdAt": .ref("Timestamp"),
      "updatedAt": .ref("Timestamp"),
    ]) { _, new in new },
    required: [
      "id", "name", "icon", "hideChecked", "itemCount", "remainingCount", "subtitle", "revision",
      "createdAt", "updatedAt",
    ])
}

extension ChecklistItemJSON {
  /// `Item`: an item as the API answers it; `checklist` only where it is shown away from its list.
  public static let schema = JSONSchema.object(
    properties: [
      "id": .string(format: "uuid"),
      "checklistID": .string(format: "uuid"),
      "checklist": .string(),
      "text": .string(minLength: 1),
      "checked": .boolean(),
      "due": .ref("Due").orNull,
      "dueDate": JSONSchema.ref("Timestamp").orNull.described(
        "The due date as an instant: a moment's, or a day's start in UTC"),
      "remind": .boolean(),
      "reminderDate": .ref("Timestamp").orNull,
      "revision": .integer(),
      "createdAt": .ref("Timestamp"),
      "updatedAt": .ref("Timestamp"),
      "notes": .string(maxLength: ChecklistItem.maximumNotesLength),
      "flagged": .boolean(),
      "priority": ChecklistItemJSON.prioritySchema,
      "parentID": JSONSchema.string(format: "uuid").orNull,
      "repeat": ChecklistItemJSON.repeatSchema.orNull,
      "repeatDescription": JSONSchema.string(description: "The repeat rule in words").orNull,
      "subtaskCount": .integer(minimum: 0),
      "checkedSubtaskCount": .integer(minimum: 0),
    ],
    required: [
      "id", "checklistID", "text", "checked", "due", "dueDate", "remind", "reminderDate",
      "revision",
      "createdAt", "updatedAt", "notes", "flagged", "priority", "parentID", "repeat",
      "repeatDescription", "subtaskCount", "checkedSubtaskCount",
    ])

  /// An item's priority (written inline where it is used).
  public static let prioritySchema = JSONSchema.enumeration(ItemPriority.allCases.map(\.rawValue))

  /// A repeat rule: an iCalendar RRULE of the subset docs/API.md describes (inline).
  public static let repeatSchema = JSONSchema.string(
    minLength: 1, description: "An RRULE such as FREQ=WEEKLY;BYDAY=MO,TH")
}

extension ResponseSchemas {
  /// `ChecklistCollection`: `GET /api/v1/checklists`.
  public static let checklistCollection = JSONSchema.object(
    properties: ["checklists": .array(of: .ref("Checklist"))],
    required: ["checklists"])

  /// `ChecklistWithItems`: a list with its items in order.
  public static let checklistWithItems = JSONSchema.object(
    properties: [
      "checklist": .ref("Checklist"),
      "items": .array(of: .ref("Item")),
    ],
    required: ["checklist", "items"])

  /// `ItemCollection`: a list's items, or the items due.
  public static let itemCollection = JSONSchema.object(
    properties: ["items": .array(of: .ref("Item"))],
    required: ["items"])

  /// `ImportReport`: what importing a file did.
  public static let importReport = JSONSchema.object(
    properties: [
      "listsCreated": .integer(),
      "listsUpdated": .integer(),
      "itemsAdded": .integer(),
      "itemsUpdated": .integer(),
      "itemsUnchanged": .integer(),
      "itemsRemoved": .integer(),
      "itemsSkipped": .integer(),
      "summary": .string(),
    ],
    required: [
      "listsCreated", "listsUpdated", "itemsAdded", "itemsUpdated", "itemsUnchanged",
      "itemsRemoved", "itemsSkipped", "summary",
    ])
}

extension RequestSchemas {
  /// `NewChecklist`: `POST /api/v1/checklists`.
  public static let newChecklist = JSONSchema.object(
    properties: [
      "id": clientID,
      "name": .ref("Text"),
      "icon": .ref("Icon"),
      "hideChecked": .boolean(description: "Default false"),
    ],
    required: ["name"])

  /// `ChecklistChanges`: `PATCH /api/v1/checklists/{id}`.
  public static let checklistChanges = JSONSchema.object(properties: [
    "name": .ref("Text"),
    "icon": .ref("Icon"),
    "hideChecked": .boolean(),
  ])

  /// The older form of a due date in a write: an instant, which means a moment in UTC. A body
  /// sends this or `due`, not both.
  public static let oldDueDate = JSONSchema.ref("Timestamp").orNull.described(
    "A moment in UTC (the older form of 'due'); send this or 'due', not both")

  /// `NewItem`: `POST /api/v1/checklists/{id}/items`.
  public static let newItem = JSONSchema.object(
    properties: [
      "id": clientID,
      "text": .ref("Text"),
      "due": .ref("Due").orNull,
      "dueDate": RequestSchemas.oldDueDate,
      "remind": .boolean(description: "Needs a due date"),
      "checked": .boolean(),
      "notes": .string(maxLength: ChecklistItem.maximumNotesLength),
      "flagged": .boolean(),
      "priority": ChecklistItemJSON.prioritySchema,
      "parentID": JSONSchema.string(
        format: "uuid", description: "Makes it a subtask of this top-level item of the list"
      ).orNull,
      "repeat": ChecklistItemJSON.repeatSchema.orNull,
    ],
    required: ["text"])

  /// `ItemChanges`: `PATCH /api/v1/items/{id}`.
  public static let itemChanges = JSONSchema.object(properties: [
    "text": .ref("Text"),
    "checked": .boolean(),
    "due": .ref("Due").orNull,
    "dueDate": RequestSchemas.oldDueDate,
    "remind": .boolean(),
    "notes": .string(maxLength: ChecklistItem.maximumNotesLength),
    "flagged": .boolean(),
    "priority": ChecklistItemJSON.prioritySchema,
    "parentID": JSONSchema.string(
      format: "uuid", description: "Makes it a subtask of this item; null: the top level"
    ).orNull,
    "repeat": ChecklistItemJSON.repeatSchema.orNull,
    "checkSubtasks": .boolean(
      description: "With checked: true, also checks its unchecked subtasks"),
  ])

  /// `Move`: `POST /api/v1/items/{id}/move`: one of `after` (replays land where the person
  /// put the item) or `index`.
  public static let move = JSONSchema.object(
    properties: [
      "after": JSONSchema.string(
        format: "uuid",
        description: "The item it goes after, or null for first; send this or 'index', not both"
      ).orNull,
      "index": .integer(
        minimum: 0, description: "The 0-based position the item ends at; clamped to the list"),
    ])
}
