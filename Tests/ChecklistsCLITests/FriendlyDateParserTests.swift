import ChecklistsCLI
import ChecklistsCore
import Foundation
import Testing

/// Reads an ISO 8601 instant such as `2026-06-10T14:30:00Z` or `2026-12-24T18:00:00.250Z`.
private func instant(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions =
    text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
  guard let date = formatter.date(from: text) else {
    fatalError("Bad instant in test: \(text)")
  }
  return date
}

private func zone(_ identifier: String) -> TimeZone {
  guard let zone = TimeZone(identifier: identifier) else {
    fatalError("Unknown time zone in test: \(identifier)")
  }
  return zone
}

private let utc = zone("UTC")
private let newYork = zone("America/New_York")
private let berlin = zone("Europe/Berlin")

/// Wednesday 2026-06-10, 14:30 UTC (10:30 in New York).
private let wednesdayAfternoon = instant("2026-06-10T14:30:00Z")

@Suite struct FriendlyDateParserTests {
  // MARK: UTC

  @Test(arguments: [
    // now
    ("now", "2026-06-10T14:30:00Z"),
    ("  NOW \n", "2026-06-10T14:30:00Z"),
    // ISO 8601
    ("2026-12-24T18:00:00Z", "2026-12-24T18:00:00Z"),
    ("2026-12-24t18:00:00z", "2026-12-24T18:00:00Z"),
    ("2026-12-24T18:00:00+01:00", "2026-12-24T17:00:00Z"),
    ("2026-12-24T18:00:00-0500", "2026-12-24T23:00:00Z"),
    ("2026-12-24T18:00:00+01", "2026-12-24T17:00:00Z"),
    ("2026-12-24T18:00:00.250Z", "2026-12-24T18:00:00.250Z"),
    ("2026-12-24T18:00Z", "2026-12-24T18:00:00Z"),
    ("2026-12-24T18:00", "2026-12-24T18:00:00Z"),
    ("2026-12-24", "2026-12-24T00:00:00Z"),
    ("2024-02-29", "2024-02-29T00:00:00Z"),
    ("2026-1-5", "2026-01-05T00:00:00Z"),
    // Date and time
    ("2026-12-24 18:00", "2026-12-24T18:00:00Z"),
    ("2026-12-24 18:00:30", "2026-12-24T18:00:30Z"),
    ("2026-12-24 6pm", "2026-12-24T18:00:00Z"),
    ("2026-12-24 6:30pm", "2026-12-24T18:30:00Z"),
    ("2026-12-24 6:30 PM", "2026-12-24T18:30:00Z"),
    ("2026-12-24 at 18:00", "2026-12-24T18:00:00Z"),
    ("2026-12-24 12am", "2026-12-24T00:00:00Z"),
    ("2026-12-24 12pm", "2026-12-24T12:00:00Z"),
    ("2026-12-24 11:59am", "2026-12-24T11:59:00Z"),
    ("2026-12-24 18:00+01:00", "2026-12-24T17:00:00Z"),
    // today, tomorrow, yesterday
    ("today", "2026-06-10T09:00:00Z"),
    ("tomorrow", "2026-06-11T09:00:00Z"),
    ("yesterday", "2026-06-09T09:00:00Z"),
    ("tomorrow 9:00", "2026-06-11T09:00:00Z"),
    ("tomorrow 9am", "2026-06-11T09:00:00Z"),
    ("Tomorrow 18:45:10", "2026-06-11T18:45:10Z"),
    ("today at 17:30", "2026-06-10T17:30:00Z"),
    ("yesterday at 6pm", "2026-06-09T18:00:00Z"),
    // Weekdays: strictly after today (a Wednesday)
    ("monday", "2026-06-15T09:00:00Z"),
    ("mon", "2026-06-15T09:00:00Z"),
    ("next friday", "2026-06-12T09:00:00Z"),
    ("fri 6pm", "2026-06-12T18:00:00Z"),
    ("wednesday", "2026-06-17T09:00:00Z"),
    ("Thursday at 7:15am", "2026-06-11T07:15:00Z"),
    ("thurs", "2026-06-11T09:00:00Z"),
    ("tue", "2026-06-16T09:00:00Z"),
    ("sat", "2026-06-13T09:00:00Z"),
    ("sun", "2026-06-14T09:00:00Z"),
    // Bare times: today if still ahead, else tomorrow
    ("18:00", "2026-06-10T18:00:00Z"),
    ("6pm", "2026-06-10T18:00:00Z"),
    ("at 11pm", "2026-06-10T23:00:00Z"),
    ("14:31", "2026-06-10T14:31:00Z"),
    ("14:30", "2026-06-11T14:30:00Z"),
    ("9:00", "2026-06-11T09:00:00Z"),
    ("12am", "2026-06-11T00:00:00Z"),
    // Relative
    ("in 10 minutes", "2026-06-10T14:40:00Z"),
    ("in 10min", "2026-06-10T14:40:00Z"),
    ("in 1 m", "2026-06-10T14:31:00Z"),
    ("in 90 mins", "2026-06-10T16:00:00Z"),
    ("in 2 hours", "2026-06-10T16:30:00Z"),
    ("in 2h", "2026-06-10T16:30:00Z"),
    ("in 1 hr", "2026-06-10T15:30:00Z"),
    ("in 3 days", "2026-06-13T14:30:00Z"),
    ("in 3d", "2026-06-13T14:30:00Z"),
    ("in 1 week", "2026-06-17T14:30:00Z"),
    ("IN 2 W", "2026-06-24T14:30:00Z"),
  ])
  func readsInUTC(text: String, expected: String) throws {
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: utc)
    #expect(try parser.parse(text) == instant(expected))
  }

  // MARK: New York

  @Test(arguments: [
    ("now", "2026-06-10T14:30:00Z"),
    ("2026-12-24 18:00", "2026-12-24T23:00:00Z"),
    ("2026-06-24 18:00", "2026-06-24T22:00:00Z"),
    ("2026-12-24", "2026-12-24T05:00:00Z"),
    ("2026-12-24T18:00", "2026-12-24T23:00:00Z"),
    ("2026-12-24T18:00:00Z", "2026-12-24T18:00:00Z"),
    ("2026-12-24T18:00:00+01:00", "2026-12-24T17:00:00Z"),
    ("today", "2026-06-10T13:00:00Z"),
    ("tomorrow", "2026-06-11T13:00:00Z"),
    ("today at 17:30", "2026-06-10T21:30:00Z"),
    ("18:00", "2026-06-10T22:00:00Z"),
    ("9am", "2026-06-11T13:00:00Z"),
    ("friday", "2026-06-12T13:00:00Z"),
    ("next monday 8:15am", "2026-06-15T12:15:00Z"),
    ("in 2 hours", "2026-06-10T16:30:00Z"),
    ("in 1 day", "2026-06-11T14:30:00Z"),
    // Clocks go back on 2026-11-01: 01:30 happens twice, the first (EDT) wins.
    ("2026-11-01 1:30", "2026-11-01T05:30:00Z"),
    ("2026-11-01 3:00", "2026-11-01T08:00:00Z"),
  ])
  func readsInNewYork(text: String, expected: String) throws {
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: newYork)
    #expect(try parser.parse(text) == instant(expected))
  }

  /// Wednesday 22:00 in New York is already Thursday in UTC: days follow the parser's time zone.
  @Test(arguments: [
    ("today", "2026-06-10T13:00:00Z"),
    ("tomorrow", "2026-06-11T13:00:00Z"),
    ("today 23:00", "2026-06-11T03:00:00Z"),
    ("23:30", "2026-06-11T03:30:00Z"),
    ("21:00", "2026-06-12T01:00:00Z"),
    ("thursday", "2026-06-11T13:00:00Z"),
    ("wednesday", "2026-06-17T13:00:00Z"),
  ])
  func usesTheLocalDayNotTheUTCDay(text: String, expected: String) throws {
    let parser = FriendlyDateParser(now: instant("2026-06-11T02:00:00Z"), timeZone: newYork)
    #expect(try parser.parse(text) == instant(expected))
  }

  // MARK: Berlin, the day before clocks go forward (2026-03-29, 02:00 → 03:00)

  @Test(arguments: [
    ("tomorrow", "2026-03-29T07:00:00Z"),
    ("tomorrow 9:00", "2026-03-29T07:00:00Z"),
    ("sunday", "2026-03-29T07:00:00Z"),
    ("today 18:00", "2026-03-28T17:00:00Z"),
    ("13:00", "2026-03-28T12:00:00Z"),
    ("11:00", "2026-03-29T09:00:00Z"),
    // Days keep the wall-clock time (23 hours later); hours are elapsed time.
    ("in 1 day", "2026-03-29T10:00:00Z"),
    ("in 24 hours", "2026-03-29T11:00:00Z"),
    ("in 1 week", "2026-04-04T10:00:00Z"),
    // 02:30 does not exist that night: it moves forward by the hour that was skipped.
    ("2026-03-29 02:30", "2026-03-29T01:30:00Z"),
    ("2026-03-29 03:00", "2026-03-29T01:00:00Z"),
    // 02:30 happens twice on 2026-10-25: the first (summer time) wins.
    ("2026-10-25 02:30", "2026-10-25T00:30:00Z"),
  ])
  func handlesDaylightSavingInBerlin(text: String, expected: String) throws {
    // Saturday 2026-03-28, 12:00 CET.
    let parser = FriendlyDateParser(now: instant("2026-03-28T11:00:00Z"), timeZone: berlin)
    #expect(try parser.parse(text) == instant(expected))
  }

  // MARK: Invalid input

  @Test(arguments: [
    "", "   ", "garbage", "xyz", "2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10",
    "2026-04-31", "12/24/2026", "25:00", "24:00", "9:75", "18", "13pm", "0am", "18:00:60",
    "tomorrow 9:75", "tomorrow 25:00", "tomorrow tomorrow", "today 9:00 10:00", "tomorrow at",
    "at", "next", "next week", "monday next", "in", "in 10", "in ten minutes",
    "in 10 fortnights", "in -5 minutes", "2026-12-24T6pm", "2026-12-24T18", "2026-12-24T",
    "2026-12-24 18:00:60", "2026-12-24T18:00+25:00", "tomorrow 9:00Z", "18:00Z",
    "2026-12-24 18:00 tomorrow",
  ])
  func rejects(text: String) throws {
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: utc)
    let error = try #require(throws: ChecklistsError.self) { try parser.parse(text) }
    #expect(error.code == .invalidInput)
    let quoted = "'\(text.trimmingCharacters(in: .whitespacesAndNewlines))'"
    #expect(error.message.contains(quoted))
  }

  @Test func errorMessageSuggestsForms() throws {
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: utc)
    let error = try #require(throws: ChecklistsError.self) { try parser.parse(" xyz ") }
    #expect(
      error.message
        == "Could not understand the date 'xyz'. Try \"tomorrow 9:00\", \"2026-12-24 18:00\""
        + " or an ISO 8601 date such as 2026-12-24T18:00:00Z.")
  }

  @Test func defaultsToTheCurrentMomentAndZone() throws {
    let before = Date()
    let parser = FriendlyDateParser()
    #expect(parser.timeZone == TimeZone.current)
    #expect(parser.now >= before)
    #expect(try parser.parse("now") == parser.now)
  }
}

