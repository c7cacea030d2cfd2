import ChecklistsCore
import Foundation

/// A list as JSON: the shape of the API's responses and the CLI's `--json` (docs/API.md,
/// docs/CLI-JSON.md). Dates are ISO 8601 in UTC to the millisecond.
public struct ChecklistJSON: Codable, Sendable, Equatable {
  /// The number the CLI shows, where it shows one.
  public var number: Int?
  public var id: UUID
  public var name: String
  public var icon: String
  /// Whether the list hides its checked items.
  public var hideChecked: Bool
  public var itemCount: Int
  public var remainingCount: Int
  public var subtitle: String
  public var revision: Int64
  public var createdAt: String
  public var updatedAt: String
  /// For a list someone shared with the reader: its owner's name and the reader's role
  /// ("viewer", "checker" or "editor"). Absent for the reader's own lists.
  public var owner: String?
  public var role: String?

  /// The JSON form of a list.
  public init(_ list: Checklist, number: Int? = nil) {
    self.number = number
    id = list.id
    name = list.name
    icon = list.icon.rawValue
    hideChecked = list.hidesChecked
    itemCount = list.itemCount
    remainingCount = list.remainingCount
    subtitle = list.subtitle
    revision = list.revision
    createdAt = ISOTimestamp.milliseconds(list.createdAt)
    updatedAt = ISOTimestamp.milliseconds(list.updatedAt)
    owner = list.sharing?.ownerName
    role = list.sharing?.role.rawValue
  }
}

/// An item as JSON. `due`, `dueDate`, `reminderDate`, `parentID`, `repeat` and
/// `repeatDescription` are always written, `null` when absent.
public struct ChecklistItemJSON: Codable, Sendable, Equatable {
  public var number: Int?
  public var id: UUID
  public var checklistID: UUID
  /// The list's name, where the item is shown away from its list (`due`).
  public var checklist: String?
  public var text: String
  public var checked: Bool
  /// The due date: a day or a moment with its zone (``DueDateJSON``).
  public var due: DueDateJSON?
  /// The due date as an instant, for clients that know no days: a day's start in UTC.
  public var dueDate: String?
  public var remind: Bool
  public var reminderDate: String?
  public var revision: Int64
  public var createdAt: String
  public var updatedAt: String
  /// Notes under the text; "" for none.
  public var notes: String
  public var flagged: Bool
  /// "none", "low", "medium" or "high".
  public var priority: String
  /// The item it is a subtask of, or nil at the top level.
  public var parentID: UUID?
  /// The repeat rule as an RRULE (`FREQ=WEEKLY;BYDAY=MO,TH`), or nil.
  public var `repeat`: String?
  /// The rule in words ("Every week on Monday and Thursday"), or nil; read-only.
  public var repeatDescription: String?
  /// How many subtasks it has, and how many of them are checked; read-only.
  public var subtaskCount: Int
  public var checkedSubtaskCount: Int

  /// The JSON form of an item.
  /// - Parameter now: Decides `reminderDate`, which is set only while the reminder is ahead.
  public init(_ item: ChecklistItem, number: Int? = nil, checklist: String? = nil, now: Date) {
    self.number = number
    id = item.id
    checklistID = item.checklistID
    self.checklist = checklist
    text = item.text
    checked = item.isChecked
    due = item.due.map(DueDateJSON.init)
    dueDate = item.dueDate.map(ISOTimestamp.milliseconds)
    remind = item.shouldRemind
    reminderDate = item.reminderDate(after: now).map(ISOTimestamp.milliseconds)
    revision = item.revision
    createdAt = ISOTimestamp.milliseconds(item.createdAt)
    updatedAt = ISOTimestamp.milliseconds(item.updatedAt)
    notes = item.notes
    flagged = item.isFlagged
    priority = item.priority.rawValue
    parentID = item.parentID
    self.repeat = item.recurrence?.rrule
    repeatDescription = item.recurrence?.description
    subtaskCount = item.subtaskCount
    checkedSubtaskCount = item.checkedSubtaskCount
  }

  enum CodingKeys: String, CodingKey {
    case number, id, checklistID, checklist, text, checked, due, dueDate, remind, reminderDate
    case revision, createdAt, updatedAt
    case notes, flagged, priority, parentID, `repeat`, repeatDescription, subtaskCount
    case checkedSubtaskCount
  }

  /// Reads an item; the fields added in issue 14 default to none, so an older server's
  /// answers still read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    number = try container.decodeIfPresent(Int.self, forKey: .number)
    id = try container.decode(UUID.self, forKey: .id)
    checklistID = try container.decode(UUID.self, forKey: .checklistID)
    checklist = try container.decodeIfPresent(String.self, forKey: .checklist)
    text = try container.decode(String.self, forKey: .text)
    checked = try container.decode(Bool.self, forKey: .checked)
    due = try container.decodeIfPresent(DueDateJSON.self, forKey: .due)
    dueDate = try container.decodeIfPresent(String.self, forKey: .dueDate)
    remind = try container.decode(Bool.self, forKey: .remind)
    reminderDate = try container.decodeIfPresent(String.self, forKey: .reminderDate)
    revision = try container.decode(Int64.self, forKey: .revision)
    createdAt = try container.decode(String.self, forKey: .createdAt)
    updatedAt = try container.decode(String.self, forKey: .updatedAt)
    notes = try container.decodeIfPresent(String.self, forKey: .notes) ?? ""
    flagged = try container.decodeIfPresent(Bool.self, forKey: .flagged) ?? false
    priority = try container.decodeIfPresent(String.self, forKey: .priority) ?? "none"
    parentID = try container.decodeIfPresent(UUID.self, forKey: .parentID)
    self.repeat = try container.decodeIfPresent(String.self, forKey: .repeat)
    repeatDescription = try container.decodeIfPresent(String.self, forKey: .repeatDescription)
    subtaskCount = try container.decodeIfPresent(Int.self, forKey: .subtaskCount) ?? 0
    checkedSubtaskCount =
      try container.decodeIfPresent(Int.self, forKey: .checkedSubtaskCount) ?? 0
  }

  /// Writes every key, with `null` for a missing due or reminder date so clients see them all.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encode(id, forKey: .id)
    try container.encode(checklistID, forKey: .checklistID)
    try container.encodeIfPresent(checklist, forKey: .checklist)
    try container.encode(text, forKey: .text)
    try container.encode(checked, forKey: .checked)
    try container.encode(due, forKey: .due)
    try container.encode(dueDate, forKey: .dueDate)
    try container.encode(remind, forKey: .remind)
    try container.encode(reminderDate, forKey: .reminderDate)
    try container.encode(revision, forKey: .revision)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(notes, forKey: .notes)
    try container.encode(flagged, forKey: .flagged)
    try container.encode(priority, forKey: .priority)
    try container.encode(parentID, forKey: .parentID)
    try container.encode(self.repeat, forKey: .repeat)
    try container.encode(repeatDescription, forKey: .repeatDescription)
    try container.encode(subtaskCount, forKey: .subtaskCount)
    try container.encode(checkedSubtaskCount, forKey: .checkedSubtaskCount)
  }
}

/// Encodes the JSON the API and the CLI print: sorted keys, no escaped slashes.
public enum ChecklistsJSONEncoding {
  /// Encodes `value`; pretty-printed for people (the CLI), compact for the wire.
  public static func encode(_ value: some Encodable, pretty: Bool) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }
}
