import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

/// Damaged, foreign and malformed files: each must fail with a message that says what is wrong.
@Suite struct UnreadablePlistTests {
  @Test func emptyFile() {
    expectUnreadable(["The file is empty."]) { try IOSChecklistsPlist.decode(Data()) }
    expectUnreadable(["The file is empty."]) { try ChecklistsFile.read(Data()) }
  }

  @Test(arguments: [1, 7, 8, 9, 16, 40, 100, 300, 500, 560, 591])
  func truncatedBinaryFixture(length: Int) throws {
    let data = try Fixtures.binaryPlist().prefix(length)
    let expected = length < 8 ? "not a property list" : "damaged or truncated"
    expectUnreadable([expected]) { try IOSChecklistsPlist.decode(data) }
    expectUnreadable([]) { try ChecklistsFile.read(data) }
  }

  @Test(arguments: [100, 1_000, 2_000, 3_300])
  func truncatedXMLFixture(length: Int) throws {
    let data = try Fixtures.xmlPlist().prefix(length)
    expectUnreadable(["damaged or truncated", "XML property list"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test(arguments: 1...8)
  func randomBytes(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let data = Data(
      (0..<(Int(seed) * 97)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    expectUnreadable([]) { try IOSChecklistsPlist.decode(data) }
    expectUnreadable([]) { try ChecklistsFile.read(data) }
  }

  @Test func randomBytesAfterABinaryHeader() {
    var generator = SplitMix64(seed: 42)
    let data =
      Data("bplist00".utf8)
      + Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) })
    expectUnreadable(["damaged or truncated"]) { try IOSChecklistsPlist.decode(data) }
  }

  @Test func pngImage() {
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48])
    expectUnreadable(["not a Checklists.plist", "PNG image"]) { try IOSChecklistsPlist.decode(png) }
    expectUnreadable(["nor a Checklists JSON backup", "PNG image"]) { try ChecklistsFile.read(png) }
  }

  @Test func jsonIsNotAPlist() {
    let json = Data(#"{"name": "Groceries"}"#.utf8)
    expectUnreadable(["not a Checklists.plist", "JSON file"]) {
      try IOSChecklistsPlist.decode(json)
    }
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
  func dictionaryRoot(format: PropertyListSerialization.PropertyListFormat) throws {
    let data = try PlistMaker.serialize(["name": "Groceries"], format: format)
    expectUnreadable(["not a Checklists.plist", "root is a dictionary", "expected an array"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test func stringRoot() throws {
    let data = try PlistMaker.serialize("hello")
    expectUnreadable(["root is text"]) { try IOSChecklistsPlist.decode(data) }
  }

  @Test(arguments: ["checked", "text", "dueDate", "shouldRemind", "itemID"])
  func itemMissingAKey(key: String) throws {
    let data = try PlistMaker.fixtureEdited { lists in
      PlistMaker.editItem(&lists, list: 3, item: 1) { $0.removeValue(forKey: key) }
    }
    expectUnreadable(["Checklist 4 ('To Do'), item 2: '\(key)' is missing."]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test(arguments: ["name", "iconName", "items"])
  func listMissingAKey(key: String) throws {
    let data = try PlistMaker.fixtureEdited(format: .xml) { $0[1].removeValue(forKey: key) }
    let list = key == "name" ? "Checklist 2:" : "Checklist 2 ('Cool Apps'):"
    expectUnreadable(["\(list) '\(key)' is missing."]) { try IOSChecklistsPlist.decode(data) }
  }

  @Test(arguments: [
    ("checked", "yes" as any Sendable, "'checked' must be true or false."),
    ("checked", 1, "'checked' must be true or false."),
    ("text", 42, "'text' must be text."),
    ("dueDate", "tomorrow", "'dueDate' must be a date."),
    ("itemID", "seven", "'itemID' must be a whole number."),
  ])
  func itemValueOfTheWrongType(key: String, value: any Sendable, message: String) throws {
    let data = try PlistMaker.fixtureEdited { lists in
      PlistMaker.editItem(&lists, list: 0, item: 1) { $0[key] = value }
    }
    expectUnreadable(["Checklist 1 ('Birthdays'), item 2: \(message)"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test func itemsThatAreNotAnArray() throws {
    let data = try PlistMaker.fixtureEdited { $0[2]["items"] = "Milk, Eggs" }
    expectUnreadable(["Checklist 3 ('Groceries'): 'items' must be an array."]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test func checklistThatIsNotADictionary() throws {
    let data = try PlistMaker.serialize(["Groceries"])
    expectUnreadable(["Checklist 1 must be a dictionary."]) { try IOSChecklistsPlist.decode(data) }
  }

  @Test func unknownIconNamesTheList() throws {
    let data = try PlistMaker.fixtureEdited { $0[2]["iconName"] = "Rocket" }
    expectUnreadable(["Checklist 3 ('Groceries')", "unknown icon 'Rocket'", "Trips"]) {
      try IOSChecklistsPlist.decode(data)
    }
  }

  @Test func shoppingListArchiveIsNotAChecklistsFile() throws {
    let items = try Fixtures.data("items")
    expectUnreadable(["not a Checklists.plist", "keyed archive", "'Checklists'"]) {
      try IOSChecklistsPlist.decode(items)
    }
  }
}

/// A small seeded generator, so that "random" files are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
