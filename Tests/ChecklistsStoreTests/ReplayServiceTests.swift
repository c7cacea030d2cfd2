import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

/// Writes that are safe to send twice, on every store: creates with the client's id, moves
/// after another item, and deletes of what is already gone (docs/SYNC.md cites these).
@Suite("Replay-safe writes on every store")
struct ReplayServiceTests {
  static func shopping(_ service: ChecklistService) throws -> ShoppingService {
    let store = try #require(service.store as? any ShoppingStore)
    return try ShoppingService.open(
      store: store, owner: service.owner, currency: .euro, now: service.now)
  }

  @Test(
    "A create sent again with its id answers the first one and logs nothing",
    arguments: StoreKind.allCases)
  func replayedCreate(kind: StoreKind) throws {
    let service = try kind.makeService()
    let shopping = try Self.shopping(service)
    let (listID, itemID, catalogueID, shoppingID) = (UUID(), UUID(), UUID(), UUID())

    let list = try service.createList(id: listID, named: " Groceries ", icon: .groceries)
    #expect(list.isNew && list.list.id == listID && list.list.name == "Groceries")
    let item = try service.addItem(id: itemID, "Milk", to: listID)
    #expect(item.isNew && item.item.id == itemID)
    let entry = try shopping.addItem(id: catalogueID, named: "Oat milk", unit: "1 l")
    #expect(entry.isNew && entry.item.id == catalogueID)
    let shoppingList = try shopping.createList(id: shoppingID, named: "Market")
    #expect(shoppingList.isNew && shoppingList.list.id == shoppingID)
    let sequence = try service.lastChangeSequence()

    // Normalised as the first: the trimmed name is the same name.
    let again = try service.createList(id: listID, named: "Groceries  ", icon: .groceries)
    #expect(!again.isNew && again.list.id == listID && again.list.name == "Groceries")
    let itemAgain = try service.addItem(id: itemID, " Milk", to: listID)
    #expect(!itemAgain.isNew && itemAgain.item == item.item)
    let entryAgain = try shopping.addItem(id: catalogueID, named: "Oat milk", unit: "1 l")
    #expect(!entryAgain.isNew && entryAgain.item == entry.item)
    let shoppingAgain = try shopping.createList(id: shoppingID, named: "Market")
    #expect(!shoppingAgain.isNew && shoppingAgain.list.id == shoppingID)

    #expect(try service.lastChangeSequence() == sequence)
    #expect(try service.checklists().filter { $0.name == "Groceries" }.count == 1)
    #expect(try service.checklistWithItems(id: listID).1.map(\.text) == ["Milk"])
  }

