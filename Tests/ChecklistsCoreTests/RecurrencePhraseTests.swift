import ChecklistsCore
import Foundation
import Testing

@Suite("Recurrence phrases: what `--repeat` understands and how a rule reads back")
struct RecurrencePhraseTests {
  @Test(
    "Every phrase gives its RRULE and its description",
    arguments: [
      ("every day", "FREQ=DAILY", "Every day"),
      ("daily", "FREQ=DAILY", "Every day"),
      ("Every Day", "FREQ=DAILY", "Every day"),
      ("every 3 days", "FREQ=DAILY;INTERVAL=3", "Every 3 days"),
      ("every other day", "FREQ=DAILY;INTERVAL=2", "Every 2 days"),
      ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"),
      ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"),
      ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU", "Every week on Saturday and Sunday"),
      ("every week", "FREQ=WEEKLY", "Every week"),
      ("weekly", "FREQ=WEEKLY", "Every week"),
      ("weekly on mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH", "Every week on Monday and Thursday"),
      ("every week on mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH", "Every week on Monday and Thursday"),
      ("every week on thu, mon", "FREQ=WEEKLY;BYDAY=MO,TH", "Every week on Monday and Thursday"),
      (
        "every week on monday, wednesday and friday", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
        "Every week on Monday, Wednesday and Friday"
      ),
      ("every monday", "FREQ=WEEKLY;BYDAY=MO", "Every week on Monday"),
      ("every tues and thurs", "FREQ=WEEKLY;BYDAY=TU,TH", "Every week on Tuesday and Thursday"),
      ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "Every 2 weeks"),
      ("every two weeks", "FREQ=WEEKLY;INTERVAL=2", "Every 2 weeks"),
      ("every other week", "FREQ=WEEKLY;INTERVAL=2", "Every 2 weeks"),
      (
        "every 2 weeks on mon,thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
        "Every 2 weeks on Monday and Thursday"
      ),
      (
        "every 3 weeks on weekdays", "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR",
        "Every 3 weeks on weekdays"
      ),
      ("every month", "FREQ=MONTHLY", "Every month"),
      ("monthly", "FREQ=MONTHLY", "Every month"),
      ("every 6 months", "FREQ=MONTHLY;INTERVAL=6", "Every 6 months"),
      ("monthly on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15", "Monthly on day 15"),
      ("every month on day 15", "FREQ=MONTHLY;BYMONTHDAY=15", "Monthly on day 15"),
      ("monthly on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", "Monthly on day 1"),
      ("monthly on the 31st", "FREQ=MONTHLY;BYMONTHDAY=31", "Monthly on day 31"),
      ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1", "Monthly on the last day"),
      (
        "every 2 months on the 3rd", "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=3",
        "Every 2 months on day 3"
      ),
      ("every year", "FREQ=YEARLY", "Every year"),
      ("yearly", "FREQ=YEARLY", "Every year"),
      ("annually", "FREQ=YEARLY", "Every year"),
      ("every 2 years", "FREQ=YEARLY;INTERVAL=2", "Every 2 years"),
      ("every year, 10 times", "FREQ=YEARLY;COUNT=10", "Every year, 10 times"),
      ("yearly for 10 times", "FREQ=YEARLY;COUNT=10", "Every year, 10 times"),
      ("every day 1 time", "FREQ=DAILY;COUNT=1", "Every day, once"),
      (
        "every week until 2027-03-01", "FREQ=WEEKLY;UNTIL=20270301T235959Z",
        "Every week, until 1 Mar 2027"
      ),
      (
        "every weekday, until 2026-12-24",
        "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261224T235959Z",
        "Every weekday, until 24 Dec 2026"
      ),
      (
        "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=MO,TH", "Every week on Monday and Thursday"
      ),
      ("rrule:freq=daily;count=3", "FREQ=DAILY;COUNT=3", "Every day, 3 times"),
    ])
  func phrase(phrase: String, rrule: String, description: String) throws {
    let rule = try RecurrenceRule(phrase: phrase)
    #expect(rule.rrule == rrule)
    #expect(rule.description == description)
    #expect("\(rule)" == description)
  }

  @Test("Every example the help shows is understood")
  func examples() throws {
    for example in RecurrenceRule.phraseExamples {
      _ = try RecurrenceRule(phrase: example)
    }
  }

  @Test(
    "Words that are not a repeat are refused, with a list of what works",
    arguments: [
      "every fortnight", "sometimes", "every", "every 2 week", "every days", "weekly on funday",
      "every month on the 32nd", "monthly on mon", "every day on monday", "never", "",
      "every 0 days", "every 1001 days", "yearly on the 3rd",
    ])
  func unknown(phrase: String) {
    let error = #expect(throws: ChecklistsError.self) { try RecurrenceRule(phrase: phrase) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "Unknown repeat '\(phrase)'.")
    #expect(
      error?.suggestion
        == "Try 'every day', 'every weekday', 'every week on mon,thu', 'every 2 weeks', 'every 3 days', 'monthly on the 15th', 'every month on the last day', 'every year', or an RRULE such as 'FREQ=WEEKLY;BYDAY=MO,TH'; end it with 'until 2027-03-01' or '10 times'."
    )
  }

  @Test(
    "A bad ending names what is wrong with it",
    arguments: [
      (
        "every day until tomorrow",
        "The repeat's end date 'tomorrow' is not a date such as 2027-03-01."
      ),
      (
        "every day until 2027-02-30",
        "The repeat's end date '2027-02-30' is not a date such as 2027-03-01."
      ),
      (
        "every day 0 times",
        "The repeat 'every day 0 times' ends after '0' times; give a whole number from 1 to 10000."
      ),
      (
        "every day many times",
        "The repeat 'every day many times' ends after 'many' times; give a whole number from 1 to 10000."
      ),
    ])
  func badEnding(phrase: String, message: String) {
    let error = #expect(throws: ChecklistsError.self) { try RecurrenceRule(phrase: phrase) }
    #expect(error?.message == message)
  }

  @Test("An RRULE given as a phrase is refused as an RRULE, naming the part")
  func rruleAsPhrase() {
    let error = #expect(throws: ChecklistsError.self) {
      try RecurrenceRule(phrase: "FREQ=DAILY;BYHOUR=9")
    }
    #expect(error?.message.hasPrefix("The repeat rule's 'BYHOUR' is not supported;") == true)
  }

  @Test("Descriptions of rules built from their parts")
  func descriptions() {
    let until = Date(timeIntervalSince1970: 1_803_945_599)  // 2027-03-01T23:59:59Z
    let cases: [(RecurrenceRule, String)] = [
      (RecurrenceRule(frequency: .weekly, weekdays: [.fr]), "Every week on Friday"),
      (
        RecurrenceRule(frequency: .weekly, interval: 2, weekdays: [.th, .mo]),
        "Every 2 weeks on Monday and Thursday"
      ),
      (
        RecurrenceRule(frequency: .monthly, interval: 2, monthDay: -1),
        "Every 2 months on the last day"
      ),
      (RecurrenceRule(frequency: .yearly, end: .count(10)), "Every year, 10 times"),
      (
        RecurrenceRule(frequency: .daily, interval: 5, end: .until(until)),
        "Every 5 days, until 1 Mar 2027"
      ),
    ]
    for (rule, text) in cases { #expect(rule.description == text) }
  }
}
