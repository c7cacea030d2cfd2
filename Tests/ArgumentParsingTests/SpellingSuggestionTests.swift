import ArgumentParsing
import Testing

@Suite struct SpellingSuggestionTests {
  @Test(arguments: [
    ("", "", 0),
    ("", "abc", 3),
    ("lists", "LISTS", 0),
    ("lsts", "lists", 1),
    ("lsit", "list", 1),
    ("Grocereis", "Groceries", 1),
    ("kitten", "sitting", 3),
    ("ca", "abc", 3),
  ])
  func editDistance(first: String, second: String, distance: Int) {
    #expect(SpellingSuggestion.editDistance(first, second) == distance)
    #expect(SpellingSuggestion.editDistance(second, first) == distance)
  }

  @Test(arguments: [
    ("lsts", "lists" as String?),
    ("Grocereis", "Groceries"),
    ("groceries", "Groceries"),
    ("--jsn", "--json"),
    ("x", nil),
    ("Christmas", nil),
  ])
  func bestMatch(typed: String, expected: String?) {
    let candidates = ["lists", "list", "Groceries", "Hardware", "--json", "--due"]
    #expect(SpellingSuggestion.bestMatch(for: typed, among: candidates) == expected)
  }

  @Test func hintIsEmptyWithoutAMatch() {
    #expect(SpellingSuggestion.hint(for: "lsts", among: ["lists"]) == " Did you mean 'lists'?")
    #expect(SpellingSuggestion.hint(for: "zzz", among: ["lists"]) == "")
  }
}
