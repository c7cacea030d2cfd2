import Foundation

/// When an item is due: a day, or a moment with the time zone it was set in, as iCalendar has
/// them (`DUE;VALUE=DATE` and `DUE;TZID=…`).
///
/// A day floats: it is the same calendar day wherever the reader is, so "due on the 15th" is
/// never shown as the 14th. A moment is one instant everywhere; its zone says where it was set,
/// for writing it back as it came (nil: UTC or not known, as for dates stored before zones).
public enum DueDate: Hashable, Sendable {
  /// Due on a calendar day, with no time.
  case day(CivilDay)
  /// Due at an instant; `timeZone` is the IANA zone it was set in (`Europe/Berlin`), if known.
  case moment(Date, timeZone: String?)

  /// The instant that stands for it where one is needed (sorting, the old `dueDate` field): a
  /// moment's own; a day's start in UTC, which is what a day was stored and sent as before.
  public var instant: Date {
    switch self {
    case .day(let day): day.startInUTC
    case .moment(let date, _): date
    }
  }

  /// The day it falls on as seen in `timeZone`: a day's own (whatever the zone); the date of a
  /// moment there.
  /// - Parameter timeZone: Where the reader is.
  public func day(in timeZone: TimeZone) -> CivilDay {
    switch self {
    case .day(let day): day
    case .moment(let date, _): CivilDay(date, in: timeZone)
    }
  }

  /// Whether it has come by `now` as seen in `timeZone`: a day when the day it is there is
  /// that day or later; a moment when it is not after `now` (the zone plays no part).
  /// - Parameters:
  ///   - now: The current time.
  ///   - timeZone: Where the reader is.
  public func isDue(at now: Date, in timeZone: TimeZone) -> Bool {
    switch self {
    case .day(let day): CivilDay(now, in: timeZone) >= day
    case .moment(let date, _): date <= now
    }
  }

  /// Whether it is overdue at `now` as seen in `timeZone`: a day once that day is over there;
  /// a moment once it has passed.
  /// - Parameters:
  ///   - now: The current time.
  ///   - timeZone: Where the reader is.
  public func isOverdue(at now: Date, in timeZone: TimeZone) -> Bool {
    switch self {
    case .day(let day): CivilDay(now, in: timeZone) > day
    case .moment(let date, _): date < now
    }
  }

  /// The day, when it is one.
  public var civilDay: CivilDay? {
    if case .day(let day) = self { return day }
    return nil
  }

  /// The zone a moment was set in; nil for a day or a moment in UTC.
  public var timeZone: String? {
    if case .moment(_, let zone) = self { return zone }
    return nil
  }
}

extension DueDate: Codable {
  private enum Key: String, CodingKey { case date, dateTime, timeZone }

  /// Reads `{"date": "2026-12-15"}` or `{"dateTime": …, "timeZone": "Europe/Berlin"}` (the
  /// instant in the decoder's date form; `timeZone` may be absent).
  /// - Throws: `DecodingError` for anything else.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    if let day = try container.decodeIfPresent(CivilDay.self, forKey: .date) {
      self = .day(day)
    } else {
      self = .moment(
        try container.decode(Date.self, forKey: .dateTime),
        timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone))
    }
  }

  /// Writes the forms ``init(from:)`` reads.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .day(let day): try container.encode(day, forKey: .date)
    case .moment(let date, let zone):
      try container.encode(date, forKey: .dateTime)
      try container.encodeIfPresent(zone, forKey: .timeZone)
    }
  }
}
