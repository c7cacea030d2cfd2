/// Line folding (RFC 5545 §3.1): lines longer than 75 octets are split with CRLF and a space,
/// never inside a UTF-8 sequence.
enum Folding {
  /// The most octets of a line, not counting its CRLF.
  static let lineLimit = 75

  /// Appends `line` to `text`, folded, with its CRLF.
  static func appendFolded(_ line: String, to text: inout String) {
    guard line.utf8.count > lineLimit else {
      text += line
      text += "\r\n"
      return
    }
    var octets = 0
    var limit = lineLimit
    var chunk = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if octets + size > limit {
        text += String(chunk)
        text += "\r\n "
        chunk.removeAll(keepingCapacity: true)
        octets = 0
        limit = lineLimit - 1  // the leading space counts
      }
      chunk.append(scalar)
      octets += size
    }
    text += String(chunk)
    text += "\r\n"
  }
}
