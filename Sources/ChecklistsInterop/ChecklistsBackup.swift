import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Our lossless JSON backup: every list and item with its identity, dates and order.
///
/// The shape is documented in `docs/BACKUP-FORMAT.md`:
/// `{"format": "checklists-backup", "version": 2, "exportedAt": …, "checklists": [ … ]}`.
/// Version 2 writes an item's due date as `due`, a day or a moment with its zone
/// (``DueDateJSON``); version 1 files, whose `dueDate` is an instant, still read (as moments).
/// Dates are ISO 8601 timestamps in UTC with as many fraction digits as needed to restore the
/// exact `Date`.
public enum ChecklistsBackup {
  /// The value of the `format` key that marks a file as a Checklists backup.
  public static let formatName = "checklists-backup"
  /// The newest version of the backup format this code writes and reads.
  public static let currentVersion = 2

  /// The top of a backup file.
  struct File: Codable {
    var format: String
    var version: Int
    var exportedAt: String?
    var checklists: [List]
    /// The user's templates (issue 14); left out when there are none.
    var templates: [TemplateJSON]?
  }

  /// One checklist in a backup.
  struct List: Codable {
    var id: String?
    var name: String
    var icon: String?
    /// Whether the list hides its checked items; absent (or null) leaves a list's setting as it
    /// is on import (false for a new one).
    var hideChecked: Bool?
    var createdAt: String?
    var items: [Item]
  }

  /// One item in a backup.
  struct Item: Codable {
    var id: String?
    var text: String
    var checked: Bool?
    /// Version 1's due date, an instant (read as a moment in UTC); not written since.
    var dueDate: String?
    /// The due date, a day or a moment (version 2); wins over `dueDate` when both are there.
    var due: DueDateJSON?
    var remind: Bool?
    var createdAt: String?
    /// Notes; absent or "" for none.
    var notes: String?
    var flagged: Bool?
    /// "none", "low", "medium" or "high"; absent for none.
    var priority: String?
    /// The id of the item of the same list it is a subtask of.
    var parentID: String?
    /// The repeat rule as an RRULE.
    var `repeat`: String?
  }

  /// Just the keys that say whether and how to read the rest.
  private struct Header: Decodable {
    var format: String?
    var version: Int?
  }

  // MARK: - Writing

  /// Writes checklists as a pretty-printed JSON backup with sorted keys.
  ///
  /// Identities and dates that are `nil` are left out; ``decode(_:)`` restores exactly what was
  /// written, to the last bit of every date.
  ///
  /// - Parameters:
  ///   - lists: The checklists to write, in order.
  ///   - exportedAt: When the backup is made, recorded in `exportedAt`.
  /// - Returns: UTF-8 JSON ending in a line break.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` for a date outside the years 0000 to
  ///   9999, which the backup cannot write.
  /// - Complexity: O(*n*) in the number of items.
  public static func encode(
    _ lists: [PortableChecklist], templates: [ChecklistTemplate] = [], exportedAt: Date
  ) throws -> Data {
    var file = File(
      format: formatName, version: currentVersion, exportedAt: try timestamp(exportedAt),
      checklists: try lists.map { list in
        List(
          id: list.id?.uuidString, name: list.name, icon: list.icon.rawValue,
          hideChecked: list.hidesChecked,
          createdAt: try list.createdAt.map(timestamp),
          items: try list.items.map { item in
            Item(
              id: item.id?.uuidString, text: item.text, checked: item.isChecked,
              due: try item.due.map { try DueDateJSON($0, timestamp: timestamp) },
              remind: item.shouldRemind,
              createdAt: try item.createdAt.map(timestamp),
              notes: item.notes.isEmpty ? nil : item.notes,
              flagged: item.isFlagged ? true : nil,
              priority: item.priority == .none ? nil : item.priority.rawValue,
              parentID: item.parentID?.uuidString, repeat: item.recurrence?.rrule)
          })
      })
    if !templates.isEmpty {
      file.templates = templates.map { TemplateJSON($0, withItems: true) }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(file) + Data("\n".utf8)
  }

  private static func timestamp(_ date: Date) throws -> String {
    guard let text = ISOTimestamp.exact(date) else {
      throw ChecklistsError.invalid(
        MessageText("errors.backup.dateCannotWritten", ["date": "\(date)"]))
    }
    return text
  }

  // MARK: - Reading

  /// Reads a JSON backup written by ``encode(_:exportedAt:)`` or by hand.
  ///
  /// `id`, `createdAt`, `dueDate` and `exportedAt` may be left out (or `null`); `checked` and
  /// `remind` default to `false`, `icon` to `No Icon`. Unknown keys are ignored. Text is not
  /// trimmed or validated here: the store does that on import.
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The checklists, in the file's order.
  /// - Throws: ``ChecklistsError`` with code `unreadableFile` and a message naming the problem
  ///   and its position: an empty or damaged file, JSON that is not a Checklists backup, a newer
  ///   version, a missing key, a value of the wrong type, a bad id, date or icon.
  /// - Complexity: O(*n*) in the size of the file.
  public static func decode(_ data: Data) throws -> [PortableChecklist] {
    if data.isEmpty { throw ChecklistsError(.unreadableFile, MessageText("errors.file.empty")) }
    let decoder = JSONDecoder()
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw notBackup("its top level is not a JSON object.")
    } catch DecodingError.typeMismatch(_, let context) {
      throw notBackup("'\(context.codingPath.last?.stringValue ?? "")' has the wrong type.")
    } catch  where (try? JSONSerialization.jsonObject(with: data)) != nil {
      // Valid JSON whose "version" does not fit an Int: Foundation reports it as corrupt data.
      throw ChecklistsError(.unreadableFile, MessageText("errors.backup.versionNotWhole"))
    } catch {
      throw ChecklistsError(
        .unreadableFile,
        MessageText("errors.backup.notJSON", ["kind": Signature.describe(data)]))
    }
    try check(header)
    let file: File
    do {
      file = try decoder.decode(File.self, from: data)
    } catch let error as DecodingError {
      throw failure(data).error(for: error)
    }
    return try file.checklists.enumerated().map(checklist)
  }

