import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite struct IOSChecklistsPlistDecodeTests {
  @Test(arguments: ["Checklists.plist", "Checklists-xml.plist"])
  func fixtureDecodesToTheFourLists(file: String) throws {
    let lists = try IOSChecklistsPlist.decode(Fixtures.data(file))
    #expect(lists.map(\.name) == ["Birthdays", "Cool Apps", "Groceries", "To Do"])
    #expect(lists.map(\.icon) == [.birthdays, .folder, .groceries, .chores])
    #expect(lists == Fixtures.expectedLists)
  }

  @Test func birthdaysKeepsItsReminderAndOnlyItsDueDate() throws {
    let birthdays = try #require(IOSChecklistsPlist.decode(Fixtures.binaryPlist()).first)
    let cake = try #require(birthdays.items.first)
    #expect(cake.text == "Buy a cake")
    #expect(cake.shouldRemind)
    #expect(!cake.isChecked)
    #expect(cake.dueDate == Fixtures.date("2026-01-03T00:00:00Z") && cake.dueDateIsKnown)
    #expect(birthdays.items[1].isChecked)
    // The file has 2026-01-01 on this item, which the app never showed (Remind Me is off).
    #expect(!birthdays.items[1].shouldRemind)
    #expect(birthdays.items[1].dueDate == nil && !birthdays.items[1].dueDateIsKnown)
    #expect(cake.id == nil && cake.createdAt == nil && birthdays.id == nil)
  }

  @Test func binaryAndXMLGiveEqualResults() throws {
    let binary = try IOSChecklistsPlist.decode(Fixtures.binaryPlist())
    let xml = try IOSChecklistsPlist.decode(Fixtures.xmlPlist())
    #expect(binary == xml)
  }

  /// Files shaped as the app writes them, in both of its formats.
  enum Shape: String, CaseIterable {
    case emptyArray, listWithoutItems, unicodeNames, tenThousandItems, manyLists, untrimmedText

    var records: [AppChecklist] {
      let due = Date(timeIntervalSinceReferenceDate: 789_000_123.456)
      func items(_ count: Int, prefix: String = "Item") -> [AppChecklistItem] {
        (0..<count).map {
          AppChecklistItem(
            text: "\(prefix) \($0)", checked: $0 % 3 == 0, dueDate: due + Double($0),
            shouldRemind: $0 % 5 == 0, itemID: $0)
        }
      }
      switch self {
      case .emptyArray: return []
      case .listWithoutItems: return [AppChecklist(name: "List", iconName: "No Icon", items: [])]
      case .unicodeNames:
        return [
          AppChecklist(
            name: "Épicerie 🛒", iconName: "Groceries", items: items(3, prefix: "Café ☕️")),
          AppChecklist(name: "日本語のリスト", iconName: "Trips", items: items(2, prefix: "👨‍👩‍👧‍👦")),
        ]
      case .tenThousandItems:
        return [AppChecklist(name: "Big", iconName: "Inbox", items: items(10_000))]
      case .manyLists:
        return (0..<200).map {
          AppChecklist(
            name: "List \($0)", iconName: ChecklistIcon.allCases[$0 % 10].rawValue,
            items: items($0 % 4))
        }
      case .untrimmedText:
        return [AppChecklist(name: "  spaced  ", iconName: "Folder", items: items(1, prefix: " "))]
      }
    }
  }

  @Test(arguments: Shape.allCases, [PropertyListSerialization.PropertyListFormat.binary, .xml])
  func generatedFileDecodes(shape: Shape, format: PropertyListSerialization.PropertyListFormat)
    throws
  {
    let records = shape.records
    let lists = try IOSChecklistsPlist.decode(PlistMaker.encode(records, format: format))
    // XML property lists store dates to the whole second (rounded down); binary ones exactly.
    func stored(_ date: Date) -> Date {
      guard format == .xml else { return date }
      return Date(
        timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down))
    }
    let expected = records.map { record in
      PortableChecklist(
        name: record.name, icon: ChecklistIcon(rawValue: record.iconName)!,
        items: record.items.map {
          PortableItem(
            text: $0.text, isChecked: $0.checked,
            dueDate: $0.shouldRemind ? stored($0.dueDate) : nil, shouldRemind: $0.shouldRemind,
            dueDateIsKnown: $0.shouldRemind)
        })
    }
    #expect(lists.count == expected.count)
    #expect(lists.map(\.items.count) == expected.map(\.items.count))
    #expect(lists == expected)
  }

  @Test(arguments: [
    ("no icon", ChecklistIcon.noIcon), ("groceries", .groceries), ("TRIPS", .trips),
  ])
  func iconNamesMatchLoosely(name: String, icon: ChecklistIcon) throws {
    let data = try PlistMaker.encode([AppChecklist(name: "L", iconName: name, items: [])])
    #expect(try IOSChecklistsPlist.decode(data).first?.icon == icon)
  }
}

