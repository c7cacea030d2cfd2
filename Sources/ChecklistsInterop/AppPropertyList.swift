import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Reading the property lists the iPhone apps write, binary or XML, with the checks both
/// importers need.
enum AppPropertyList {
  /// Parses `data` after checking it is a property list the apps could have written.
  ///
  /// - Parameter foreign: The error for a file that is no property list at all, given what it
  ///   looks like ("a PNG image").
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `unreadableFile` for an empty,
  ///   foreign, damaged or truncated file.
  static func parse(_ data: Data, foreign: (String) -> ChecklistsError) throws -> Any {
    if data.isEmpty { throw ChecklistsError(.unreadableFile, MessageText("errors.file.empty")) }
    let isBinary = data.starts(with: Signature.binaryPlist)
    guard ChecklistsFileFormat.detect(data) == .iosPlist else {
      throw foreign(Signature.describe(data))
    }
    // Foundation leaks memory on every damaged binary plist it refuses and crashes on sets:
    // it only ever sees files whose structure has been checked.
    switch isBinary ? BinaryPropertyListValidator.refusal(data) : nil {
    case .holdsSet:
      throw ChecklistsError(
        .unreadableFile,
        MessageText("errors.plist.fileBinaryProperty"))
    case .damaged: throw damaged(isBinary: true)
    case nil: break
    }
    if !isBinary, !XMLPropertyListPrecheck.parses(data) { throw damaged(isBinary: false) }
    var format = PropertyListSerialization.PropertyListFormat.binary
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      throw damaged(isBinary: isBinary)
    }
    // Foundation falls back to the old text format for anything it cannot parse otherwise, so a
    // truncated "bplist00" header comes back as a string: refuse what the apps never write.
    guard format == (isBinary ? .binary : .xml) else { throw damaged(isBinary: isBinary) }
    return root
  }

  private static func damaged(isBinary: Bool) -> ChecklistsError {
    let kind = isBinary ? "a binary" : "an XML"
    return ChecklistsError(
      .unreadableFile,
      MessageText("errors.plist.fileDamagedTruncated", ["kind": "\(kind)"]))
  }
}