  @Test(
    "The same id with other content, or of another kind, is a conflict that names it",
    arguments: StoreKind.allCases)
  func createWithTakenID(kind: StoreKind) throws {
    let service = try kind.makeService()
    let shopping = try Self.shopping(service)
    let listID = UUID()
    try service.createList(id: listID, named: "Groceries")
    let other = #expect(throws: ChecklistsError.self) {
      try service.createList(id: listID, named: "Hardware", icon: .inbox)
    }
    #expect(other?.code == .conflict)
    #expect(
      other?.message
        == "A list with id \(listID.uuidString) already exists with other content: 'name' is "
        + "\"Groceries\" (this request: \"Hardware\"), 'icon' is \"Folder\" (this request: "
        + "\"Inbox\").")
    for create in [
      { _ = try service.addItem(id: listID, "Milk", to: listID) },
      { _ = try shopping.createList(id: listID, named: "Market") },
      { _ = try shopping.addItem(id: listID, named: "Milk") },
    ] {
      let taken = #expect(throws: ChecklistsError.self) { try create() }
      #expect(taken?.code == .conflict)
      #expect(taken?.message == "The id \(listID.uuidString) is already taken; choose another id.")
    }
  }

  @Test(
    "A deleted thing's id stays spent: its create, sent late, does not bring it back",
    arguments: StoreKind.allCases)
  func createAfterDelete(kind: StoreKind) throws {
    let service = try kind.makeService()
    let shopping = try Self.shopping(service)
    let (listID, itemID, keptItemID, catalogueID) = (UUID(), UUID(), UUID(), UUID())
    try service.createList(id: listID, named: "Groceries")
    try service.addItem(id: itemID, "Milk", to: listID)
    try service.deleteItem(id: itemID)
    let item = #expect(throws: ChecklistsError.self) {
      try service.addItem(id: itemID, "Milk", to: listID)
    }
    #expect(item?.code == .conflict)
    #expect(
      item?.message
        == "The item with id \(itemID.uuidString) was deleted; a create with its id does not "
        + "bring it back. Choose a new id to make it again.")

    // A list takes its items with it: both ids stay spent.
    try service.addItem(id: keptItemID, "Eggs", to: listID)
    try service.deleteList(id: listID)
    let list = #expect(throws: ChecklistsError.self) {
      try service.createList(id: listID, named: "Groceries")
    }
    #expect(list?.message.contains("The list with id \(listID.uuidString) was deleted") == true)
    let other = try service.createList(named: "Other")
    let moved = #expect(throws: ChecklistsError.self) {
      try service.addItem(id: keptItemID, "Eggs", to: other.id)
    }
    #expect(
      moved?.message == "The id \(keptItemID.uuidString) is already taken; choose another id.")

    try shopping.addItem(id: catalogueID, named: "Oat milk")
    try shopping.deleteItem(id: catalogueID)
    let catalogue = #expect(throws: ChecklistsError.self) {
      try shopping.addItem(id: catalogueID, named: "Oat milk")
    }
    #expect(catalogue?.message.contains("catalogue item with id") == true)
  }

  @Test(
    "Deleting what is gone says it does not exist or was already deleted",
    arguments: StoreKind.allCases)
  func replayedDelete(kind: StoreKind) throws {
    let service = try kind.makeService()
    let shopping = try Self.shopping(service)
    let list = try service.createList(named: "Groceries")
    let item = try service.addItem("Milk", to: list.id)
    try service.deleteItem(id: item.id)
    let again = #expect(throws: ChecklistsError.self) { try service.deleteItem(id: item.id) }
    #expect(again?.code == .notFound)
    #expect(
      again?.message
        == "There is no item with id \(item.id.uuidString): it does not exist or was already "
        + "deleted.")
    try service.deleteList(id: list.id)
    let listAgain = #expect(throws: ChecklistsError.self) { try service.deleteList(id: list.id) }
    #expect(listAgain?.message.hasSuffix("it does not exist or was already deleted.") == true)

    let market = try shopping.createList(named: "Market")
    let (milk, _, _) = try shopping.put(named: "Milk", onList: market.id)
    try shopping.removeEntry(itemID: milk.id, fromList: market.id)
    let entry = #expect(throws: ChecklistsError.self) {
      try shopping.removeEntry(itemID: milk.id, fromList: market.id)
    }
    #expect(
      entry?.message
        == "'Milk' is not on the shopping list 'Market': it was never put on it or was already "
        + "taken off.")
    try shopping.deleteItem(id: milk.id)
    #expect(throws: ChecklistsError.alreadyDeleted("catalogue item", id: milk.id)) {
      try shopping.deleteItem(id: milk.id)
    }
    try shopping.deleteList(id: market.id)
    #expect(throws: ChecklistsError.alreadyDeleted("shopping list", id: market.id)) {
      try shopping.deleteList(id: market.id)
    }
  }

  @Test(
    "Adding to a list that was deleted meanwhile says so and adds nothing",
    arguments: StoreKind.allCases)
  func itemAddedToDeletedList(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    try service.deleteList(id: list.id)
    let sequence = try service.lastChangeSequence()
    let error = #expect(throws: ChecklistsError.self) {
      try service.addItem(id: UUID(), "Milk", to: list.id)
    }
    #expect(error?.code == .notFound)
    #expect(
      error?.message
        == "There is no list with id \(list.id.uuidString): it does not exist or was deleted, "
        + "so the item was not added.")
    #expect(try service.lastChangeSequence() == sequence)
  }

  @Test(
    "The same name added twice to the catalogue is one item; other details conflict",
    arguments: StoreKind.allCases)
  func sameNameTwice(kind: StoreKind) throws {
    let service = try kind.makeService()
    let shopping = try Self.shopping(service)
    let first = try shopping.addItem(id: UUID(), named: "Oat milk", unit: "1 l")
    let second = try shopping.addItem(id: UUID(), named: "oat MILK")
    #expect(!second.isNew && second.item == first.item)
    let same = try shopping.addItem(id: nil, named: "Oat milk", unit: "1 l")
    #expect(!same.isNew && same.item.id == first.item.id)
    let other = #expect(throws: ChecklistsError.self) {
      try shopping.addItem(id: nil, named: "Oat milk", unit: "500 ml")
    }
    #expect(
      other?.message
        == "The catalogue already has an item called 'Oat milk' with other details: 'unit' is "
        + "\"1 l\" (this request: \"500 ml\").")
    #expect(try shopping.catalogue().filter { $0.name == "Oat milk" }.count == 1)
  }

  /// The list's texts in order.
  static func order(_ service: ChecklistService, _ listID: UUID) throws -> String {
    try service.checklistWithItems(id: listID).1.map(\.text).joined()
  }

  @Test(
    "A move after an item lands right after it, again after other moves",
    arguments: StoreKind.allCases)
  func replayedMove(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Letters")
    var items: [String: ChecklistItem] = [:]
    for letter in ["A", "B", "C", "D", "E"] {
      items[letter] = try service.addItem(letter, to: list.id)
    }
    try service.moveItem(id: items["E"]!.id, after: items["A"]!.id)
    #expect(try Self.order(service, list.id) == "AEBCD")
    try service.moveItem(id: items["A"]!.id, after: items["D"]!.id)
    try service.moveItem(id: items["C"]!.id, after: nil)
    #expect(try Self.order(service, list.id) == "CEBDA")
    let moved = try service.moveItem(id: items["E"]!.id, after: items["A"]!.id)
    #expect(try Self.order(service, list.id) == "CBDAE")
    // Once more: it already stands there, so nothing changes and nothing is logged.
    let sequence = try service.lastChangeSequence()
    let again = try service.moveItem(id: items["E"]!.id, after: items["A"]!.id)
    #expect(again.revision == moved.revision)
    #expect(try service.lastChangeSequence() == sequence)
    try service.moveItem(id: items["C"]!.id, after: nil)
    #expect(try Self.order(service, list.id) == "CBDAE")
  }

  @Test("Two moves of the same item: the last one wins", arguments: StoreKind.allCases)
  func moveMove(kind: StoreKind) throws {
    let service = try kind.makeService()
    let phone = ChecklistService(store: service.store, owner: service.owner, now: service.now)
    let list = try service.createList(named: "Letters")
    var ids: [String: UUID] = [:]
    for letter in ["A", "B", "C", "D"] { ids[letter] = try service.addItem(letter, to: list.id).id }
    try service.moveItem(id: ids["D"]!, after: ids["A"]!)
    try phone.moveItem(id: ids["D"]!, after: nil)
    #expect(try Self.order(service, list.id) == "DABC")
    try phone.moveItem(id: ids["D"]!, after: ids["B"]!)
    try service.moveItem(id: ids["D"]!, after: ids["A"]!)
    #expect(try Self.order(service, list.id) == "ADBC")
  }

  @Test(
    "A move writes one row, and renumbers only when the gap is used up",
    arguments: StoreKind.allCases)
  func moveWritesOneRow(kind: StoreKind) throws {
    let service = try kind.makeService()
    let store = try #require(service.store as? SQLChecklistStore)
    func positions() throws -> [String: Int64] {
      Dictionary(
        uniqueKeysWithValues: try store.queue.read { db in
          try db.query("SELECT text, position FROM items") { ($0.string(0), $0.int64(1)) }
        })
    }
    let list = try service.createList(named: "Letters")
    var ids: [String: UUID] = [:]
    for letter in ["A", "B", "C", "D"] { ids[letter] = try service.addItem(letter, to: list.id).id }
    var before = try positions()
    try service.moveItem(id: ids["D"]!, after: ids["A"]!)
    var after = try positions()
    #expect(after.filter { before[$0.key] != $0.value }.map(\.key) == ["D"])
    // Alternate two items into the gap after A until it is used up: the order stays right.
    var expected = "ADBC"
    var renumbered = 0
    for round in 0..<40 {
      let (mover, other) = round.isMultiple(of: 2) ? ("C", "D") : ("D", "C")
      before = try positions()
      try service.moveItem(id: ids[mover]!, after: ids["A"]!)
      after = try positions()
      expected = "A" + mover + other + "B"
      #expect(try Self.order(service, list.id) == expected, "round \(round)")
      let changed = after.filter { before[$0.key] != $0.value }.map(\.key)
      #expect(changed.contains(mover), "round \(round): \(changed)")
      if changed != [mover] { renumbered += 1 }
    }
    #expect(try Self.order(service, list.id) == expected)
    // Each halving of a gap of 2^16 leaves room for 16 moves: 40 moves renumber 2 or 3 times.
    #expect((1...3).contains(renumbered), "\(renumbered) renumberings")
  }

  @Test(
    "A move after itself, after an item of another list or an unknown one is refused",
    arguments: StoreKind.allCases)
  func moveRefusals(kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Letters")
    let pantry = try service.createList(named: "Pantry")
    let a = try service.addItem("A", to: list.id)
    try service.addItem("B", to: list.id)
    let rice = try service.addItem("Rice", to: pantry.id)
    let itself = #expect(throws: ChecklistsError.self) {
      try service.moveItem(id: a.id, after: a.id)
    }
    #expect(itself?.code == .invalidInput)
    let elsewhere = #expect(throws: ChecklistsError.self) {
      try service.moveItem(id: a.id, after: rice.id)
    }
    #expect(
      elsewhere?.message
        == "'Rice' is in another list; 'A' can only move after an item of its own list, 'Letters'.")
    let unknown = UUID()
    let missing = #expect(throws: ChecklistsError.self) {
      try service.moveItem(id: a.id, after: unknown)
    }
    #expect(missing?.code == .notFound)
    #expect(missing?.message == "There is no item with id \(unknown.uuidString) to move 'A' after.")
    #expect(try Self.order(service, list.id) == "AB")
  }

  @Test(
    "A move after an item, and a create with an id, cost the same in 10 items and 5,000",
    arguments: StoreKind.allCases)
  func moveAfterDoesNotScan(kind: StoreKind) throws {
    var measured: [[String: Int]] = []
    var farMoves: [Int] = []
    for size in [10, 5_000] {
      let store = try kind.makeSQLStore()
      let service = try ChecklistService.openLocal(store: store)
      try service.importChecklists(
        [
          PortableChecklist(
            name: "Big", icon: .folder, items: (1...size).map { PortableItem(text: "Item \($0)") })
        ], mode: .merge)
      try GrowthTests.settle(store)
      let list = try service.findList("Big")
      let mover = try service.findItem("Item 3", in: list)
      let (near, middle) = (
        try service.findItem("Item 6", in: list), try service.findItem("\(size / 2)", in: list)
      )
      let id = UUID()
      var row: [String: Int] = [:]
      row["move after"] = try GrowthTests.steps(store) {
        try service.moveItem(id: mover.id, after: near.id)
      }
      // Further away, the item changes stretch and the stretch counts follow (see
      // item_blocks): bounded as a move to an index is, never a walk over the items.
      farMoves.append(
        try GrowthTests.steps(store) { try service.moveItem(id: mover.id, after: middle.id) })
      row["create with id"] = try GrowthTests.steps(store) {
        try service.addItem(id: id, "Milk", to: list.id)
      }
      row["replayed create"] = try GrowthTests.steps(store) {
        try service.addItem(id: id, "Milk", to: list.id)
      }
      measured.append(row)
    }
    for (action, small) in measured[0] {
      let large = measured[1][action]!
      #expect(large <= small + 40, "\(action): \(small) steps in 10 items, \(large) in 5,000")
    }
    #expect(
      farMoves[1] <= farMoves[0] + 1_000,
      "move after the middle: \(farMoves[0]) steps in 10 items, \(farMoves[1]) in 5,000")
  }
}
