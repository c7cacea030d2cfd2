import Foundation

/// The unfolded content lines with the number of the physical line each starts on, for
/// messages that say where the problem is.
struct NumberedLines {
  struct Line {
    var text: String
    /// 1-based, counting the physical lines of the text as sent (folds included).
    var number: Int
  }

  var lines: [Line]

  /// Pairs libical's unfolded lines with the physical line numbers found in `source`; when the
  /// two disagree on the count (they should not), lines are numbered in order instead.
  init(_ unfolded: [String], source: String) {
    var starts: [Int] = []
    var number = 0
    // Split the bytes: in a Swift String "\r\n" is one Character, not a "\n".
    for physical in source.utf8.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    {
      number += 1
      guard let first = physical.first else { continue }
      if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { continue }  // a fold
      if physical.count == 1 && first == UInt8(ascii: "\r") { continue }
      starts.append(number)
    }
    let numbers = starts.count == unfolded.count ? starts : Array(1...max(1, unfolded.count))
    lines = zip(unfolded, numbers).map { Line(text: $0, number: $1) }
  }

  /// A sentence for a libical problem: the message without libical's "Removing entire
  /// property" note, with the line it came from when that can be found.
  func describe(_ problem: LibICalParser.Problem) -> String {
    var message = problem.message
    var evidence: String?
    for marker in [" Removing entire property: ", " Removing entire component: ", ": "] {
      if let range = message.range(of: marker, options: .backwards) {
        evidence = String(message[range.upperBound...])
        message = String(message[..<range.lowerBound])
        break
      }
    }
    if !message.hasSuffix(".") { message += "." }
    let place = problem.component.isEmpty ? "" : " in \(problem.component)"
    if let evidence, !evidence.isEmpty,
      let line = lines.first(where: { $0.text == evidence || $0.text.hasSuffix(":" + evidence) })
    {
      return "Line \(line.number)\(place): \(message) The line: \(Self.excerpt(line.text))"
    }
    if let evidence, !evidence.isEmpty {
      return "The iCalendar text cannot be read\(place): \(message) (\(Self.excerpt(evidence)))"
    }
    return "The iCalendar text cannot be read\(place): \(message)"
  }

  /// At most 80 characters of `text`.
  static func excerpt(_ text: String) -> String {
    text.count <= 80 ? text : String(text.prefix(77)) + "..."
  }
}
