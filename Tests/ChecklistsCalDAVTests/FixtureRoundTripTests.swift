import ChecklistsCalDAV
import ChecklistsCore
import Foundation
import Testing

@Suite struct FixtureRoundTripTests {
  static let names = [
    "apple-ios-reminder", "apple-macos-subtask", "tasksorg-davx5", "thunderbird", "evolution",
    "python-caldav",
  ]

  @Test(arguments: names)
  func writingWhatWasReadGivesTheSameBytes(name: String) throws {
    let text = try fixture(name)
    let fields = try TodoMapping.read(text)
    #expect(TodoMapping.write(fields, stored: text, now: now) == text)
  }

  @Test func appleIOSReminder() throws {
    let fields = try TodoMapping.read(try fixture("apple-ios-reminder"))
    #expect(fields.uid == "8D6F2B1C-52A4-4E37-9F0E-3B1A7C9D2E41")
    #expect(fields.summary == "Buy milk")
    #expect(
      fields.notes
        == "Ask for the one without lactose. The shop on the corner closes at 8, the big one at 10."
    )
    #expect(!fields.isCompleted)
    #expect(fields.due == utc("2025-11-22T08:00:00Z"))  // 09:00 in Berlin, winter
    #expect(fields.dueTimeZone == "Europe/Berlin")
    #expect(!fields.dueIsAllDay)
    #expect(fields.remind)
    #expect(fields.priority == .medium)
    #expect(fields.sortOrder == 785_836_502)
    #expect(fields.parentUID == nil)
    #expect(fields.recurrence == nil)
  }

  @Test func appleMacOSSubtask() throws {
    let fields = try TodoMapping.read(try fixture("apple-macos-subtask"))
    #expect(fields.isCompleted)
    #expect(fields.completedAt == utc("2025-11-19T18:12:33Z"))
    #expect(fields.parentUID == "8D6F2B1C-52A4-4E37-9F0E-3B1A7C9D2E41")
    #expect(!fields.remind)
    #expect(fields.notes == "")
  }

  @Test func tasksOrg() throws {
    let fields = try TodoMapping.read(try fixture("tasksorg-davx5"))
    #expect(fields.summary == "Water the plants")
    #expect(fields.notes == "The fern gets less.\nThe cactus once a month.")
    #expect(fields.categories == ["Home", "Weekly"])
    #expect(fields.priority == .high)
    #expect(fields.due == utc("2025-11-23T00:00:00Z"))
    #expect(fields.dueIsAllDay)
    #expect(fields.dueTimeZone == nil)
    #expect(fields.recurrence == RecurrenceRule(frequency: .weekly, weekdays: [.su]))
    #expect(fields.parentUID == "3071754526080170849")
    #expect(fields.sortOrder == 785_900_000)
    #expect(fields.remind)
  }

  @Test func thunderbird() throws {
    let fields = try TodoMapping.read(try fixture("thunderbird"))
    #expect(!fields.isCompleted)  // IN-PROCESS, 40 %
    #expect(fields.due == utc("2025-11-28T16:00:00Z"))
    #expect(fields.dueTimeZone == "Europe/Berlin")
    #expect(fields.notes == "Figures from Anna, text from Ben.")
    #expect(fields.categories == ["Work"])
    #expect(fields.priority == .medium)
    #expect(fields.remind)
  }

  @Test func evolution() throws {
    let fields = try TodoMapping.read(try fixture("evolution"))
    #expect(fields.summary == "Renew the passport")
    #expect(fields.due == utc("2025-12-15T00:00:00Z"))
    #expect(fields.dueIsAllDay)
    #expect(!fields.isCompleted)
    #expect(fields.priority == ItemPriority.none)
    #expect(fields.remind)
  }

  @Test func pythonCaldav() throws {
    let fields = try TodoMapping.read(try fixture("python-caldav"))
    #expect(fields.summary == "Buy milk, now")
    #expect(fields.categories == ["a", "b"])
    #expect(fields.recurrence == RecurrenceRule(frequency: .weekly, weekdays: [.mo, .th]))
    #expect(fields.dueIsAllDay)
  }

  // MARK: - One change, only its properties

  @Test(arguments: names)
  func checkingOffChangesOnlyTheCompletion(name: String) throws {
    let text = try fixture(name)
    var fields = try TodoMapping.read(text)
    guard !fields.isCompleted else { return }
    fields.isCompleted = true
    fields.completedAt = now
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(
      changedNames(text, written).subtracting(["DTSTAMP", "LAST-MODIFIED"])
        == ["STATUS", "COMPLETED", "PERCENT-COMPLETE"])
    #expect(contentLines(written).contains("COMPLETED:20251122T100000Z"))
    #expect(contentLines(written).contains("STATUS:COMPLETED"))
    #expect(contentLines(written).contains("PERCENT-COMPLETE:100"))
    #expect(contentLines(written).contains("DTSTAMP:20251122T100000Z"))
    let back = try TodoMapping.read(written)
    #expect(back == fields)
    // Writing the read result again changes nothing more.
    #expect(TodoMapping.write(back, stored: written, now: now.addingTimeInterval(60)) == written)
  }

  @Test func uncheckingRemovesCompletedAndPercent() throws {
    let text = try fixture("apple-macos-subtask")
    var fields = try TodoMapping.read(text)
    fields.isCompleted = false
    fields.completedAt = nil
    let written = TodoMapping.write(fields, stored: text, now: now)
    let lines = contentLines(written)
    #expect(lines.contains("STATUS:NEEDS-ACTION"))
    #expect(!lines.contains { $0.hasPrefix("COMPLETED") || $0.hasPrefix("PERCENT-COMPLETE") })
    #expect(try TodoMapping.read(written).isCompleted == false)
    #expect(lines.contains("RELATED-TO;RELTYPE=PARENT:8D6F2B1C-52A4-4E37-9F0E-3B1A7C9D2E41"))
  }

  @Test func aNewDueDateKeepsItsZoneAndMovesApplesStart() throws {
    let text = try fixture("apple-ios-reminder")
    var fields = try TodoMapping.read(text)
    fields.due = utc("2025-11-25T17:30:00Z")
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(
      changedNames(text, written) == ["DUE", "DTSTART", "DTSTAMP", "LAST-MODIFIED"])
    let lines = contentLines(written)
    #expect(lines.contains("DUE;TZID=Europe/Berlin:20251125T183000"))
    #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20251125T183000"))
    // Both VALARMs, the structured location and the URL are still there, as written.
    #expect(lines.filter { $0 == "BEGIN:VALARM" }.count == 2)
    #expect(
      lines.contains {
        $0.hasPrefix(
          "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"Hauptstraße 1, 10115 Berlin\"")
      })
    #expect(try TodoMapping.read(written).due == fields.due)
  }

  @Test func aNewDueDateForThunderbirdLeavesAnEarlierStart() throws {
    let text = try fixture("thunderbird")
    var fields = try TodoMapping.read(text)
    fields.due = utc("2025-12-01T16:00:00Z")
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(changedNames(text, written) == ["DUE", "DTSTAMP", "LAST-MODIFIED"])
    #expect(contentLines(written).contains("DUE;TZID=Europe/Berlin:20251201T170000"))
    for kept in [
      "X-MOZ-GENERATION:3", "X-MOZ-LASTACK:20251115T164500Z", "GEO:52.520008;13.404954",
      "ATTACH:https://example.com/report-draft.odt", "X-LIC-LOCATION:Europe/Berlin",
    ] {
      #expect(contentLines(written).contains(kept))
    }
  }

  @Test func aMovedAllDayDueStaysADate() throws {
    let text = try fixture("tasksorg-davx5")
    var fields = try TodoMapping.read(text)
    fields.due = utc("2025-11-30T00:00:00Z")
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(contentLines(written).contains("DUE;VALUE=DATE:20251130"))
    #expect(changedNames(text, written) == ["DUE", "DTSTAMP", "LAST-MODIFIED"])
  }

  @Test func removingTheReminderRemovesEveryAlarm() throws {
    let text = try fixture("apple-ios-reminder")
    var fields = try TodoMapping.read(text)
    fields.remind = false
    let written = TodoMapping.write(fields, stored: text, now: now)
    #expect(!written.contains("BEGIN:VALARM"))
    #expect(try TodoMapping.read(written).remind == false)
    fields.remind = true
    let again = TodoMapping.write(fields, stored: written, now: now)
    #expect(contentLines(again).contains("TRIGGER;RELATED=END:PT0S"))
    #expect(try TodoMapping.read(again).remind)
  }

  @Test func otherFieldsChangeOnlyTheirProperties() throws {
    let text = try fixture("tasksorg-davx5")
    let fields = try TodoMapping.read(text)
    let cases: [(WritableKeyPath<TodoFields, String>, String, String)] = [
      (\.summary, "Water all the plants", "SUMMARY"), (\.notes, "Only the fern.", "DESCRIPTION"),
    ]
    for (path, value, property) in cases {
      var changed = fields
      changed[keyPath: path] = value
      let written = TodoMapping.write(changed, stored: text, now: now)
      #expect(changedNames(text, written) == [property, "DTSTAMP", "LAST-MODIFIED"])
      #expect(try TodoMapping.read(written) == changed)
    }
    var changed = fields
    changed.priority = .low
    changed.categories = ["Home"]
    changed.sortOrder = 12
    changed.parentUID = nil
    changed.recurrence = RecurrenceRule(frequency: .daily, interval: 2)
    let written = TodoMapping.write(changed, stored: text, now: now)
    #expect(
      changedNames(text, written)
        == [
          "PRIORITY", "CATEGORIES", "X-APPLE-SORT-ORDER", "RELATED-TO", "RRULE", "DTSTAMP",
          "LAST-MODIFIED",
        ])
    #expect(contentLines(written).contains("RRULE:FREQ=DAILY;INTERVAL=2"))
    #expect(contentLines(written).contains("X-MOZ-SNOOZE-TIME:20251122T080000Z"))
    #expect(try TodoMapping.read(written) == changed)
  }
}