@Suite struct DateDisplayTests {
  @Test(arguments: [
    ("2026-12-24T18:00:00Z", "2026-12-24 18:00"),
    ("2026-12-24T18:00:30Z", "2026-12-24 18:00:30"),
    ("2026-12-24T18:00:30.700Z", "2026-12-24 18:00:30"),
    ("2026-12-24T18:00:00.250Z", "2026-12-24 18:00"),
    ("2026-01-05T07:05:00Z", "2026-01-05 07:05"),
  ])
  func showsUTC(date: String, expected: String) {
    #expect(DateDisplay(timeZone: utc).string(from: instant(date)) == expected)
  }

  @Test(arguments: [
    ("2026-12-24T23:00:00Z", "2026-12-24 18:00"),
    ("2026-06-24T22:00:00Z", "2026-06-24 18:00"),
    ("2026-06-11T02:00:00Z", "2026-06-10 22:00"),
    ("2026-11-01T05:30:00Z", "2026-11-01 01:30"),
    ("2026-11-01T06:30:00Z", "2026-11-01 01:30"),
    ("2026-12-24T23:00:09Z", "2026-12-24 18:00:09"),
  ])
  func showsNewYork(date: String, expected: String) {
    #expect(DateDisplay(timeZone: newYork).string(from: instant(date)) == expected)
  }

