import Foundation
import ICalendar
import Testing

@Suite struct FoldingTests {
  /// Every physical line of `text`, CRLF removed.
  func physicalLines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\r\n")
    #expect(lines.last == "")
    lines.removeLast()
    return lines
  }

  @Test(arguments: [
    String(repeating: "a", count: 200),
    String(repeating: "ä", count: 120),  // two octets each
    String(repeating: "€", count: 90),  // three octets each
    String(repeating: "🥛", count: 70),  // four octets each
    "x" + String(repeating: "日本語のテキスト", count: 20),
  ])
  func foldsAt75OctetsNeverInsideACharacter(summary: String) throws {
    let calendar = ICalComponent(
      name: "VCALENDAR",
      components: [
        ICalComponent(
          name: "VTODO",
          properties: [
            ICalProperty(name: "UID", value: "1"), ICalProperty(name: "SUMMARY", text: summary),
          ])
      ])
    let text = ICalendar.serialize(calendar)
    for line in physicalLines(text) {
      #expect(line.utf8.count <= 75)
      #expect(!line.contains("\u{FFFD}"))
    }
    #expect(physicalLines(text).contains { $0.utf8.count >= 72 })
    let back = try ICalendar.parse(text)
    #expect(back == calendar)
    #expect(back.components.first?.property("SUMMARY")?.text == summary)
  }

  @Test func shortLinesAreNotFolded() {
    let line = "SUMMARY:" + String(repeating: "b", count: 67)  // exactly 75 octets
    let text = ICalendar.serialize(
      ICalComponent(
        name: "VTODO",
        properties: [ICalProperty(name: "SUMMARY", value: String(repeating: "b", count: 67))]))
    #expect(text == "BEGIN:VTODO\r\n\(line)\r\nEND:VTODO\r\n")
  }

  @Test func continuationLinesStartWithASpace() {
    let text = ICalendar.serialize(
      ICalComponent(
        name: "VTODO",
        properties: [ICalProperty(name: "DESCRIPTION", value: String(repeating: "c", count: 100))]))
    let lines = physicalLines(text)
    #expect(lines[1] == "DESCRIPTION:" + String(repeating: "c", count: 63))
    #expect(lines[2] == " " + String(repeating: "c", count: 37))
  }
}
