import ChecklistsMessages
import Testing

/// The plural rules against CLDR's own sample numbers (plurals.xml, integer samples).
@Suite("Plural rules: CLDR's categories")
struct PluralRulesTests {
  @Test("English: one for 1, other for the rest")
  func english() {
    let rules = PluralRules(language: "en-GB")
    #expect(rules.category(1) == .one)
    for n in [0, 2, 3, 11, 21, 100, 1_000_000] { #expect(rules.category(n) == .other) }
    #expect(rules.categories == [.one, .other])
  }

  @Test("French: one for 0 and 1, many for millions")
  func french() {
    let rules = PluralRules(language: "fr")
    #expect(rules.category(0) == .one)
    #expect(rules.category(1) == .one)
    #expect(rules.category(2) == .other)
    #expect(rules.category(1_000_000) == .many)
    #expect(rules.categories == [.one, .many, .other])
  }

  @Test("Polish: one, few (2–4 but not 12–14), many")
  func polish() {
    let rules = PluralRules(language: "pl")
    #expect(rules.category(1) == .one)
    for n in [2, 3, 4, 22, 23, 24, 102] { #expect(rules.category(n) == .few) }
    for n in [0, 5, 11, 12, 13, 14, 25, 112] { #expect(rules.category(n) == .many) }
  }

  @Test("A language not written takes English's rules")
  func unknown() {
    #expect(PluralRules(language: "xx").language == "en")
    #expect(PluralRules(language: "C").language == "en")
  }
}
