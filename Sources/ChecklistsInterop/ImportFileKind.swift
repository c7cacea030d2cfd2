import ChecklistsCore
import Foundation

/// What a file handed to `checklists import` or `POST /api/v1/import` holds, recognised from
/// its contents, so a person never has to say which importer to use.
public enum ImportFileKind: String, CaseIterable, Sendable, Codable {
  /// The Checklists iPhone app's `Checklists.plist` (binary, XML or keyed archive).
  case checklists
  /// The Shopping List iPhone app's `items` file: catalogue items with prices.
  case shopping
  /// Our JSON backup, as `checklists export` writes it.
  case backup
  /// An iCalendar file (`.ics`), which Checklists cannot import yet.
  case iCalendar

  /// Recognises a file from its first bytes and, for a property list, its structure.
  ///
  /// A keyed archive with a `root` entry is the Shopping List app's `items` file (even a broken
  /// one: its reader then says what is wrong); any other property list is a `Checklists.plist`.
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - fileName: The file's name, if known: `.ics` means iCalendar whatever it holds.
  /// - Returns: The kind, or nil for a file that looks like none of them.
  /// - Complexity: O(*n*) in the size of a property list, which is parsed once.
  public static func detect(_ data: Data, fileName: String? = nil) -> ImportFileKind? {
    if let fileName, fileName.lowercased().hasSuffix(".ics") { return .iCalendar }
    let text = Signature.skippingByteOrderMarkAndWhiteSpace(data)
    if text.starts(with: Array("BEGIN:VCALENDAR".utf8)) { return .iCalendar }
    switch ChecklistsFileFormat.detect(data) {
    case .json: return .backup
    case .iosPlist:
      let root = try? AppPropertyList.parse(data) { _ in ChecklistsError(.unreadableFile, "") }
      if let root, let archive = KeyedArchive(propertyList: root), archive.top["root"] != nil {
        return .shopping
      }
      return .checklists
    case nil: return nil
    }
  }

  /// The message for an iCalendar file.
  public static let iCalendarRefusal =
    "iCalendar is not supported yet: Checklists imports the iPhone apps' Checklists.plist and "
    + "items files and its own JSON backup."
}