  @Test(arguments: [
    ("2026-12-24T17:00:00Z", "2026-12-24T17:00:00Z"),
    ("2026-12-24T17:00:00.250Z", "2026-12-24T17:00:00.250Z"),
    ("2026-12-24T17:00:00.005Z", "2026-12-24T17:00:00.005Z"),
    ("2026-12-31T23:59:59Z", "2026-12-31T23:59:59Z"),
  ])
  func showsISO8601InUTCWhateverTheZone(date: String, expected: String) {
    #expect(DateDisplay(timeZone: newYork).isoString(from: instant(date)) == expected)
    #expect(DateDisplay(timeZone: berlin).isoString(from: instant(date)) == expected)
  }

  @Test func roundsISOStringToMilliseconds() {
    let display = DateDisplay(timeZone: utc)
    let almostNextSecond = instant("2026-12-31T23:59:59Z").addingTimeInterval(0.9996)
    #expect(display.isoString(from: almostNextSecond) == "2027-01-01T00:00:00Z")
    let quarter = instant("2026-12-24T17:00:00Z").addingTimeInterval(0.2501)
    #expect(display.isoString(from: quarter) == "2026-12-24T17:00:00.250Z")
  }

  @Test func isoStringIsReadBackByTheParser() throws {
    let date = instant("2026-12-24T17:00:00.250Z")
    let text = DateDisplay(timeZone: newYork).isoString(from: date)
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: berlin)
    #expect(try parser.parse(text) == date)
  }

  @Test(arguments: [newYork, berlin, utc])
  func localStringIsReadBackByTheParser(timeZone: TimeZone) throws {
    let display = DateDisplay(timeZone: timeZone)
    let parser = FriendlyDateParser(now: wednesdayAfternoon, timeZone: timeZone)
    for date in [instant("2026-12-24T17:00:00Z"), instant("2026-07-04T03:04:05Z")] {
      #expect(try parser.parse(display.string(from: date)) == date)
    }
  }

  @Test func defaultsToTheCurrentZone() {
    #expect(DateDisplay().timeZone == TimeZone.current)
  }
}
