import Foundation
import ICalendar
import Testing

/// Text with LF line ends written as CRLF, as on the wire.
func crlf(_ text: String) -> String {
  text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
}

@Suite struct ParsingTests {
  static let sample = crlf(
    """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//Example//Test//EN
    BEGIN:VTODO
    UID:abc-1
    SUMMARY:Milk\\, eggs\\; and more
    CATEGORIES:Dairy,Breakfast
    RRULE:FREQ=WEEKLY;BYDAY=MO;INTERVAL=2
    GEO:48.85;2.35
    X-FOO;X-P="a:b;c";X-Q=plain:some value
    RELATED-TO;RELTYPE=parent:xyz
    BEGIN:VALARM
    TRIGGER:-P0DT0H15M0S
    ACTION:DISPLAY
    END:VALARM
    END:VTODO
    END:VCALENDAR

    """)

  @Test func keepsEveryValueAsWritten() throws {
    let calendar = try ICalendar.parse(Self.sample)
    #expect(calendar.name == "VCALENDAR")
    let todo = try #require(calendar.components.first)
    #expect(todo.name == "VTODO")
    // libical itself would rewrite each of these; the model keeps them.
    #expect(todo.property("RRULE")?.value == "FREQ=WEEKLY;BYDAY=MO;INTERVAL=2")
    #expect(todo.property("CATEGORIES")?.value == "Dairy,Breakfast")
    #expect(todo.property("CATEGORIES")?.textList == ["Dairy", "Breakfast"])
    #expect(todo.property("GEO")?.value == "48.85;2.35")
    #expect(todo.property("SUMMARY")?.value == "Milk\\, eggs\\; and more")
    #expect(todo.property("SUMMARY")?.text == "Milk, eggs; and more")
    #expect(todo.property("RELATED-TO")?.parameter("reltype") == "parent")
    let foo = try #require(todo.property("x-foo"))
    #expect(
      foo.parameters == [
        ICalParameter(name: "X-P", value: "a:b;c"), ICalParameter(name: "X-Q", value: "plain"),
      ])
    #expect(foo.value == "some value")
    #expect(todo.components.first?.property("TRIGGER")?.value == "-P0DT0H15M0S")
  }

  @Test func serializesBackByteForByte() throws {
    #expect(ICalendar.serialize(try ICalendar.parse(Self.sample)) == Self.sample)
  }

  @Test func readsLFLineEndsAndFoldsWithTabs() throws {
    let text =
      "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:1\nSUMMARY:Long\n\ttext here\nEND:VTODO\nEND:VCALENDAR\n"
    let todo = try #require(try ICalendar.parse(text).components.first)
    #expect(todo.property("SUMMARY")?.value == "Longtext here")
  }

  @Test func parametersWithSeveralValues() throws {
    let text = crlf(
      """
      BEGIN:VCALENDAR
      BEGIN:VTODO
      UID:1
      ATTENDEE;MEMBER="mailto:a@x.org","mailto:b@x.org":mailto:c@x.org
      END:VTODO
      END:VCALENDAR

      """)
    let calendar = try ICalendar.parse(text)
    let attendee = try #require(calendar.components.first?.property("ATTENDEE"))
    #expect(attendee.parameters.first?.values == ["mailto:a@x.org", "mailto:b@x.org"])
    #expect(ICalendar.serialize(calendar) == text)
  }

  /// libical refuses these, RFC 5545 allows them, and clients write them.
  @Test(arguments: [
    "DESCRIPTION:",  // iOS 18 writes an empty DESCRIPTION
    "X-EMPTY:",
    "PROXIMITY:ARRIVE",  // RFC 9074, unknown to libical 3.0
    "x-lower-case:kept",
    "STYLED-DESCRIPTION;VALUE=TEXT;FMTTYPE=text/html:<p>x</p>",
  ])
  func acceptsWhatRFC5545Allows(line: String) throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:1\r\n\(line)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let calendar = try ICalendar.parse(text)
    let name = String(line.prefix { $0 != ":" && $0 != ";" }).uppercased()
    #expect(calendar.components.first?.property(name) != nil)
    #expect(
      ICalendar.serialize(calendar)
        == text.replacingOccurrences(of: "x-lower-case:", with: "X-LOWER-CASE:"))
  }

  @Test func aByteOrderMarkIsIgnored() throws {
    #expect(try ICalendar.parse("\u{FEFF}" + Self.sample) == ICalendar.parse(Self.sample))
  }

  @Test func aLineBreakSetByHandCannotEndTheLine() throws {
    let todo = ICalComponent(
      name: "VTODO", properties: [ICalProperty(name: "X-NOTE", value: "one\ntwo\r\nthree")])
    let text = ICalendar.serialize(ICalComponent(name: "VCALENDAR", components: [todo]))
    #expect(text.contains("X-NOTE:one\\ntwo\\nthree\r\n"))
    #expect(
      try ICalendar.parse(text).components.first?.property("X-NOTE")?.text == "one\ntwo\nthree")
  }

  // MARK: - Bad input

  @Test(arguments: [
    ("garbage", "must start with BEGIN:VCALENDAR"),
    ("", "empty"),
    ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n", "BEGIN:VTODO on line 2 has no END:VTODO"),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      "Line 4: END:VEVENT closes BEGIN:VTODO"
    ),
    (
      "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
      "2 top-level components"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nDTSTAMP:2025\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "Line 4 in VTODO: Can't parse as DATE-TIME value in DTSTAMP property."
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n SUMMARY\r\nBOGUS\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "Line 5 in VTODO"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nDUE;VALUE=DATE:2025x101\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "DUE;VALUE=DATE:2025x101"
    ),
    ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:\u{0}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "NUL"),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nFO O:bar\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "Line 3: 'FO O:bar' is not a content line"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a\rb\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "Line 3: the line holds the control character U+000D"
    ),
    (
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nX-A;X-B=a\"b:c\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
      "Line 3: 'X-A;X-B=a\"b:c' is not a content line"
    ),
    ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nEND:VCALENDAR\r\n", "Line 3: text after END:VCALENDAR"),
  ])
  func badInputNamesTheProblem(text: String, expected: String) {
    #expect {
      _ = try ICalendar.parse(text)
    } throws: { error in
      (error as? ICalendarError)?.description.contains(expected) == true
    }
  }

  @Test func errorMessageShowsTheLine() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nDTSTAMP:2025\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    do {
      _ = try ICalendar.parse(text)
      Issue.record("parsed")
    } catch {
      #expect(
        error.description
          == "Line 4 in VTODO: Can't parse as DATE-TIME value in DTSTAMP property. The line: DTSTAMP:2025"
      )
    }
  }

  @Test func tooLongIsRefused() {
    let text =
      "BEGIN:VCALENDAR\r\n" + String(repeating: "X-A:b\r\n", count: 200_000) + "END:VCALENDAR\r\n"
    #expect(throws: ICalendarError.self) { try ICalendar.parse(text) }
  }

  /// libical's error state is process-wide; parsing from many threads at once must give
  /// every caller its own answer.
  @Test func parsesConcurrently() async throws {
    let good = Self.sample
    let bad = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nDTSTAMP:2025\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let expected = try ICalendar.parse(good)
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<200 {
        group.addTask {
          if index % 2 == 0 { return (try? ICalendar.parse(good)) == expected }
          return (try? ICalendar.parse(bad)) == nil
        }
      }
      for try await ok in group { #expect(ok) }
    }
  }
}
