import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite struct ChecklistsBackupTests {
  let exportedAt = Date(timeIntervalSinceReferenceDate: 790_000_000.123_456_7)

  /// Lists with every field set, some unset, odd text and dates of every precision.
  static func sampleLists() -> [PortableChecklist] {
    var generator = SplitMix64(seed: 7)
    func randomDate() -> Date {
      Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &generator))
    }
    return [
      PortableChecklist(
        id: UUID(), name: "Groceries 🛒", icon: .groceries, hidesChecked: true,
        createdAt: randomDate(),
        items: [
          PortableItem(
            id: UUID(), text: "Crème fraîche", isChecked: true, dueDate: randomDate(),
            shouldRemind: true, createdAt: randomDate()),
          PortableItem(id: UUID(), text: "👨‍👩‍👧‍👦 family pack", createdAt: Date()),
          PortableItem(text: String(repeating: "é", count: 1_000)),
          PortableItem(
            text: "Quotes \" and \\ back/slash", dueDate: Date(timeIntervalSince1970: 0)),
        ]),
      PortableChecklist(name: "Empty", icon: .noIcon, items: []),
      PortableChecklist(
        id: UUID(), name: "日本語", icon: .trips, hidesChecked: false, createdAt: .distantPast,
        items: [PortableItem(text: "Tokyo", dueDate: .distantFuture)]),
    ]
  }

  @Test func roundTripIsExact() throws {
    let lists = Self.sampleLists()
    let data = try ChecklistsBackup.encode(lists, exportedAt: exportedAt)
    let back = try ChecklistsBackup.decode(data)
    #expect(back == lists)
    // Every date, to the last bit.
    let dates = { (lists: [PortableChecklist]) in
      lists.flatMap { [$0.createdAt] + $0.items.flatMap { [$0.dueDate, $0.createdAt] } }
        .map { $0?.timeIntervalSinceReferenceDate.bitPattern }
    }
    #expect(dates(back) == dates(lists))
  }

  @Test func roundTripOfTenThousandItems() throws {
    let list = PortableChecklist(
      id: UUID(), name: "Big", icon: .inbox, createdAt: Date(),
      items: (0..<10_000).map {
        PortableItem(
          id: UUID(), text: "Item \($0)", isChecked: $0.isMultiple(of: 2),
          dueDate: Date(timeIntervalSinceReferenceDate: 790_000_000 + Double($0) / 7),
          createdAt: Date())
      })
    let data = try ChecklistsBackup.encode([list], exportedAt: exportedAt)
    #expect(try ChecklistsBackup.decode(data) == [list])
  }

  @Test func shapeMatchesTheDocumentation() throws {
    let id = try #require(UUID(uuidString: "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F"))
    let list = PortableChecklist(
      id: id, name: "Groceries", icon: .groceries,
      createdAt: Fixtures.date("2026-01-01T00:00:00Z"),
      items: [
        PortableItem(
          id: id, text: "Milk", isChecked: true, shouldRemind: true,
          createdAt: Fixtures.date("2026-01-02T00:00:00Z"),
          due: .moment(Fixtures.date("2026-01-03T09:30:00Z"), timeZone: "Europe/Berlin")),
        PortableItem(text: "Eggs"),
      ])
    let data = try ChecklistsBackup.encode(
      [list], exportedAt: Fixtures.date("2026-01-04T12:00:00Z"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(root["format"] as? String == "checklists-backup")
    #expect(root["version"] as? Int == 2)
    #expect(root["exportedAt"] as? String == "2026-01-04T12:00:00.000Z")
    let lists = try #require(root["checklists"] as? [[String: Any]])
    #expect(lists.first?["id"] as? String == "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F")
    #expect(lists.first?["icon"] as? String == "Groceries")
    #expect(lists.first?["createdAt"] as? String == "2026-01-01T00:00:00.000Z")
    let items = try #require(lists.first?["items"] as? [[String: Any]])
    #expect(Set(items[0].keys) == ["id", "text", "checked", "due", "remind", "createdAt"])
    let due = try #require(items[0]["due"] as? [String: Any])
    #expect(due["dateTime"] as? String == "2026-01-03T09:30:00.000Z")
    #expect(due["timeZone"] as? String == "Europe/Berlin")
    #expect(Set(items[1].keys) == ["text", "checked", "remind"])
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"checklists\""))  // pretty-printed, keys sorted
  }

  @Test func handWrittenBackupUsesDefaults() throws {
    let json = """
      {"format": "checklists-backup", "version": 1, "checklists": [
        {"name": "Trip", "items": [
          {"text": "Passport", "dueDate": "2026-01-03T10:00:00+01:00"},
          {"text": "Tickets", "dueDate": null, "checked": true}]}]}
      """
    let lists = try ChecklistsBackup.decode(Data(json.utf8))
    #expect(
      lists == [
        PortableChecklist(
          name: "Trip", icon: .noIcon,
          items: [
            PortableItem(text: "Passport", dueDate: Fixtures.date("2026-01-03T09:00:00Z")),
            PortableItem(text: "Tickets", isChecked: true),
          ])
      ])
  }

  // MARK: - Refused files

  @Test(arguments: [
    (
      #"{"format": "something-else", "version": 1, "checklists": []}"#,
      "\"format\" is \"something-else\""
    ),
    (#"{"version": 1, "checklists": []}"#, "not a Checklists backup"),
    (#"{"format": "checklists-backup", "checklists": []}"#, "no \"version\""),
    (#"{"format": "checklists-backup", "version": 3, "checklists": []}"#, "newer Checklists"),
    (#"{"format": "checklists-backup", "version": 0, "checklists": []}"#, "version 0"),
    (#"["checklists-backup"]"#, "top level is not a JSON object"),
    (#"{"format": 7}"#, "'format' has the wrong type"),
    (
      #"{"format": "checklists-backup", "version": 1.5, "checklists": []}"#,
      "must be a whole number"
    ),
    (#"{"format": "checklists-backup", "version": 1, "checklists": [{"name": "#, "not valid JSON"),
    (#"{"format": "checklists-backup", "version": 1}"#, "'checklists' is missing"),
  ])
  func refusesFilesThatAreNotReadableBackups(json: String, fragment: String) {
    expectUnreadable([fragment]) { try ChecklistsBackup.decode(Data(json.utf8)) }
    if json.hasPrefix("{") {
      expectUnreadable([fragment]) { try ChecklistsFile.read(Data(json.utf8)) }
    }
  }

  @Test(arguments: [
    (
      #"{"name": "A", "items": [{"checked": true}]}"#,
      "Checklist 1 ('A'), item 1: 'text' is missing."
    ),
    (#"{"name": "A", "items": [{"text": 5}]}"#, "Checklist 1 ('A'), item 1: 'text' must be text."),
    (
      #"{"name": "A", "items": [{"text": "x", "checked": "yes"}]}"#,
      "'checked' must be true or false."
    ),
    (#"{"name": "A", "items": "none"}"#, "Checklist 1 ('A'): 'items' must be an array."),
    (#"{"items": []}"#, "Checklist 1: 'name' is missing."),
    (#"{"name": "A", "icon": "Rocket", "items": []}"#, "Checklist 1 ('A'): unknown icon 'Rocket'"),
    (
      #"{"name": "A", "id": "nope", "items": []}"#,
      "Checklist 1 ('A'): 'id' \"nope\" is not a UUID."
    ),
    (#"{"name": "A", "items": [{"text": "x", "dueDate": "soon"}]}"#, "item 1: 'dueDate' \"soon\""),
    (
      #"{"name": "A", "items": [{"text": "x", "dueDate": "2026-02-30T00:00:00Z"}]}"#,
      "not an ISO 8601 date"
    ),
    (#""A""#, "Checklist 1 must be a dictionary."),
  ])
  func refusesMalformedLists(list: String, message: String) {
    let json = #"{"format": "checklists-backup", "version": 1, "checklists": [\#(list)]}"#
    expectUnreadable([message]) { try ChecklistsBackup.decode(Data(json.utf8)) }
  }

  @Test func emptyFile() {
    expectUnreadable(["The file is empty."]) { try ChecklistsBackup.decode(Data()) }
  }

  @Test(arguments: [10, 50, 200])
  func truncatedBackup(length: Int) throws {
    let data = try ChecklistsBackup.encode(Self.sampleLists(), exportedAt: exportedAt)
    expectUnreadable(["not valid JSON"]) { try ChecklistsBackup.decode(data.prefix(length)) }
  }

  @Test func dateOutsideTheWritableYearsIsAnInputError() {
    let list = PortableChecklist(
      name: "A", icon: .folder,
      items: [PortableItem(text: "x", dueDate: Date(timeIntervalSince1970: -1e12))])
    #expect(throws: ChecklistsError.self) {
      try ChecklistsBackup.encode([list], exportedAt: exportedAt)
    }
  }

  @Test("Notes, flag, priority, parent and repeat round-trip; the iPhone plist leaves them out")
  func newItemFields() throws {
    let parent = UUID()
    let lists = [
      PortableChecklist(
        name: "Party", icon: .modelDefault,
        items: [
          PortableItem(
            id: parent, text: "Cake", notes: "Chocolate\nno nuts", isFlagged: true,
            priority: .high, recurrence: try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=15")),
          PortableItem(text: "Flour", parentID: parent),
        ])
    ]
    let data = try ChecklistsBackup.encode(lists, exportedAt: Date(timeIntervalSince1970: 0))
    #expect(try ChecklistsBackup.decode(data) == lists)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""repeat" : "FREQ=MONTHLY;BYMONTHDAY=15""#))
    #expect(text.contains(#""priority" : "high""#))
    let bad = Data(
      #"{"format":"checklists-backup","version":1,"checklists":[{"name":"A","items":[{"text":"B","priority":"urgent"}]}]}"#
        .utf8)
    let error = #expect(throws: ChecklistsError.self) { try ChecklistsBackup.decode(bad) }
    #expect(
      error?.message.contains("'priority' \"urgent\" is not one of none, low, medium, high") == true
    )
    let plist = try IOSChecklistsPlist.decode(
      IOSChecklistsPlist.encode(lists, now: Date(timeIntervalSince1970: 0)))
    #expect(plist[0].items.map(\.text) == ["Cake", "Flour"])
    #expect(plist[0].items.allSatisfy { $0.notes == "" && !$0.isFlagged && $0.parentID == nil })
  }
}