/// What the server has for an item made from a client's PUT: the store keeps no time zone, no
/// all-day flag and no completion time, so those come as nil/false and must not rewrite the
/// stored text.
@Suite struct ItemViewTests {
  func itemView(_ fields: TodoFields) -> TodoFields {
    var view = fields
    view.dueTimeZone = nil
    view.dueIsAllDay = false
    view.completedAt = nil
    return view
  }

  @Test(arguments: FixtureRoundTripTests.names)
  func whatTheStoreKeepsLeavesTheTextAlone(name: String) throws {
    let text = try fixture(name)
    #expect(TodoMapping.write(itemView(try TodoMapping.read(text)), stored: text, now: now) == text)
  }

  @Test func aNewDueTimeKeepsTheStoredZone() throws {
    let text = try fixture("thunderbird")
    var view = itemView(try TodoMapping.read(text))
    view.due = utc("2025-12-01T16:00:00Z")
    let written = TodoMapping.write(view, stored: text, now: now)
    #expect(contentLines(written).contains("DUE;TZID=Europe/Berlin:20251201T170000"))
  }

  @Test func aNewDayKeepsADateADate() throws {
    let text = try fixture("evolution")
    var view = itemView(try TodoMapping.read(text))
    view.due = utc("2025-12-20T00:00:00Z")
    #expect(
      contentLines(TodoMapping.write(view, stored: text, now: now)).contains(
        "DUE;VALUE=DATE:20251220"))
    view.due = utc("2025-12-20T09:30:00Z")
    #expect(
      contentLines(TodoMapping.write(view, stored: text, now: now)).contains("DUE:20251220T093000Z")
    )
  }

  @Test func aNamedZoneNotYetInTheCalendarBringsItsVTIMEZONE() throws {
    let text = try fixture("tasksorg-davx5")
    var fields = try TodoMapping.read(text)
    fields.due = utc("2025-11-23T17:00:00Z")
    fields.dueIsAllDay = false
    fields.dueTimeZone = "America/New_York"
    let written = TodoMapping.write(fields, stored: text, now: now)
    let lines = contentLines(written)
    #expect(lines.contains("DUE;TZID=America/New_York:20251123T120000"))
    #expect(lines.contains("TZID:America/New_York"))
    #expect(try TodoMapping.read(written) == fields)
  }
}
