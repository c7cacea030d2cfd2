import Foundation

/// Whether an XML property list parses with `PropertyListDecoder`, which reads XML in Swift
/// (swift-foundation), so that a damaged one is refused without `PropertyListSerialization`,
/// which leaks about half a kilobyte for every XML property list it refuses on Linux.
///
/// `PropertyListDecoder` recurses once per nested array or dictionary and overflows the stack
/// (crashing the process) on a file nested some thousands deep, which Foundation's own reader
/// refuses cleanly, so the nesting is counted first.
///
/// - Complexity: O(*n*) in the size of the file, plus what `PropertyListDecoder` takes.
enum XMLPropertyListPrecheck {
  /// The deepest nesting of arrays and dictionaries accepted, as for binary property lists.
  static let maximumDepth = BinaryPropertyListValidator.maximumDepth

  /// Accepts any value: decoding it only makes the decoder parse the whole document.
  private struct AnyValue: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// Whether `data` is an XML property list that `PropertyListDecoder` reads, nested at most
  /// ``maximumDepth`` deep.
  static func parses(_ data: Data) -> Bool {
    guard !nestsTooDeep([UInt8](data)) else { return false }
    var format = PropertyListDecoder.PropertyListFormat.xml
    guard (try? PropertyListDecoder().decode(AnyValue.self, from: data, format: &format)) != nil
    else { return false }
    return format == .xml
  }

  /// Whether more than ``maximumDepth`` `<array>` or `<dict>` tags are open at some point
  /// (counting such tags anywhere, even in comments: stricter, never looser).
  static func nestsTooDeep(_ bytes: [UInt8]) -> Bool {
    let open = UInt8(ascii: "<")
    let close = UInt8(ascii: ">")
    var depth = 0
    var index = 0
    while index < bytes.count {
      guard bytes[index] == open else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, bytes[end] != close { end += 1 }
      let tag = bytes[(index + 1)..<end]
      if tag.starts(with: "/array".utf8) || tag.starts(with: "/dict".utf8) {
        depth -= 1
      } else if tag.starts(with: "array".utf8) || tag.starts(with: "dict".utf8),
        tag.last != UInt8(ascii: "/")
      {
        depth += 1
        if depth > maximumDepth { return true }
      }
      index = end + 1
    }
    return false
  }
}
