import Foundation
import Testing

@testable import ChecklistsInterop

@Suite struct ISOTimestampTests {
  @Test(arguments: [
    (0.0, "2001-01-01T00:00:00.000Z"),
    (-978_307_200, "1970-01-01T00:00:00.000Z"),
    (788_918_400.5, "2026-01-01T00:00:00.500Z"),
    (788_918_400.25, "2026-01-01T00:00:00.250Z"),
    (-0.75, "2000-12-31T23:59:59.250Z"),
    (Date.distantPast.timeIntervalSinceReferenceDate, "0000-12-30T00:00:00.000Z"),
    (Date.distantFuture.timeIntervalSinceReferenceDate, "4001-01-01T00:00:00.000Z"),
  ])
  func formatsUTCWithAtLeastMilliseconds(interval: Double, text: String) {
    let date = Date(timeIntervalSinceReferenceDate: interval)
    #expect(ISOTimestamp.exact(date) == text)
    #expect(ISOTimestamp.parse(text) == date)
  }

  @Test func randomDatesRoundTripExactly() throws {
    var generator = SplitMix64(seed: 2026)
    for _ in 0..<20_000 {
      let interval = Double.random(in: -3e9...3e9, using: &generator)
      let date = Date(timeIntervalSinceReferenceDate: interval)
      let text = try #require(ISOTimestamp.exact(date))
      #expect(ISOTimestamp.parse(text) == date, "\(interval) → \(text)")
    }
    let tiny = Date(timeIntervalSinceReferenceDate: 1e-9)
    #expect(ISOTimestamp.parse(try #require(ISOTimestamp.exact(tiny))) == tiny)
    let now = Date()
    #expect(ISOTimestamp.parse(try #require(ISOTimestamp.exact(now))) == now)
  }

  @Test(arguments: [
    ("2026-01-03T01:00:00+01:00", "2026-01-03T00:00:00Z"),
    ("2026-01-02T19:00:00-05:00", "2026-01-03T00:00:00Z"),
    ("2026-01-03t00:00:00z", "2026-01-03T00:00:00Z"),
    ("2024-02-29T12:00:00Z", "2024-02-29T12:00:00Z"),
  ])
  func readsOffsetsAndLowercase(text: String, utc: String) {
    #expect(ISOTimestamp.parse(text) == Fixtures.date(utc))
  }

  @Test(arguments: [
    "", "2026-01-03", "2026-01-03T00:00:00", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
    "2026-01-03T24:00:00Z", "2026-01-03T00:60:00Z", "2026-01-03T00:00:00.Z",
    "2026-01-03T00:00:00Zjunk", "-026-01-03T00:00:00Z", "2026-01-03T00:00:00+1:00", "tomorrow",
  ])
  func refusesWhatIsNotATimestamp(text: String) {
    #expect(ISOTimestamp.parse(text) == nil)
  }

  @Test func refusesYearsItCannotWrite() {
    #expect(ISOTimestamp.exact(Date(timeIntervalSinceReferenceDate: 3e11)) == nil)
    #expect(ISOTimestamp.exact(Date(timeIntervalSinceReferenceDate: -7e10)) == nil)
  }
}
