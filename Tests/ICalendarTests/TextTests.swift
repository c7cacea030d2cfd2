import Foundation
import ICalendar
import Testing

@Suite struct TextTests {
  @Test(arguments: [
    ("Milk, eggs; butter", "Milk\\, eggs\\; butter"),
    ("a\\b", "a\\\\b"),
    ("line one\nline two", "line one\\nline two"),
    ("crlf\r\nend", "crlf\\nend"),
    ("plain", "plain"),
  ])
  func escapes(text: String, escaped: String) {
    #expect(ICalText.escape(text) == escaped)
    #expect(ICalText.unescape(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  @Test func unescapeIsLenient() {
    #expect(ICalText.unescape("a\\Nb\\:c") == "a\nb:c")
  }

  @Test func listsSplitAtUnescapedCommas() {
    #expect(ICalText.splitList("a\\,b,c") == ["a\\,b", "c"])
    #expect(ICalText.splitList("") == [])
    #expect(ICalText.joinList(["a,b", "c"]) == "a\\,b,c")
  }
}
