import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

/// The older editions of the app archived their lists with `NSKeyedArchiver`; these classes
/// encode the same keys so that the test can write such a file on Linux.
final class LegacyChecklist: NSObject, NSCoding {
  let name: String
  let iconName: String?
  let items: [LegacyChecklistItem]

  init(name: String, iconName: String?, items: [LegacyChecklistItem]) {
    self.name = name
    self.iconName = iconName
    self.items = items
  }

  required init?(coder: NSCoder) { nil }

  func encode(with coder: NSCoder) {
    coder.encode(name, forKey: "Name")
    if let iconName { coder.encode(iconName, forKey: "IconName") }
    coder.encode(items, forKey: "Items")
  }
}

final class LegacyChecklistItem: NSObject, NSCoding {
  let text: String
  let checked: Bool
  let dueDate: Date?
  let shouldRemind: Bool
  let itemID: Int

  init(text: String, checked: Bool, dueDate: Date?, shouldRemind: Bool, itemID: Int) {
    self.text = text
    self.checked = checked
    self.dueDate = dueDate
    self.shouldRemind = shouldRemind
    self.itemID = itemID
  }

  required init?(coder: NSCoder) { nil }

  func encode(with coder: NSCoder) {
    coder.encode(text, forKey: "Text")
    coder.encode(checked, forKey: "Checked")
    if let dueDate { coder.encode(dueDate, forKey: "DueDate") }
    coder.encode(shouldRemind, forKey: "ShouldRemind")
    coder.encode(itemID, forKey: "ItemID")
  }
}

@Suite struct KeyedArchiveTests {
  let due = Date(timeIntervalSinceReferenceDate: 788_918_400.125)

  func archive(_ lists: [LegacyChecklist], key: String = "Checklists") -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.encode(lists, forKey: key)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  var legacyLists: [LegacyChecklist] {
    [
      LegacyChecklist(
        name: "Groceries", iconName: "Groceries",
        items: [
          LegacyChecklistItem(
            text: "Milk", checked: true, dueDate: due, shouldRemind: false, itemID: 0),
          LegacyChecklistItem(
            text: "Eggs 🥚", checked: false, dueDate: due, shouldRemind: true, itemID: 1),
        ]),
      LegacyChecklist(name: "Before icons", iconName: nil, items: []),
      LegacyChecklist(
        name: "Before due dates", iconName: "Chores",
        items: [
          LegacyChecklistItem(
            text: "Walk", checked: false, dueDate: nil, shouldRemind: false, itemID: 2)
        ]),
    ]
  }

  var expected: [PortableChecklist] {
    [
      PortableChecklist(
        name: "Groceries", icon: .groceries,
        items: [
          // Without Remind Me the app showed no date: none is kept.
          PortableItem(text: "Milk", isChecked: true, dueDateIsKnown: false),
          PortableItem(text: "Eggs 🥚", dueDate: due, shouldRemind: true),
        ]),
      PortableChecklist(name: "Before icons", icon: .noIcon, items: []),
      PortableChecklist(
        name: "Before due dates", icon: .chores,
        items: [PortableItem(text: "Walk", dueDateIsKnown: false)]),
    ]
  }

  @Test func binaryKeyedArchiveDecodes() throws {
    let data = archive(legacyLists)
    #expect(data.starts(with: Array("bplist00".utf8)))
    #expect(try IOSChecklistsPlist.decode(data) == expected)
    #expect(try ChecklistsFile.read(data) == expected)
  }

  @Test func xmlKeyedArchiveDecodes() throws {
    let tree = try PropertyListSerialization.propertyList(
      from: archive(legacyLists), options: [], format: nil)
    let xml = try PlistMaker.serialize(tree, format: .xml)
    #expect(String(decoding: xml, as: UTF8.self).contains("CF$UID"))
    // The archive stores dates as `NS.time` numbers, so even XML keeps them exactly.
    #expect(try IOSChecklistsPlist.decode(xml) == expected)
  }

  @Test func emptyArchiveHasNoLists() throws {
    #expect(try IOSChecklistsPlist.decode(archive([])) == [])
  }

  @Test func archiveUnderAnotherKeyIsRefused() {
    let data = archive(legacyLists, key: "root")
    expectUnreadable(["keyed archive", "without a 'Checklists' entry"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test func unknownIconInAnArchiveNamesTheList() {
    let data = archive([LegacyChecklist(name: "Fun", iconName: "Rocket", items: [])])
    expectUnreadable(["Checklist 1 ('Fun')", "unknown icon 'Rocket'"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }
}