  private static func check(_ header: Header) throws {
    guard let format = header.format else {
      throw notBackup("it has no \"format\": \"\(formatName)\" entry.")
    }
    guard format == formatName else {
      throw notBackup("its \"format\" is \"\(format)\", expected \"\(formatName)\".")
    }
    guard let version = header.version else {
      throw ChecklistsError(.unreadableFile, MessageText("errors.backup.noVersion"))
    }
    guard version <= currentVersion else {
      throw ChecklistsError(
        .unreadableFile,
        MessageText(
          "errors.backup.backupVersionFormat",
          ["version": "\(version)", "currentVersion": "\(currentVersion)"]))
    }
    guard version >= 1 else {
      throw ChecklistsError(
        .unreadableFile, MessageText("errors.backup.versionInvalid", ["version": "\(version)"])
      )
    }
  }

  private static func notBackup(_ reason: String) -> ChecklistsError {
    ChecklistsError(
      .unreadableFile, MessageText("errors.backup.jsonFileChecklists", ["reason": reason]))
  }

  /// Describes decoding errors, naming lists by the names found in the file.
  private static func failure(_ data: Data) -> DecodingFailure {
    let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    let lists = root?["checklists"] as? [Any] ?? []
    return DecodingFailure(listsPath: ["checklists"]) { position in
      guard lists.indices.contains(position) else { return nil }
      return (lists[position] as? [String: Any])?["name"] as? String
    }
  }

  private static func checklist(position: Int, list: List) throws -> PortableChecklist {
    let place = "Checklist \(position + 1) ('\(list.name)')"
    var icon = ChecklistIcon.modelDefault
    if let name = list.icon {
      icon = try IOSChecklistsPlist.icon(named: name, list: position, name: list.name)
    }
    return PortableChecklist(
      id: try uuid(list.id, place), name: list.name, icon: icon, hidesChecked: list.hideChecked,
      createdAt: try date(list.createdAt, "createdAt", place),
      items: try list.items.enumerated().map { index, item in
        let place = "\(place), item \(index + 1)"
        return PortableItem(
          id: try uuid(item.id, place), text: item.text, isChecked: item.checked ?? false,
          dueDate: try date(item.dueDate, "dueDate", place), shouldRemind: item.remind ?? false,
          createdAt: try date(item.createdAt, "createdAt", place), notes: item.notes ?? "",
          isFlagged: item.flagged ?? false, priority: try priority(item.priority, place),
          parentID: try uuid(item.parentID, place, key: "parentID"),
          recurrence: try recurrence(item.repeat, place), due: try due(item.due, place))
      })
  }

  private static func uuid(_ text: String?, _ place: String, key: String = "id") throws -> UUID? {
    guard let text else { return nil }
    guard let id = UUID(uuidString: text) else {
      throw ChecklistsError(
        .unreadableFile,
        MessageText("errors.backup.uuid", ["place": "\(place)", "key": "\(key)", "text": text]))
    }
    return id
  }

  private static func priority(_ name: String?, _ place: String) throws -> ItemPriority {
    guard let name else { return .none }
    guard let priority = ItemPriority(rawValue: name) else {
      throw ChecklistsError(
        .unreadableFile,
        MessageText("errors.backup.priorityOneNone", ["place": "\(place)", "name": name]))
    }
    return priority
  }

  private static func recurrence(_ rrule: String?, _ place: String) throws -> RecurrenceRule? {
    guard let rrule else { return nil }
    do {
      return try RecurrenceRule(rrule: rrule)
    } catch let error as ChecklistsError {
      throw ChecklistsError(
        .unreadableFile,
        MessageText(
          "errors.backup.repeat",
          ["place": "\(place)", "rrule": "\(rrule)", "errorMessage": error.message]))
    }
  }

  private static func due(_ json: DueDateJSON?, _ place: String) throws -> DueDate? {
    guard let json else { return nil }
    do {
      return try json.due(field: "due")
    } catch let error as ChecklistsError {
      throw ChecklistsError(.unreadableFile, "\(place): \(error.message)")
    }
  }

  private static func date(_ text: String?, _ key: String, _ place: String) throws -> Date? {
    guard let text else { return nil }
    guard let date = ISOTimestamp.parse(text) else {
      throw ChecklistsError(
        .unreadableFile,
        MessageText(
          "errors.backup.isoDateSuch", ["place": "\(place)", "key": "\(key)", "text": text]))
    }
    return date
  }
}
