import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

/// Encodes the keys of the Shopping List app's `Item` so that a test can write an `items` file on
/// Linux; `write` decides which keys and values the archive gets.
final class ArchivedShoppingItem: NSObject, NSCoding {
  let write: (NSCoder) -> Void

  init(write: @escaping (NSCoder) -> Void) {
    self.write = write
  }

  /// An item with all four keys, as the app writes it.
  convenience init(uuid: String, name: String, price: Float, inShoppingList: Bool) {
    self.init { coder in
      coder.encode(uuid, forKey: "uuid")
      coder.encode(name, forKey: "name")
      coder.encode(price, forKey: "price")
      coder.encode(inShoppingList, forKey: "inShoppingList")
    }
  }

  required init?(coder: NSCoder) { nil }

  func encode(with coder: NSCoder) { write(coder) }
}

@Suite struct ShoppingListItemsFileTests {
  typealias Item = ShoppingListItemsFile.Item

  /// Archives `root` under the key `root`, as the app does, naming the item class as the app does.
  func archive(_ root: Any, key: String = "root") -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.setClassName("Shopping_List.Item", for: ArchivedShoppingItem.self)
    archiver.encode(root, forKey: key)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  func item(_ name: String, price: Float = 1, on: Bool = false, uuid: UUID = UUID())
    -> ArchivedShoppingItem
  {
    ArchivedShoppingItem(uuid: uuid.uuidString, name: name, price: price, inShoppingList: on)
  }

  // MARK: - Files the app writes

  @Test func fixtureDecodesInOrder() throws {
    let items = try ShoppingListItemsFile.decode(Fixtures.data("items"))
    let expected: [(String, Float, Bool, String)] = [
      ("Pear", 62.5, false, "0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F"),
      ("Notepad", 2.53, true, "1C8D6A3F-4B6D-4D2F-8D4A-2B3C4D5E6F70"),
      ("Pencil", 0.35, false, "2D9E7B4A-5C7E-4E3A-9E5B-3C4D5E6F7081"),
      ("Bread", 3.12, true, "3EAF8C5B-6D8F-4F4B-AF6C-4D5E6F708192"),
      ("Mango", 1.25, false, "4FB09D6C-7E90-405C-B07D-5E6F708192A3"),
    ]
    try #require(items.count == expected.count)
    for (item, (name, price, onList, uuid)) in zip(items, expected) {
      #expect(item.name == name)
      #expect(abs(item.price - Double(price)) < 1e-6, "\(name): \(item.price)")
      #expect(item.isOnShoppingList == onList, "\(name)")
      #expect(item.id == UUID(uuidString: uuid), "\(name)")
    }
    // The price is the app's Float as stored, not rounded to cents.
    #expect(items[1].price == Double(Float(2.53)))
    #expect(items[1].price != 2.53)
  }

  @Test func fixtureAsXMLDecodesTheSame() throws {
    let binary = try Fixtures.data("items")
    let tree = try PropertyListSerialization.propertyList(from: binary, options: [], format: nil)
    let xml = try PlistMaker.serialize(tree, format: .xml)
    #expect(try ShoppingListItemsFile.decode(xml) == ShoppingListItemsFile.decode(binary))
  }

  @Test func emptyListDecodes() throws {
    let data = archive([ArchivedShoppingItem]())
    #expect(data.starts(with: Array("bplist00".utf8)))
    #expect(try ShoppingListItemsFile.decode(data) == [])
  }

  @Test func thousandItemsDecodeInOrder() throws {
    let uuids = (0..<1_000).map { _ in UUID() }
    let data = archive(
      uuids.enumerated().map { index, uuid in
        item("Item \(index)", price: Float(index) / 4, on: index % 3 == 0, uuid: uuid)
      })
    let items = try ShoppingListItemsFile.decode(data)
    #expect(items.count == 1_000)
    #expect(items.map(\.name) == (0..<1_000).map { "Item \($0)" })
    #expect(items.map(\.id) == uuids)
    #expect(items.map(\.price) == (0..<1_000).map { Double(Float($0) / 4) })
    #expect(items.map(\.isOnShoppingList) == (0..<1_000).map { $0 % 3 == 0 })
  }