@Suite struct IOSChecklistsPlistEncodeTests {
  let now = Date(timeIntervalSinceReferenceDate: 790_000_000)
  let created = Date(timeIntervalSinceReferenceDate: 780_000_000.25)
  let due = Date(timeIntervalSinceReferenceDate: 795_000_000.5)

  var lists: [PortableChecklist] {
    [
      PortableChecklist(
        id: UUID(), name: "Groceries", icon: .groceries, createdAt: created,
        items: [
          PortableItem(text: "Milk", isChecked: true, dueDate: due, shouldRemind: true),
          PortableItem(text: "Eggs 🥚", createdAt: created),
          PortableItem(text: "Bread"),
        ]),
      PortableChecklist(name: "Empty", icon: .noIcon, items: []),
      PortableChecklist(
        name: "To Do", icon: .chores, items: [PortableItem(text: "Walk", shouldRemind: true)]),
    ]
  }

  @Test func outputIsABinaryPlist() throws {
    let data = try IOSChecklistsPlist.encode(lists, now: now)
    #expect(data.starts(with: Array("bplist00".utf8)))
  }

  @Test func theAppsOwnDecoderAcceptsTheOutput() throws {
    let data = try IOSChecklistsPlist.encode(lists, now: now)
    let records = try PropertyListDecoder().decode([AppChecklist].self, from: data)
    #expect(records.map(\.name) == ["Groceries", "Empty", "To Do"])
    #expect(records.map(\.iconName) == ["Groceries", "No Icon", "Chores"])
    let items = records.flatMap(\.items)
    #expect(items.map(\.itemID) == [0, 1, 2, 3])
    #expect(items.map(\.text) == ["Milk", "Eggs 🥚", "Bread", "Walk"])
    #expect(items.map(\.checked) == [true, false, false, false])
    #expect(items.map(\.shouldRemind) == [true, false, false, true])
    // A missing due date becomes the creation date when known, else `now`, as in the app.
    #expect(items.map(\.dueDate) == [due, created, now, now])
  }

  @Test func everyRecordHasEveryKey() throws {
    let data = try IOSChecklistsPlist.encode(lists, now: now)
    let tree = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    let records = try #require(tree as? [[String: Any]])
    for record in records {
      #expect(Set(record.keys) == ["name", "iconName", "items"])
      for item in try #require(record["items"] as? [[String: Any]]) {
        #expect(Set(item.keys) == ["text", "checked", "dueDate", "shouldRemind", "itemID"])
      }
    }
  }

  @Test func roundTripKeepsWhatTheAppsFileCanHold() throws {
    let data = try IOSChecklistsPlist.encode(lists, now: now)
    let back = try IOSChecklistsPlist.decode(data)
    var expected = lists
    for list in expected.indices {
      expected[list].id = nil
      expected[list].createdAt = nil
      for item in expected[list].items.indices {
        let original = expected[list].items[item]
        // Every item is written with a date; only those with Remind Me read back with one.
        expected[list].items[item].dueDate =
          original.shouldRemind ? original.dueDate ?? original.createdAt ?? now : nil
        expected[list].items[item].dueDateIsKnown = original.shouldRemind
        expected[list].items[item].createdAt = nil
      }
    }
    #expect(back == expected)
  }

  @Test func fixtureRoundTripsUnchanged() throws {
    let lists = try IOSChecklistsPlist.decode(Fixtures.binaryPlist())
    let data = try IOSChecklistsPlist.encode(lists, now: now)
    #expect(try IOSChecklistsPlist.decode(data) == lists)
    var original = try PropertyListDecoder().decode(
      [AppChecklist].self, from: Fixtures.binaryPlist())
    // The dates the app kept without showing are not kept: those items get `now`, as the app
    // gives a new item.
    for list in original.indices {
      for item in original[list].items.indices where !original[list].items[item].shouldRemind {
        original[list].items[item].dueDate = now
      }
    }
    #expect(try PropertyListDecoder().decode([AppChecklist].self, from: data) == original)
  }

  @Test func tenThousandItemsAreNumberedInFileOrder() throws {
    let big = (0..<4).map { list in
      PortableChecklist(
        name: "L\(list)", icon: .inbox,
        items: (0..<2_500).map { PortableItem(text: "Item \(list)-\($0)") })
    }
    let data = try IOSChecklistsPlist.encode(big, now: now)
    let records = try PropertyListDecoder().decode([AppChecklist].self, from: data)
    #expect(records.flatMap(\.items).map(\.itemID) == Array(0..<10_000))
    #expect(try IOSChecklistsPlist.decode(data).map(\.items.count) == [2_500, 2_500, 2_500, 2_500])
  }

  @Test func emptyExportIsAnEmptyArray() throws {
    let data = try IOSChecklistsPlist.encode([], now: now)
    #expect(try PropertyListDecoder().decode([AppChecklist].self, from: data) == [])
    #expect(try IOSChecklistsPlist.decode(data) == [])
  }
}
