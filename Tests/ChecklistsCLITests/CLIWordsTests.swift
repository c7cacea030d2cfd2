import Foundation
import Testing

/// The command line's human output comes from the catalogue's `cli` area (docs/MESSAGES.md):
/// no command prints, asks or refuses with English written in its code.
@Suite("CLI words: what a person reads comes from the catalogue")
struct CLIWordsTests {
  /// The command line's sources, found from this file's own location.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ChecklistsCLI")

  /// The calls that put words before a person, each followed by a string literal that holds a
  /// letter when the words are written in code.
  static let calls = [
    "print(\"", "printError(\"", "confirm(\"", "UsageError(\"",
    "ChecklistsCLIError(description: \"",
    "ChecklistsError.invalid(\"", "cancelled(\"", "reason: \"", "prompt: \"", "label: \"",
  ]

  /// Folders another part of the work moves on its own schedule: the date words.
  static let elsewhere = ["Dates/"]

  @Test("No command prints, asks or refuses with words written in its code")
  func noInlineWords() throws {
    let base = Self.folder.standardizedFileURL.path
    let files = try #require(FileManager.default.enumerator(atPath: base))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      .filter { file in !Self.elsewhere.contains { file.hasPrefix($0) } }
    #expect(files.count > 50, "the CLI's sources were not found at \(base)")
    var offending: [String] = []
    for file in files {
      let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.drop { $0 == " " }
        if code.hasPrefix("//") { continue }
        for call in Self.calls {
          guard let range = code.range(of: call) else { continue }
          // The literal's first characters: a letter means words; `\(` or `"` only joins.
          let literal = code[range.upperBound...].prefix { $0 != "\"" }
          if literal.contains(where: \.isLetter) && !literal.hasPrefix("\\(") {
            offending.append("\(file):\(number + 1): \(code)")
          }
        }
      }
    }
    #expect(offending.isEmpty, "words in code: \(offending)")
  }
}