  @Test func unicodeNamesAndOddValuesPassThrough() throws {
    let id = UUID()
    let data = archive([
      item("Crème brûlée 🍮", price: 4.5, on: true, uuid: id),
      item("日本茶", price: 0),
      item("  spaced  ", price: -2),
      ArchivedShoppingItem(uuid: "not-a-uuid", name: "", price: 1, inShoppingList: false),
    ])
    let items = try ShoppingListItemsFile.decode(data)
    #expect(
      items == [
        Item(id: id, name: "Crème brûlée 🍮", price: 4.5, isOnShoppingList: true),
        Item(id: items[1].id, name: "日本茶", price: 0, isOnShoppingList: false),
        Item(id: items[2].id, name: "  spaced  ", price: -2, isOnShoppingList: false),
        Item(id: nil, name: "", price: 1, isOnShoppingList: false),
      ])
    #expect(items[1].id != nil)
  }

  @Test func missingOptionalKeysTakeNSCoderDefaults() throws {
    let data = archive([ArchivedShoppingItem { $0.encode("Salt", forKey: "name") }])
    #expect(
      try ShoppingListItemsFile.decode(data) == [
        Item(id: nil, name: "Salt", price: 0, isOnShoppingList: false)
      ])
  }

  // MARK: - Files it must refuse

  @Test func emptyFileIsRefused() {
    expectUnreadable(["The file is empty."]) { try ShoppingListItemsFile.decode(Data()) }
  }

  @Test(arguments: [8, 9, 40, 200, 400, -33, -1])
  func truncatedFixtureIsRefused(length: Int) throws {
    let data = try Fixtures.data("items")
    let cut = data.prefix(length > 0 ? length : data.count + length)
    expectUnreadable(["damaged or truncated", "binary property list"]) {
      try ShoppingListItemsFile.decode(cut)
    }
  }

  @Test(arguments: [1, 5])
  func headerFragmentIsRefused(length: Int) throws {
    let cut = try Fixtures.data("items").prefix(length)
    expectUnreadable([
      "This is not an items file from the Shopping List app", "not a keyed archive",
    ]) {
      try ShoppingListItemsFile.decode(cut)
    }
  }

  @Test func checklistsPlistIsRefused() throws {
    let data = try Fixtures.binaryPlist()
    expectUnreadable(["not a keyed archive", "Checklists app's Checklists.plist"]) {
      try ShoppingListItemsFile.decode(data)
    }
  }

  @Test func jsonIsRefused() {
    let json = Data(#"[{"name": "Pear", "price": 62.5}]"#.utf8)
    expectUnreadable(["This is not an items file", "it is a JSON file, not a keyed archive."]) {
      try ShoppingListItemsFile.decode(json)
    }
  }

  @Test func randomBytesAreRefused() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<512).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56) | 0x80
    }
    expectUnreadable(["file of an unknown kind, not a keyed archive"]) {
      try ShoppingListItemsFile.decode(Data(bytes))
    }
    let afterHeader = Data(Array("bplist00".utf8) + bytes)
    expectUnreadable(["damaged or truncated"]) {
      try ShoppingListItemsFile.decode(afterHeader)
    }
  }

  @Test func dictionaryRootIsRefused() {
    let data = archive(["Pear": item("Pear")] as NSDictionary)
    expectUnreadable(["'root' entry", "NSDictionary", "expected an array of items"]) {
      try ShoppingListItemsFile.decode(data)
    }
  }

  @Test func archiveUnderAnotherKeyIsRefused() {
    let data = archive([item("Pear")], key: "Checklists")
    expectUnreadable(["keyed archive (NSKeyedArchiver) without a 'root' entry"]) {
      try ShoppingListItemsFile.decode(data)
    }
  }

  @Test func plainPropertyListIsRefused() throws {
    let data = try PlistMaker.serialize(["root": ["Pear"]])
    expectUnreadable(["a property list but not a keyed archive (NSKeyedArchiver)."]) {
      try ShoppingListItemsFile.decode(data)
    }
  }

  @Test func itemWithoutNameIsRefused() {
    let data = archive([
      item("Pear"),
      ArchivedShoppingItem {
        $0.encode(UUID().uuidString, forKey: "uuid")
        $0.encode(Float(1), forKey: "price")
      },
    ])
    let message = expectUnreadable(["Item 2: 'name' is missing."]) {
      try ShoppingListItemsFile.decode(data)
    }
    #expect(message == "Item 2: 'name' is missing.")
  }

  @Test func wrongTypesNameTheItemAndKey() {
    let cases: [(ArchivedShoppingItem, String)] = [
      (ArchivedShoppingItem { $0.encode(42, forKey: "name") }, "Item 1: 'name' must be text"),
      (
        ArchivedShoppingItem {
          $0.encode("Pear", forKey: "name")
          $0.encode("cheap", forKey: "price")
        }, "Item 1 ('Pear'): 'price' must be a number, not text."
      ),
      (
        ArchivedShoppingItem {
          $0.encode("Pear", forKey: "name")
          $0.encode(7, forKey: "uuid")
        }, "Item 1 ('Pear'): 'uuid' must be text"
      ),
      (
        ArchivedShoppingItem {
          $0.encode("Pear", forKey: "name")
          $0.encode("yes", forKey: "inShoppingList")
        }, "Item 1 ('Pear'): 'inShoppingList' must be true or false, not text."
      ),
    ]
    for (bad, message) in cases {
      expectUnreadable([message]) { try ShoppingListItemsFile.decode(archive([bad])) }
    }
  }

  @Test func itemThatIsNotAnObjectIsRefused() {
    let data = archive([item("Pear"), "Notepad"] as [Any])
    expectUnreadable(["Item 2 is text, not an archived item."]) {
      try ShoppingListItemsFile.decode(data)
    }
  }

  @Test(arguments: [Float.nan, .infinity, -.infinity])
  func nonFinitePriceIsRefused(price: Float) {
    let data = archive([item("Pear"), item("Notepad", price: price)])
    let problem = price.isNaN ? "NaN (not a number)" : "infinite"
    let message = expectUnreadable(["Item 2 ('Notepad'): 'price' is \(problem)"]) {
      try ShoppingListItemsFile.decode(data)
    }
    #expect(message == "Item 2 ('Notepad'): 'price' is \(problem); it must be a finite number.")
  }
}
