import ChecklistsMessages
import Foundation
import Testing

/// The catalogue against the code that reads it: every key the sources name is in English,
/// every English key is named somewhere, each file holds only its area's keys, and every other
/// language says the same things with the same arguments and its own plural forms.
@Suite("Message catalogue: every key the code names, and nothing else")
struct CatalogueCoverageTests {
  /// The package's `Sources` folder, found from this file's own location.
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every quoted string in the Swift sources and the web app's JavaScript that looks like a
  /// key (`"errors.…"`, `'web.…'`), with the file it is in. A key is always written out
  /// whole, or as a prefix ending in "." that the code completes (`"web.icon." + name`).
  /// Comment lines are skipped.
  static func namedKeys() throws -> [(key: String, file: String)] {
    let base = sources.standardizedFileURL.path
    let files = try #require(FileManager.default.enumerator(atPath: base))
      .compactMap { $0 as? String }
      .filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".js")) && !$0.contains("/Catalogue/") }
    let areas = MessageArea.allCases.map(\.rawValue).joined(separator: "|")
    let pattern = try Regex("[\"'`]((?:\(areas))\\.[A-Za-z0-9_.]+)[\"'`]")
    var keys: [(String, String)] = []
    for file in files {
      let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
      // Comments may show keys as examples.
      let lines = text.split(separator: "\n").filter {
        let start = $0.drop { $0 == " " }
        return !start.hasPrefix("//") && !start.hasPrefix("*") && !start.hasPrefix("/*")
      }
      for line in lines {
        for match in line.matches(of: pattern) {
          if let key = match.output[1].substring { keys.append((String(key), file)) }
        }
      }
    }
    return keys
  }

  @Test("Every key the sources name is in the English catalogue")
  func everyNamedKeyExists() throws {
    let english = MessageCatalogue.english.messages
    let missing = try Self.namedKeys().filter { key, _ in
      key.hasSuffix(".") ? !english.keys.contains { $0.hasPrefix(key) } : english[key] == nil
    }
    #expect(missing.isEmpty, "\(missing.map { "\($0.file): \($0.key)" })")
  }

  @Test("Every English key is named by some source")
  func everyKeyIsUsed() throws {
    let named = try Self.namedKeys().map(\.key)
    let (whole, prefixes) = (Set(named.filter { !$0.hasSuffix(".") }), named.filter { $0.hasSuffix(".") })
    let unused = MessageCatalogue.english.messages.keys.filter { key in
      !whole.contains(key) && !prefixes.contains { key.hasPrefix($0) }
    }
    #expect(unused.isEmpty, "no source names \(unused.sorted())")
  }

  @Test("Each file holds its own area's keys, and no key is in two areas")
  func keysAreInTheirArea() throws {
    for (name, bytes) in CatalogueFiles.messageFiles {
      let parts = name.split(separator: ".")
      try #require(parts.count == 3 && parts[2] == "json", "\(name) is not <language>.<area>.json")
      let area = try #require(MessageArea(rawValue: String(parts[1])), "\(name): unknown area")
      for key in try MessageCatalogue.parse(bytes, file: name).keys {
        #expect(MessageArea(key: key) == area, "\(name): '\(key)' belongs to another area")
      }
    }
  }

  @Test("Every language's texts match English's keys and arguments, with all its plural forms")
  func languagesMatchEnglish() throws {
    let english = MessageCatalogue.english
    for language in CatalogueFiles.languages {
      let rules = PluralRules(language: language)
      for area in MessageArea.allCases {
        guard let bytes = CatalogueFiles.file(language: language, area: area) else { continue }
        let file = "\(language).\(area.rawValue).json"
        for (key, message) in try MessageCatalogue.parse(bytes, file: file) {
          let original = try #require(english.messages[key], "\(file): '\(key)' is not in English")
          let expected = Set(original.forms.flatMap(Message.placeholders))
          for form in message.forms {
            let used = Set(Message.placeholders(in: form))
            #expect(used.isSubset(of: expected.union(["count"])), "\(file): '\(key)' uses \(used)")
          }
          if case .plural(let forms) = message {
            let lacking = rules.categories.filter { forms[$0] == nil }
            #expect(lacking.isEmpty, "\(file): '\(key)' lacks the forms \(lacking)")
          }
        }
      }
    }
  }
}
