import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Reads a checklists file of any format Checklists knows, recognising the format by its content.
public enum ChecklistsFile {
  /// Detects the file's format and decodes it.
  ///
  /// - Parameter data: The file's contents: the iPhone app's `Checklists.plist` (binary, XML or
  ///   the older keyed archive) or a Checklists JSON backup.
  /// - Returns: The checklists, in the file's order.
  /// - Throws: ``ChecklistsError`` with code `unreadableFile` when the file is empty, of another
  ///   kind, or damaged; the message says which and where.
  /// - Complexity: O(*n*) in the size of the file.
  public static func read(_ data: Data) throws -> [PortableChecklist] {
    if data.isEmpty { throw ChecklistsError(.unreadableFile, MessageText("errors.file.empty")) }
    switch ChecklistsFileFormat.detect(data) {
    case .iosPlist: return try IOSChecklistsPlist.decode(data)
    case .json: return try ChecklistsBackup.decode(data)
    case nil:
      throw ChecklistsError(
        .unreadableFile,
        MessageText("errors.file.unknownKind", ["kind": Signature.describe(data)]))
    }
  }

  /// Writes checklists in the given format.
  ///
  /// - Parameters:
  ///   - lists: The checklists to write, in order.
  ///   - format: The format to write.
  ///   - now: The current date: the backup's `exportedAt`, and the due date the iPhone app's
  ///     file needs for items that have neither a due date nor a creation date.
  /// - Returns: The file's contents.
  /// - Throws: ``ChecklistsError`` when a date cannot be written.
  ///   - templates: The user's templates, which only the JSON backup carries.
  public static func write(
    _ lists: [PortableChecklist], templates: [ChecklistTemplate] = [],
    as format: ChecklistsFileFormat, now: Date
  ) throws -> Data {
    switch format {
    case .iosPlist: return try IOSChecklistsPlist.encode(lists, now: now)
    case .json: return try ChecklistsBackup.encode(lists, templates: templates, exportedAt: now)
    }
  }
}
