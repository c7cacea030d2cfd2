import ChecklistsCore
import ChecklistsMessages
import Foundation

extension ChecklistsBackup {
  private struct TemplatesOnly: Decodable {
    var templates: [TemplateJSON]?
  }

  /// The templates of a JSON backup (its `templates` key, issue 14); none for a backup
  /// without them or a file of another format.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` `unreadableFile` for templates of the wrong
  ///   shape.
  public static func templates(in data: Data) throws -> [TemplateJSON] {
    guard ChecklistsFileFormat.detect(data) == .json else { return [] }
    do {
      return try JSONDecoder().decode(TemplatesOnly.self, from: data).templates ?? []
    } catch {
      throw ChecklistsError(
        .unreadableFile, MessageText("errors.backup.templatesUnreadable", ["error": "\(error)"]))
    }
  }
}
