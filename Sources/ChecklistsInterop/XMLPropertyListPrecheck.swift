import Foundation

/// Whether an XML property list parses with `PropertyListDecoder`, which reads XML in Swift
/// (swift-foundation), so that a damaged one is refused without `PropertyListSerialization`,
/// which leaks about half a kilobyte for every XML property list it refuses on Linux.
enum XMLPropertyListPrecheck {
  /// Accepts any value: decoding it only makes the decoder parse the whole document.
  private struct AnyValue: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// Whether `data` is an XML property list that `PropertyListDecoder` reads.
  static func parses(_ data: Data) -> Bool {
    var format = PropertyListDecoder.PropertyListFormat.xml
    guard (try? PropertyListDecoder().decode(AnyValue.self, from: data, format: &format)) != nil
    else { return false }
    return format == .xml
  }
}
