import ChecklistsMessages
import Foundation

/// The words people type for days, times and repeats in one language, read from the catalogue's
/// `<language>.dates.json` (``CatalogueData/Kind/dates``): what the command line's date parser
/// and ``RecurrenceRule/init(phrase:)`` understand. All words are lower case; input is lowercased
/// before it is compared.
///
/// Only English ships; a language is added by adding its file.
public struct DateWords: Sendable, Decodable {
  /// Each weekday's names, full and short ("monday", "mon"), which both parsers read.
  public var weekdays: [RecurrenceRule.Weekday: [String]]
  /// The words of a moment: "tomorrow 9am", "next friday", "in 2 hours".
  public var moment: Moment
  /// The words of a repeat: "every other week", "monthly on the 15th", "10 times".
  public var repeats: Repeat

  /// The words of a moment.
  public struct Moment: Sendable, Decodable {
    /// The present moment ("now").
    public var now: [String]
    /// Days named by their distance from today ("yesterday": -1, "today": 0, "tomorrow": 1).
    public var relativeDays: [String: Int]
    /// Before a weekday: the next one ("next").
    public var next: [String]
    /// Before a time ("at").
    public var at: [String]
    /// Before an amount of time from now ("in").
    public var `in`: [String]
    /// After a 12-hour time, before and after noon ("am", "pm").
    public var am: [String]
    public var pm: [String]
    /// The units of an amount of time, by unit: `minute`, `hour`, `day`, `week`.
    public var units: [String: [String]]
  }

  /// The words of a repeat.
  public struct Repeat: Sendable, Decodable {
    /// Phrases that ``RecurrenceRule/init(phrase:)`` understands, for help texts and errors.
    public var examples: [String]
    /// Whole phrases with a fixed meaning, words separated by one space: `daily`, `workWeek`
    /// (Monday to Friday), `weekend`, `yearly`.
    public var phrases: [String: [String]]
    /// Before an interval or a unit ("every").
    public var every: [String]
    /// Before the days of the week or month ("on").
    public var on: [String]
    /// A period said in one word ("weekly", "monthly"), by frequency.
    public var periods: [String: [String]]
    /// A unit after "every", by frequency, singular ("every week", "every other week") and
    /// plural ("every 2 weeks").
    public var units: [String: Unit]
    /// The numbers one, two, three… as words, in order.
    public var numbers: [String]
    /// The word that means every second one ("every other week").
    public var other: [String]
    /// Words between days ("and", "&").
    public var and: [String]
    /// After "on" in a weekly repeat: Monday to Friday ("on weekdays").
    public var workWeekAfterOn: [String]
    /// Further names of weekdays that a repeat understands ("mo").
    public var weekdays: [RecurrenceRule.Weekday: [String]]
    /// The ending a weekday takes for "every" ("mondays"), taken off words longer than three
    /// letters.
    public var weekdayPluralEnding: String
    /// The words of a day of the month ("the 15th", "the last day").
    public var monthDay: MonthDay
    /// The words of a repeat's end ("10 times", "for 3 times", "until 2027-03-01").
    public var end: End

    /// A unit's singular and plural words.
    public struct Unit: Sendable, Decodable {
      public var singular: [String]
      public var plural: [String]
    }

    /// The words of a day of the month.
    public struct MonthDay: Sendable, Decodable {
      /// Words that say nothing ("the", "day", "of").
      public var ignored: [String]
      /// The last day of the month ("last").
      public var last: [String]
      /// Endings of an ordinal number ("st", "nd", "rd", "th").
      public var ordinalEndings: [String]
    }

    /// The words of a repeat's end.
    public struct End: Sendable, Decodable {
      /// After a count ("times", "time").
      public var times: [String]
      /// Before a count ("for").
      public var `for`: [String]
      /// Before the last day ("until", "till", "through").
      public var until: [String]
    }

    enum CodingKeys: String, CodingKey {
      case examples, phrases, every, on, periods, units, numbers, other, and, workWeekAfterOn
      case weekdays, weekdayPluralEnding, monthDay, end
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      examples = try container.decode([String].self, forKey: .examples)
      phrases = try container.decode([String: [String]].self, forKey: .phrases)
      every = try container.decode([String].self, forKey: .every)
      on = try container.decode([String].self, forKey: .on)
      periods = try container.decode([String: [String]].self, forKey: .periods)
      units = try container.decode([String: Unit].self, forKey: .units)
      numbers = try container.decode([String].self, forKey: .numbers)
      other = try container.decode([String].self, forKey: .other)
      and = try container.decode([String].self, forKey: .and)
      workWeekAfterOn = try container.decode([String].self, forKey: .workWeekAfterOn)
      weekdays = try DateWords.weekdays(
        container.decode([String: [String]].self, forKey: .weekdays))
      weekdayPluralEnding = try container.decode(String.self, forKey: .weekdayPluralEnding)
      monthDay = try container.decode(MonthDay.self, forKey: .monthDay)
      end = try container.decode(End.self, forKey: .end)
    }
  }

  enum CodingKeys: String, CodingKey {
    case weekdays, moment
    case repeats = "repeat"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    weekdays = try Self.weekdays(container.decode([String: [String]].self, forKey: .weekdays))
    moment = try container.decode(Moment.self, forKey: .moment)
    repeats = try container.decode(Repeat.self, forKey: .repeats)
  }

  /// Weekdays keyed by their iCalendar code ("mo").
  private static func weekdays(_ names: [String: [String]]) throws -> [RecurrenceRule.Weekday:
    [String]]
  {
    var days: [RecurrenceRule.Weekday: [String]] = [:]
    for (code, words) in names {
      guard let day = RecurrenceRule.Weekday(rawValue: code) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: [], debugDescription: "'\(code)' is not a weekday (mo, tu, … su)"))
      }
      days[day] = words
    }
    return days
  }

  /// English's words, which every other language's falls back to.
  public static let english: DateWords = {
    do { return try CatalogueData.decode(DateWords.self, .dates, language: "en") } catch {
      preconditionFailure("the English date words do not read: \(error)")
    }
  }()

  /// The languages that have date words, sorted.
  public static var languages: [String] { CatalogueData.languages(.dates) }
}
