import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Testing

/// Dead properties had no bound: 30 PROPPATCHes of 900 KB each grew the database by 105 MB, and
/// an editor of a shared list could do it to the owner. One property may have 16 KiB, a
/// collection 64 of them and 64 KiB in all; a change past any of these keeps nothing.
@Suite("CalDAV collection properties: one property, their number and their bytes are bounded")
struct CalendarPropertyLimitTests {
  /// A dead property of exactly `bytes` bytes of XML: its Clark name and its text.
  static func property(_ name: String, bytes: Int) -> (key: String, xml: String) {
    let open = "<x:\(name) xmlns:x=\"urn:test\">"
    let close = "</x:\(name)>"
    let filler = String(repeating: "a", count: bytes - open.utf8.count - close.utf8.count)
    return ("{urn:test}\(name)", open + filler + close)
  }

  /// The bytes of the `dead_properties` column of a list's row; nil without a row.
  static func storedBytes(_ home: CalendarHousehold, _ listID: UUID) throws -> Int? {
    try home.store.queue.read { db in
      try db.queryFirst(
        "SELECT dead_properties FROM calendar_collections WHERE list_id = ?", listID
      ) { $0.string(0).utf8.count }
    }
  }

  @Test(
    "Thirty changes of 900 KB each by an editor of a shared list keep nothing",
    arguments: StoreKind.allCases)
  func editorsHugeProperties(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Groceries")
    try home.share(list.id, role: .editor)
    for attempt in 0..<30 {
      let (key, xml) = Self.property("big\(attempt)", bytes: 900_000)
      let error = try #require(throws: CalendarPropertyLimitError.self) {
        try home.bob.calendar.updateCollection(listID: list.id, dead: [key: xml])
      }
      #expect(error.limit == .propertyBytes)
      #expect(error.properties == [key])
      #expect(
        error.message
          == "The property \(key) has 900000 bytes as XML; a property may have at most 16384.")
    }
    #expect(try home.alice.calendar.collection(listID: list.id).properties.deadProperties == [:])
    #expect(try Self.storedBytes(home, list.id) ?? 0 < 100)
  }

  @Test(
    "A refused change keeps nothing of itself, the name and the colour neither",
    arguments: StoreKind.allCases)
  func refusedChangeIsWhole(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Chores")
    let small = Self.property("small", bytes: 100)
    let big = Self.property("big", bytes: CalendarCollectionProperties.maxPropertyBytes + 1)
    #expect(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.updateCollection(
        listID: list.id, name: "Renamed", color: "#FF0000", order: 4,
        dead: [small.key: small.xml, big.key: big.xml])
    }
    let collection = try home.alice.calendar.collection(listID: list.id)
    #expect(collection.name == "Chores")
    #expect(collection.properties == CalendarCollectionProperties())
    // 16 KiB exactly is fine.
    let most = Self.property("most", bytes: CalendarCollectionProperties.maxPropertyBytes)
    try home.alice.calendar.updateCollection(listID: list.id, dead: [most.key: most.xml])
    // So is a colour of 16 KiB; one byte more is not.
    let color = String(repeating: "#", count: CalendarCollectionProperties.maxPropertyBytes + 1)
    let error = try #require(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.updateCollection(listID: list.id, color: .some(color))
    }
    #expect(error.properties == [CalendarCollectionProperties.colorProperty])
    #expect(error.message == "calendar-color has 16385 bytes; a property may have at most 16384.")
  }

  @Test("A collection keeps at most 64 dead properties", arguments: StoreKind.allCases)
  func count(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Chores")
    var dead: [String: String?] = [:]
    for index in 0..<64 {
      let property = Self.property("p\(index)", bytes: 60)
      dead[property.key] = property.xml
    }
    try home.alice.calendar.updateCollection(listID: list.id, dead: dead)
    let extra = Self.property("extra", bytes: 60)
    let error = try #require(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.updateCollection(listID: list.id, dead: [extra.key: extra.xml])
    }
    #expect(error.limit == .propertyCount)
    #expect(error.properties == [extra.key])
    #expect(
      error.message
        == "A calendar may keep at most 64 properties besides its name, colour and order; this change would make 65."
    )
    // One out, another in: still 64.
    try home.alice.calendar.updateCollection(
      listID: list.id, dead: ["{urn:test}p0": nil, extra.key: extra.xml])
    let kept = try home.alice.calendar.collection(listID: list.id).properties.deadProperties
    #expect(kept.count == 64)
    #expect(kept[extra.key] == extra.xml)
  }

  @Test(
    "A collection's dead properties and colour have at most 64 KiB in all",
    arguments: StoreKind.allCases)
  func total(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Chores")
    for index in 0..<4 {
      let property = Self.property("p\(index)", bytes: 16_000)
      try home.alice.calendar.updateCollection(listID: list.id, dead: [property.key: property.xml])
    }
    // 64,000 bytes kept: 1,536 more fit, as a colour; then not one byte.
    try home.alice.calendar.updateCollection(
      listID: list.id, color: .some(String(repeating: "#", count: 1_536)))
    let one = Self.property("one", bytes: 40)
    let error = try #require(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.updateCollection(listID: list.id, dead: [one.key: one.xml])
    }
    #expect(error.limit == .totalBytes)
    #expect(
      error.message
        == "A calendar's properties may have at most 65536 bytes in all; this change would make 65576."
    )
    #expect(try home.alice.calendar.collection(listID: list.id).properties.storedBytes == 65_536)
    #expect(try Self.storedBytes(home, list.id) ?? 0 < 66_000)
  }

  @Test("MKCALENDAR with too much makes no list", arguments: StoreKind.allCases)
  func create(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let before = try home.alice.checklists.checklists().count
    let big = Self.property("big", bytes: 20_000)
    let error = try #require(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.createCollection(name: "Big", dead: [big.key: big.xml])
    }
    #expect(error.limit == .propertyBytes)
    #expect(try home.alice.checklists.checklists().count == before)
    #expect(try home.count("calendar_collections") == 0)
  }

  @Test(
    "A collection past the limits from before them can shrink but not grow",
    arguments: StoreKind.allCases)
  func shrinkFromBefore(kind: StoreKind) throws {
    let home = try CalendarHousehold(kind)
    let list = try home.alice.checklists.createList(named: "Chores")
    var old = CalendarCollectionProperties()
    for index in 0..<70 {
      let property = Self.property("p\(index)", bytes: 2_000)
      old.deadProperties[property.key] = property.xml
    }
    try home.store.writeCalendar { tx in
      try tx.saveCalendarCollectionProperties(old, listID: list.id)
    }
    // Removing and recolouring are fine; a new property is not.
    try home.alice.calendar.updateCollection(
      listID: list.id, color: "#00FF00", dead: ["{urn:test}p0": nil, "{urn:test}p1": nil])
    let extra = Self.property("extra", bytes: 60)
    #expect(throws: CalendarPropertyLimitError.self) {
      try home.alice.calendar.updateCollection(listID: list.id, dead: [extra.key: extra.xml])
    }
    #expect(
      try home.alice.calendar.collection(listID: list.id).properties.deadProperties.count == 68)
  }
}
