import Testing

@testable import PostgreSQLDatabase

@Suite struct PostgreSQLQueryTests {
  @Test(arguments: [
    ("SELECT ?, ?", "SELECT $1, $2", 2),
    ("SELECT ?2, ?1, ?", "SELECT $2, $1, $3", 3),
    ("SELECT ?1 + ?1", "SELECT $1 + $1", 1),
    ("SELECT '?', 'it''s ?', ?", "SELECT '?', 'it''s ?', $1", 1),
    ("SELECT E'\\' ?', ?", "SELECT E'\\' ?', $1", 1),
    (
      "SELECT \"odd?\"\"name\" FROM t WHERE a = ?", "SELECT \"odd?\"\"name\" FROM t WHERE a = $1", 1
    ),
    ("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2),
    ("SELECT /* a /* nested? */ ? */ ?", "SELECT /* a /* nested? */ ? */ $1", 1),
    ("SELECT $$?$$, $tag$ ? $x$ ? $tag$, ?", "SELECT $$?$$, $tag$ ? $x$ ? $tag$, $1", 1),
    ("SELECT a$b, ?", "SELECT a$b, $1", 1),
    ("SELECT 'Äpfel 🛒 ?', ?", "SELECT 'Äpfel 🛒 ?', $1", 1),
    ("SELECT 1", "SELECT 1", 0),
  ])
  func rewritesParametersOutsideLiteralsAndComments(sql: String, expected: String, count: Int) {
    let query = PostgreSQLQuery(rewriting: sql)
    #expect(query.text == expected)
    #expect(query.parameterCount == count)
  }

  @Test func aBackslashInAStandardStringIsJustABackslash() {
    // standard_conforming_strings: 'a\' ends at the second quote, so the ? after it is a
    // parameter.
    let query = PostgreSQLQuery(rewriting: "SELECT 'a\\', ?")
    #expect(query.text == "SELECT 'a\\', $1")
  }
}
