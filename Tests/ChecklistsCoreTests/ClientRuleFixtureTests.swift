import Foundation
import Testing

/// Keeps `Tests/js/fixtures/rules.json` what the Swift rules compute: a rule changed here fails
/// this test until the file is regenerated, and then the web app's copy of the rule fails
/// `scripts/test-js` until it agrees.
@Suite("Client rule fixtures: the cases the web app's rules are checked against")
struct ClientRuleFixtureTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("js/fixtures/rules.json")

  @Test(
    "The checked-in fixtures are what the Swift rules give (CHECKLISTS_WRITE_FIXTURES=1 rewrites)")
  func fixturesMatchTheRules() throws {
    let computed = ClientRuleFixtures.computed()
    if ProcessInfo.processInfo.environment["CHECKLISTS_WRITE_FIXTURES"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try FileManager.default.createDirectory(
        at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try (encoder.encode(computed) + Data("\n".utf8)).write(to: Self.file, options: .atomic)
    }
    let stored = try JSONDecoder().decode(
      ClientRuleFixtures.self, from: Data(contentsOf: Self.file))
    // Section by section, naming the first case that differs.
    expectSame("subtitles", stored.subtitles, computed.subtitles)
    expectSame("searchFolds", stored.searchFolds, computed.searchFolds)
    expectSame("texts", stored.texts, computed.texts)
    expectSame("sameNames", stored.sameNames, computed.sameNames)
    expectSame("catalogueOrders", stored.catalogueOrders, computed.catalogueOrders)
    expectSame("listOrders", stored.listOrders, computed.listOrders)
    expectSame("shopOrders", stored.shopOrders, computed.shopOrders)
    expectSame("totals", stored.totals, computed.totals)
    expectSame("prices", stored.prices, computed.prices)
    expectSame("subtaskGroups", stored.subtaskGroups, computed.subtaskGroups)
    expectSame("priorityMarks", stored.priorityMarks, computed.priorityMarks)
    expectSame("draggedSections", stored.draggedSections, computed.draggedSections)
  }

  @Test("The fixtures hold the hard cases: folding, plurals, ties and rounding")
  func fixturesHoldHardCases() {
    let fixtures = ClientRuleFixtures.computed()
    #expect(fixtures.subtitles.map(\.expected).contains("1 Remaining"))
    #expect(fixtures.subtitles.map(\.expected).contains("2 Remaining"))
    #expect(fixtures.searchFolds.contains { $0.text == "Straße" })
    #expect(
      fixtures.sameNames.contains { $0.expected } && fixtures.sameNames.contains { !$0.expected })
    #expect(
      fixtures.texts.contains { $0.error != nil } && fixtures.texts.contains { $0.value != nil })
    #expect(fixtures.prices.contains { $0.expected == nil })
  }

  private func expectSame<Case: Equatable>(
    _ section: String, _ stored: [Case], _ computed: [Case],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let shared = 0..<min(stored.count, computed.count)
    if let index = shared.first(where: { stored[$0] != computed[$0] }) {
      Issue.record(
        """
        \(section)[\(index)]: the file has \(stored[index]), the Swift rule gives \(computed[index]). \
        Regenerate with CHECKLISTS_WRITE_FIXTURES=1.
        """,
        sourceLocation: sourceLocation)
    } else if stored.count != computed.count {
      Issue.record(
        "\(section): the file has \(stored.count) cases, the Swift rules \(computed.count)",
        sourceLocation: sourceLocation)
    }
  }
}
