import ChecklistsCore
import ChecklistsMessages
import Foundation

/// A due date as JSON, in the API and the backup: `{"date": "2026-12-15"}` for a day, or
/// `{"dateTime": "2026-12-15T17:00:00Z", "timeZone": "Europe/Berlin"}` for a moment (`timeZone`
/// `null` or left out when it is not known).
public struct DueDateJSON: Codable, Sendable, Equatable {
  /// A day's ISO 8601 date; nil for a moment.
  public var date: String?
  /// A moment's ISO 8601 date and time; nil for a day.
  public var dateTime: String?
  /// The IANA zone a moment was set in, or nil.
  public var timeZone: String?

  /// A due date's JSON from its parts, as a request sent them.
  public init(date: String?, dateTime: String?, timeZone: String?) {
    self.date = date
    self.dateTime = dateTime
    self.timeZone = timeZone
  }

  /// The JSON of a due date, its instant written by `timestamp` (the API's milliseconds, or
  /// the backup's exact form).
  /// - Throws: What `timestamp` throws (a backup cannot write some dates).
  public init(_ due: DueDate, timestamp: (Date) throws -> String) rethrows {
    switch due {
    case .day(let day): date = day.iso
    case .moment(let instant, let zone):
      dateTime = try timestamp(instant)
      timeZone = zone
    }
  }

  /// The JSON of a due date with its instant to the millisecond, as the API writes dates.
  public init(_ due: DueDate) {
    self.init(due, timestamp: ISOTimestamp.milliseconds)
  }

  /// The due date this JSON names.
  /// - Parameter field: The JSON name of the field it was read from, for the messages.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming what is wrong: both or
  ///   neither of `date` and `dateTime`, a `timeZone` with a day, a date or time that does not
  ///   read, or a zone nobody knows.
  public func due(field: String) throws -> DueDate {
    switch (date, dateTime) {
    case (let text?, nil) where timeZone == nil:
      guard let day = CivilDay(iso: text) else {
        throw ChecklistsError.invalid(
          MessageCatalogue.english.text(
            "errors.due.notADay", ["field": field, "text": String(text.prefix(40))]))
      }
      return try ChecklistItem.validatedDue(.day(day))!
    case (nil, let text?):
      guard let instant = ISOTimestamp.parse(text) else {
        throw ChecklistsError.invalid(
          MessageCatalogue.english.text(
            "errors.due.notADateTime", ["field": field, "text": String(text.prefix(40))]))
      }
      return try ChecklistItem.validatedDue(.moment(instant, timeZone: timeZone))!
    default:
      throw ChecklistsError.invalid(
        MessageCatalogue.english.text("errors.due.shape", ["field": field]))
    }
  }

  enum CodingKeys: String, CodingKey { case date, dateTime, timeZone }

  /// Writes a day as `{"date"}` alone and a moment as `{"dateTime", "timeZone"}`, the zone
  /// `null` when not known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let date {
      try container.encode(date, forKey: .date)
    } else {
      try container.encode(dateTime, forKey: .dateTime)
      try container.encode(timeZone, forKey: .timeZone)
    }
  }

  /// `Due`: a due date, a day or a moment; declared once here for the OpenAPI document, the
  /// request bodies that take it and the item JSON that gives it.
  public static let schema: JSONSchema = {
    var schema = JSONSchema()
    schema.description =
      "A day (the same calendar day wherever the reader is) or a moment with the time zone it was set in"
    schema.oneOf = [daySchema, momentSchema]
    return schema
  }()

  /// A day: `{"date": "2026-12-15"}`.
  public static let daySchema = JSONSchema.object(
    properties: [
      "date": .string(
        format: "date", pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#,
        description: "The day, in the years 0001 to 9999")
    ],
    required: ["date"])

  /// A moment: `{"dateTime": "2026-12-15T17:00:00Z", "timeZone": "Europe/Berlin"}`.
  public static let momentSchema = JSONSchema.object(
    properties: [
      "dateTime": .ref("Timestamp"),
      "timeZone": JSONSchema.string(
        maxLength: 64,
        description: "The IANA time zone it was set in, such as Europe/Berlin; null when not known"
      ).orNull,
    ],
    required: ["dateTime"])
}
