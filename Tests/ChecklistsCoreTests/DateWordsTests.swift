import ChecklistsCore
import ChecklistsMessages
import Testing

/// The words of days, times and repeats, per language in the catalogue's `<language>.dates.json`.
@Suite("Date words: each language's file names every weekday, unit and fixed phrase once")
struct DateWordsTests {
  @Test("Every language's date words read and say every weekday, unit and phrase")
  func everyLanguageIsComplete() throws {
    #expect(DateWords.languages.contains("en"))
    for language in DateWords.languages {
      let words = try CatalogueData.decode(DateWords.self, .dates, language: language)
      for day in RecurrenceRule.Weekday.allCases {
        #expect(words.weekdays[day]?.isEmpty == false, "\(language): \(day)")
      }
      for unit in ["minute", "hour", "day", "week"] {
        #expect(words.moment.units[unit]?.isEmpty == false, "\(language): \(unit)")
      }
      for frequency in RecurrenceRule.Frequency.allCases {
        let unit = words.repeats.units[frequency.rawValue]
        #expect(unit?.singular.isEmpty == false && unit?.plural.isEmpty == false, "\(language)")
      }
      #expect(Set(words.repeats.phrases.keys) == ["daily", "workWeek", "weekend", "yearly"])
      #expect(
        Set(words.repeats.periods.keys).isSubset(
          of: RecurrenceRule.Frequency.allCases.map(\.rawValue)))
      #expect(!words.repeats.examples.isEmpty, "\(language)")
    }
  }

  @Test("No word names two weekdays, and all words are lower case as input is compared")
  func wordsAreUnambiguous() throws {
    for language in DateWords.languages {
      let words = try CatalogueData.decode(DateWords.self, .dates, language: language)
      let days = RecurrenceRule.Weekday.allCases.flatMap {
        (words.weekdays[$0] ?? []) + (words.repeats.weekdays[$0] ?? [])
      }
      #expect(Set(days).count == days.count, "\(language): a weekday name is used twice")
      let units = words.moment.units.values.flatMap { $0 }
      #expect(Set(units).count == units.count, "\(language): a unit word is used twice")
      for word in days + units + words.moment.relativeDays.keys {
        #expect(word == word.lowercased(), "\(language): '\(word)'")
      }
    }
  }

  @Test("The repeat parser's examples are the file's, and each one is understood")
  func examplesComeFromTheFile() throws {
    #expect(RecurrenceRule.phraseExamples == DateWords.english.repeats.examples)
    for example in DateWords.english.repeats.examples {
      _ = try RecurrenceRule(phrase: example)
    }
  }
}
