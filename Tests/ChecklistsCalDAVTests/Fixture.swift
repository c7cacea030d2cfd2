import Foundation
import Testing

/// A fixture file's text, byte for byte.
func fixture(_ name: String) throws -> String {
  let url = try #require(
    Bundle.module.url(forResource: name, withExtension: "ics", subdirectory: "Fixtures"))
  return try String(contentsOf: url, encoding: .utf8)
}

/// The unfolded content lines of an iCalendar text.
func contentLines(_ text: String) -> [String] {
  text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    .filter { !$0.isEmpty }
}

/// The lines of `after` that are not in `before` and those of `before` not in `after`, by
/// property name (the part before `;` or `:`), so a test can say which properties changed.
func changedNames(_ before: String, _ after: String) -> Set<String> {
  func name(_ line: String) -> String {
    String(line.prefix { $0 != ";" && $0 != ":" })
  }
  let old = contentLines(before)
  let new = contentLines(after)
  let removed = old.filter { !new.contains($0) }
  let added = new.filter { !old.contains($0) }
  return Set((removed + added).map(name))
}

let now = ISO8601DateFormatter().date(from: "2025-11-22T10:00:00Z")!
func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
