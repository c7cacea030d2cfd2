import ChecklistsCore
import Foundation
import Testing

@Suite("The domain's rules")
struct ChecklistRulesTests {
  static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

  static func list(_ name: String, items: Int = 0, remaining: Int = 0) -> Checklist {
    Checklist(
      ownerID: UUID(), name: name, icon: .folder, itemCount: items, remainingCount: remaining,
      createdAt: date)
  }

  @Test("The ten icons, in Choose Icon's order, with the app's names")
  func icons() {
    #expect(
      ChecklistIcon.allCases.map(\.rawValue) == [
        "No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries", "Inbox",
        "Photos", "Trips",
      ])
    #expect(ChecklistIcon.userDefault == .folder)
    #expect(ChecklistIcon.modelDefault == .noIcon)
  }

  @Test(
    "Icons are found by name ignoring case, spaces and dashes",
    arguments: [
      ("No Icon", ChecklistIcon.noIcon), ("no-icon", .noIcon), ("NOICON", .noIcon),
      ("groceries", .groceries), ("Trips", .trips),
    ])
  func iconNames(name: String, icon: ChecklistIcon) {
    #expect(ChecklistIcon(named: name) == icon)
  }

  @Test("Unknown icon names are not guessed")
  func unknownIcon() {
    #expect(ChecklistIcon(named: "Trps") == nil)
    #expect(ChecklistIcon(named: "") == nil)
  }

  @Test(
    "The All Lists subtitle",
    arguments: [
      (0, 0, "(No Items)"), (3, 0, "All Done!"), (3, 1, "1 Remaining"), (5, 5, "5 Remaining"),
    ]
  )
  func subtitle(items: Int, remaining: Int, expected: String) {
    #expect(Self.list("L", items: items, remaining: remaining).subtitle == expected)
  }

  @Test("Lists sort by name as Finder does: numbers by value, case and accents ignored")
  func sorting() {
    let names = ["List 10", "list 2", "Zebra", "apple", "Éclair", "List 1", "List"]
    #expect(
      names.map { Self.list($0) }.sortedForDisplay().map(\.name) == [
        "apple", "Éclair", "List", "List 1", "list 2", "List 10", "Zebra",
      ])
  }

  @Test("Equal names keep a stable order: oldest first")
  func stableOrder() {
    var older = Self.list("Same")
    older.createdAt = Self.date.addingTimeInterval(-10)
    let newer = Self.list("Same")
    #expect([newer, older].sortedForDisplay().map(\.id) == [older.id, newer.id])
  }

  @Test(
    "Text is trimmed of white space and line breaks at both ends",
    arguments: [("  Milk  ", "Milk"), ("\n\tEggs\u{00A0}", "Eggs"), ("a  b", "a  b")])
  func trimming(raw: String, expected: String) throws {
    #expect(try ChecklistItem.validatedText(raw) == expected)
    #expect(try Checklist.validatedName(raw) == expected)
  }

  @Test("Empty, white-space-only, over-long and multi-line text is refused with a clear message")
  func refusals() {
    let cases: [(String, String)] = [
      ("", "An item's text cannot be empty or only white space."),
      (" \u{3000}\n", "An item's text cannot be empty or only white space."),
      (
        String(repeating: "a", count: 1_001),
        "An item's text is 1001 characters long; the limit is 1000."
      ),
      (
        "one\ntwo",
        "An item's text must be one line of text without control characters such as line breaks or tabs."
      ),
      (
        "one\u{2028}two",
        "An item's text must be one line of text without control characters such as line breaks or tabs."
      ),
      ("\u{200B}\u{FEFF}", "An item's text cannot be empty or only white space."),
    ]
    for (raw, message) in cases {
      let error = #expect(throws: ChecklistsError.self) { try ChecklistItem.validatedText(raw) }
      #expect(error?.code == .invalidInput)
      #expect(error?.message == message)
    }
    let name = #expect(throws: ChecklistsError.self) {
      try Checklist.validatedName(String(repeating: "n", count: 201))
    }
    #expect(name?.message == "A list's name is 201 characters long; the limit is 200.")
  }

  @Test("Limits count characters as people see them, not bytes")
  func graphemes() throws {
    let family = "👨‍👩‍👧‍👦"
    #expect(try ChecklistItem.validatedText(String(repeating: family, count: 1_000)).count == 1_000)
    #expect(try Checklist.validatedName(String(repeating: "é", count: 200)).count == 200)
  }

  @Test("List names match ignoring case")
  func namesMatch() {
    #expect(Checklist.namesMatch("Groceries", "GROCERIES"))
    #expect(!Checklist.namesMatch("Groceries", "Grocery"))
  }

  @Test("A reminder fires at the start of the due minute, only when asked for and ahead")
  func reminders() {
    let due = Date(timeIntervalSince1970: 1_800_000_059)
    let item = ChecklistItem(
      checklistID: UUID(), text: "Call", dueDate: due, shouldRemind: true, createdAt: Self.date)
    let minute = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(item.reminderDate(after: due.addingTimeInterval(-86_400)) == minute)
    #expect(item.reminderDate(after: due) == nil)
    var silent = item
    silent.shouldRemind = false
    #expect(silent.reminderDate(after: .distantPast) == nil)
    var undated = item
    undated.dueDate = nil
    #expect(undated.reminderDate(after: .distantPast) == nil)
    #expect(item.isDue(at: due))
    #expect(!item.isDue(at: due.addingTimeInterval(-1)))
  }

  @Test(
    "Did you mean: the closest name within reach",
    arguments: [
      ("Grocereis", "Groceries"), ("lsit", "List"), ("birthday", "Birthdays"), ("xyz", nil),
    ] as [(String, String?)])
  func suggestions(typed: String, expected: String?) {
    #expect(
      NameSuggestion.closest(to: typed, in: ["Groceries", "List", "Birthdays", "Trips"]) == expected
    )
  }

  @Test("Not-found errors carry the suggestion")
  func notFound() {
    let error = ChecklistsError.notFound("list", named: "Grocereis", candidates: ["Groceries"])
    #expect(error.description == "Unknown list 'Grocereis'. Did you mean 'Groceries'?")
    #expect(
      ChecklistsError.notFound("list", named: "Q", candidates: ["Groceries"]).suggestion == nil)
  }

  @Test("The import report reads as one sentence")
  func importSummary() {
    var report = ImportReport()
    report.listsCreated = 1
    report.itemsAdded = 3
    report.itemsSkipped = 1
    #expect(
      report.summary(mode: .merge)
        == "Imported 1 list: 1 created, 0 merged; items: 3 added, 0 updated, 0 unchanged, 1 skipped (empty text)."
    )
    report.itemsRemoved = 2
    #expect(report.summary(mode: .replace).contains("0 replaced"))
    #expect(report.summary(mode: .replace).contains("2 removed"))
  }
}

