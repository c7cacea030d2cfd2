import ChecklistsCore
import Foundation
import Testing

@Suite("Recurrence against a reference: python-dateutil's answers for 400 random rules")
struct RecurrenceReferenceTests {
  /// One line of `recurrenceReferenceCases` (written by scripts/recurrence-reference).
  struct Case: CustomTestStringConvertible {
    var zone: String
    var rrule: String
    var start: String
    var following: [String]
    var testDescription: String { "\(zone) \(rrule) from \(start)" }
  }

  static let cases: [Case] = recurrenceReferenceCases.split(separator: "\n").map { line in
    let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    return Case(
      zone: fields[0], rrule: fields[1], start: fields[2],
      following: fields[3].split(separator: ",").map(String.init))
  }

  @Test("There are cases to check, of every frequency and ending")
  func casesExist() {
    #expect(Self.cases.count == 400)
    for part in [
      "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "BYDAY", "BYMONTHDAY=-1", "COUNT", "UNTIL",
    ] {
      #expect(Self.cases.contains { $0.rrule.contains(part) }, "\(part)")
    }
  }

  @Test("Checking the item off again and again gives dateutil's occurrences, and its end")
  func matchesReference() throws {
    for reference in Self.cases {
      let rule = try RecurrenceRule(rrule: reference.rrule)
      #expect(rule.rrule == reference.rrule)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = try #require(TimeZone(identifier: reference.zone))
      var date = try #require(Self.date(reference.start, calendar))
      var got: [String] = []
      // One more than dateutil listed: a series that ended must stay ended.
      for done in 1...(reference.following.count + 1) {
        guard let next = rule.nextOccurrence(after: date, completedCount: done, calendar: calendar)
        else { break }
        got.append(Self.wall(next, calendar))
        date = next
      }
      let endless = !reference.rrule.contains("COUNT") && !reference.rrule.contains("UNTIL")
      let expected = reference.following
      #expect(
        endless ? Array(got.prefix(expected.count)) == expected : got == expected,
        "\(reference.testDescription)")
    }
  }

  static func date(_ text: String, _ calendar: Calendar) -> Date? {
    let n = text.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
    return calendar.date(
      from: DateComponents(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4]))
  }

  static func wall(_ date: Date, _ calendar: Calendar) -> String {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
  }
}
