import Foundation
import Testing

/// docs/SYNC.md's table of conflicts names, for each case, the test on a real server that
/// shows what the server does: every name must be a test here (or a browser test file).
@Suite("docs/SYNC.md names real tests")
struct SyncDocumentTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The last cell of each row of the conflict table.
  static func namedTests() throws -> [String] {
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/SYNC.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Every conflict"))
    return text[section.upperBound...].split(separator: "\n")
      .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Case") && !$0.hasPrefix("| ---") }
      .compactMap { row in
        row.split(separator: "|").last.map {
          $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"])
        }
      }
  }

  @Test("Every conflict case names a test that exists")
  func everyRowNamesATest() throws {
    let names = try Self.namedTests()
    #expect(names.count >= 8)
    for name in names {
      if name.hasPrefix("e2e/") {
        #expect(
          FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name).path),
          "docs/SYNC.md names \(name), which is not there")
        continue
      }
      let parts = name.split(separator: "/").map(String.init)
      try #require(parts.count == 2, "'\(name)' is not Suite/test")
      let file = Self.root.appendingPathComponent("Tests/ChecklistsServerTests/\(parts[0]).swift")
      let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      #expect(
        source.contains("func \(parts[1])("),
        "docs/SYNC.md names \(name), but \(file.lastPathComponent) has no such test")
    }
  }

  @Test("The issue's eight cases are all in the table")
  func everyCaseIsCovered() throws {
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("docs/SYNC.md"), encoding: .utf8)
    for case_ in [
      "| Edit/edit of one field", "| Edit/edit of different fields", "| Edit/delete",
      "| Delete/delete", "| The same name added twice", "| Move/move", "| Check/uncheck",
      "| An item added to a list deleted meanwhile",
    ] {
      #expect(text.contains(case_), "docs/SYNC.md lacks the row '\(case_)'")
    }
  }
}