@Suite("Reading UUIDs")
struct UUIDParsingTests {
  @Test("The canonical form in either case reads as Foundation reads it")
  func canonical() {
    for _ in 0..<200 {
      let id = UUID()
      #expect(UUID.parse(id.uuidString) == id)
      #expect(UUID.parse(id.uuidString.lowercased()) == id)
    }
  }

  @Test(
    "Anything else is not a UUID",
    arguments: [
      "", "0B7C5F2E", "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6",
      "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F0",
      "0B7C5F2E3A5C-4C1E-9C3F-1A2B3C4D5E6F0", "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6G",
      "0B7C5F2E-3A5C-4C1E-9C3F_1A2B3C4D5E6F", "ÄB7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F",
    ])
  func invalid(text: String) {
    #expect(UUID.parse(text) == nil)
    #expect(UUID(uuidString: text) == nil)
  }

  @Test("Uncheck All takes every checkmark off; Clear Checked keeps only the unchecked, in order")
  func resets() {
    let listID = UUID()
    let items = [("Passport", true), ("Socks", false), ("Charger", true)].map { text, checked in
      ChecklistItem(
        checklistID: listID, text: text, isChecked: checked,
        createdAt: Date(timeIntervalSinceReferenceDate: 0))
    }
    #expect(ChecklistReset.uncheckAll.affectedItems(items).map(\.text) == ["Passport", "Charger"])
    let unchecked = ChecklistReset.uncheckAll.apply(to: items)
    #expect(unchecked.map(\.text) == ["Passport", "Socks", "Charger"])
    #expect(unchecked.allSatisfy { !$0.isChecked })
    #expect(ChecklistReset.uncheckAll.affectedItems(unchecked).isEmpty, "done once is done")
    let cleared = ChecklistReset.clearChecked.apply(to: items)
    #expect(cleared.map(\.text) == ["Socks"])
    #expect(ChecklistReset.clearChecked.affectedItems(cleared).isEmpty)
    #expect(ChecklistReset.allCases.map(\.rawValue) == ["uncheck-all", "clear-checked"])
  }

  @Test("Clear Checked keeps a checked parent that still has an unchecked subtask, with it")
  func clearCheckedKeepsParentsOfUncheckedSubtasks() {
    let listID = UUID()
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let pack = ChecklistItem(checklistID: listID, text: "Pack", isChecked: true, createdAt: day)
    let done = ChecklistItem(checklistID: listID, text: "Done", isChecked: true, createdAt: day)
    let items = [
      pack,
      ChecklistItem(
        checklistID: listID, text: "Passport", isChecked: false, createdAt: day, parentID: pack.id),
      ChecklistItem(
        checklistID: listID, text: "Socks", isChecked: true, createdAt: day, parentID: pack.id),
      done,
      ChecklistItem(
        checklistID: listID, text: "Receipt", isChecked: true, createdAt: day, parentID: done.id),
    ]
    #expect(
      ChecklistReset.clearChecked.affectedItems(items).map(\.text) == ["Socks", "Done", "Receipt"])
    let cleared = ChecklistReset.clearChecked.apply(to: items)
    #expect(cleared.map(\.text) == ["Pack", "Passport"])
    #expect(cleared.last?.parentID == pack.id, "the unchecked subtask stays under its parent")
    #expect(ChecklistReset.clearChecked.affectedItems(cleared).isEmpty, "done once is done")
  }
}
