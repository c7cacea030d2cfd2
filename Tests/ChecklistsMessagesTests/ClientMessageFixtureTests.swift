import Foundation
import Testing

/// Keeps `Tests/js/fixtures/messages.json` what the Swift catalogue words: a message or the
/// format changed here fails this test until the file is regenerated, and then the web app's
/// `messages.js` fails `scripts/test-js` until it words the same.
@Suite("Client message fixtures: the cases the web app's messages.js is checked against")
struct ClientMessageFixtureTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("js/fixtures/messages.json")

  @Test(
    "The checked-in fixtures are what the Swift catalogue gives (CHECKLISTS_WRITE_FIXTURES=1 rewrites)"
  )
  func fixturesMatchTheCatalogue() throws {
    let computed = ClientMessageFixtures.computed()
    if ProcessInfo.processInfo.environment["CHECKLISTS_WRITE_FIXTURES"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try (encoder.encode(computed) + Data("\n".utf8)).write(to: Self.file, options: .atomic)
    }
    let stored = try JSONDecoder().decode(
      ClientMessageFixtures.self, from: Data(contentsOf: Self.file))
    #expect(stored.formatMessages == computed.formatMessages)
    expectSame("catalogue", stored.catalogue, computed.catalogue)
    expectSame("format", stored.format, computed.format)
    expectSame("plurals", stored.plurals, computed.plurals)
  }

  @Test("The fixtures hold the hard cases: every plural category, missing keys and arguments")
  func fixturesHoldHardCases() {
    let fixtures = ClientMessageFixtures.computed()
    #expect(Set(fixtures.plurals.map(\.expected)) == ["one", "few", "many", "other"])
    #expect(fixtures.catalogue.contains { $0.expected == $0.key })
    #expect(fixtures.format.contains { $0.expected.contains("{") })
    // Every real message named is in the catalogue but the one meant to be missing.
    let missing = fixtures.catalogue.filter { $0.expected == $0.key }.map(\.key)
    #expect(missing == ["web.no.such.message"])
  }

  private func expectSame<Case: Equatable>(
    _ section: String, _ stored: [Case], _ computed: [Case],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let shared = 0..<min(stored.count, computed.count)
    if let index = shared.first(where: { stored[$0] != computed[$0] }) {
      Issue.record(
        """
        \(section)[\(index)]: the file has \(stored[index]), the Swift catalogue gives \
        \(computed[index]). Regenerate with CHECKLISTS_WRITE_FIXTURES=1.
        """,
        sourceLocation: sourceLocation)
    } else if stored.count != computed.count {
      Issue.record(
        "\(section): the file has \(stored.count) cases, the Swift catalogue \(computed.count)",
        sourceLocation: sourceLocation)
    }
  }
}
