import ChecklistsCore
import Foundation

/// The shapes `--json` prints, documented in docs/CLI-JSON.md. Dates are ISO 8601 in UTC.
enum JSONOutput {
  struct List: Encodable {
    var number: Int?
    var id: UUID
    var name: String
    var icon: String
    var itemCount: Int
    var remainingCount: Int
    var subtitle: String
    var revision: Int64
    var createdAt: String
    var updatedAt: String
  }

  struct Item: Encodable {
    var number: Int?
    var id: UUID
    var checklistID: UUID
    var checklist: String?
    var text: String
    var checked: Bool
    var dueDate: String?
    var remind: Bool
    var reminderDate: String?
    var revision: Int64
    var createdAt: String
    var updatedAt: String

    // Always write dueDate and reminderDate, as null when absent, so scripts see every key.
    enum CodingKeys: String, CodingKey {
      case number, id, checklistID, checklist, text, checked, dueDate, remind, reminderDate
      case revision, createdAt, updatedAt
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(number, forKey: .number)
      try container.encode(id, forKey: .id)
      try container.encode(checklistID, forKey: .checklistID)
      try container.encodeIfPresent(checklist, forKey: .checklist)
      try container.encode(text, forKey: .text)
      try container.encode(checked, forKey: .checked)
      try container.encode(dueDate, forKey: .dueDate)
      try container.encode(remind, forKey: .remind)
      try container.encode(reminderDate, forKey: .reminderDate)
      try container.encode(revision, forKey: .revision)
      try container.encode(createdAt, forKey: .createdAt)
      try container.encode(updatedAt, forKey: .updatedAt)
    }
  }

  struct Lists: Encodable { var checklists: [List] }
  struct ListWithItems: Encodable {
    var checklist: List
    var items: [Item]
  }
  struct Items: Encodable { var items: [Item] }
  struct Icons: Encodable { var icons: [String] }

  static func list(_ list: Checklist, number: Int? = nil, display: DateDisplay) -> List {
    List(
      number: number, id: list.id, name: list.name, icon: list.icon.rawValue,
      itemCount: list.itemCount, remainingCount: list.remainingCount, subtitle: list.subtitle,
      revision: list.revision, createdAt: display.isoString(from: list.createdAt),
      updatedAt: display.isoString(from: list.updatedAt))
  }

  static func item(
    _ item: ChecklistItem, number: Int? = nil, checklist: String? = nil, now: Date,
    display: DateDisplay
  ) -> Item {
    Item(
      number: number, id: item.id, checklistID: item.checklistID, checklist: checklist,
      text: item.text, checked: item.isChecked, dueDate: item.dueDate.map(display.isoString),
      remind: item.shouldRemind, reminderDate: item.reminderDate(after: now).map(display.isoString),
      revision: item.revision, createdAt: display.isoString(from: item.createdAt),
      updatedAt: display.isoString(from: item.updatedAt))
  }

  /// Pretty-printed JSON with sorted keys and unescaped slashes, as text.
  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
