import Foundation

/// The file formats Checklists reads and writes: the iPhone app's plist and our JSON backup.
///
/// The raw value is the name a person types, as in `checklists export --format ios-plist`.
public enum ChecklistsFileFormat: String, CaseIterable, Sendable {
  /// The iPhone app's `Checklists.plist`: a binary or XML property list.
  case iosPlist = "ios-plist"
  /// Our lossless JSON backup, described in `docs/BACKUP-FORMAT.md`.
  case json

  /// Guesses a file's format from its first bytes, without decoding it.
  ///
  /// A binary property list starts with `bplist00`; an XML property list starts, after an optional
  /// byte order mark and white space, with `<?xml`, `<!DOCTYPE plist` or `<plist`; a JSON backup
  /// starts, after optional white space, with `{`.
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The format the file claims to have, or `nil` when it looks like neither.
  /// - Complexity: O(*k*), where *k* is the number of leading white space bytes.
  public static func detect(_ data: Data) -> ChecklistsFileFormat? {
    if data.starts(with: Signature.binaryPlist) { return .iosPlist }
    let text = Signature.skippingByteOrderMarkAndWhiteSpace(data)
    if Signature.xmlPlist.contains(where: { text.starts(with: $0) }) { return .iosPlist }
    if text.first == UInt8(ascii: "{") { return .json }
    return nil
  }
}

/// The leading bytes that identify the files Checklists reads, and a few it must refuse.
enum Signature {
  /// The magic number and version of a binary property list.
  static let binaryPlist = Array("bplist00".utf8)

  /// The ways an XML property list can begin.
  static let xmlPlist = ["<?xml", "<!DOCTYPE plist", "<plist"].map { Array($0.utf8) }

  /// Well-known foreign files, named so that an error message can say what the file is.
  static let foreign: [(bytes: [UInt8], name: String)] = [
    ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
    ([0xFF, 0xD8, 0xFF], "a JPEG image"),
    (Array("%PDF".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
    (Array("GIF8".utf8), "a GIF image"),
    (Array("SQLite format 3".utf8), "an SQLite database"),
  ]

  /// The data without a leading UTF-8 byte order mark and white space.
  static func skippingByteOrderMarkAndWhiteSpace(_ data: Data) -> Data.SubSequence {
    var rest = data[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    // Comparisons, not an array's `contains`: a debug build made an array per byte, seconds
    // for a 2 MiB body of spaces.
    return rest.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
  }

  /// What the data looks like, for a message: "a PNG image", "a JSON file", "a text file".
  static func describe(_ data: Data) -> String {
    if let known = foreign.first(where: { data.starts(with: $0.bytes) }) { return known.name }
    let text = skippingByteOrderMarkAndWhiteSpace(data)
    if let first = text.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return "a JSON file"
    }
    if text.first == UInt8(ascii: "<") { return "an XML or HTML file" }
    if String(data: data.prefix(512), encoding: .utf8) != nil { return "a text file" }
    return "a file of an unknown kind"
  }
}
