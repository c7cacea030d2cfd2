import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

/// Field revisions and field-level merges in the services, on every store.
@Suite("Field revisions: a stale edit merges unless a field it sets changed since")
struct FieldRevisionTests {
  @Test(
    "A stale edit of another field of an item merges; of the same field it is refused",
    arguments: StoreKind.allCases)
  func itemFields(_ kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    let seaSalt = try service.updateItem(id: salt.id, ItemChanges(text: "Sea salt"))

    let checked = try service.updateItem(
      id: salt.id, ItemChanges(isChecked: true), expectedRevision: salt.revision)
    #expect(checked.text == "Sea salt")
    #expect(checked.isChecked)

    let error = try #require(throws: FieldConflictError.self) {
      try service.updateItem(
        id: salt.id, ItemChanges(text: "Rock salt", isChecked: true),
        expectedRevision: salt.revision)
    }
    #expect(error.conflicts.map(\.field) == ["text"])
    #expect(error.conflicts[0].revision == seaSalt.revision)
    #expect(error.conflicts[0].changedBy == User.localName)
    #expect(error.expectedRevision == salt.revision)
    #expect(error.current == .item(checked))
    #expect(try service.item(id: salt.id) == checked, "nothing of the refused edit was written")
  }

  @Test("Setting a field to the value it has is no conflict", arguments: StoreKind.allCases)
  func sameValue(_ kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    try service.updateItem(id: salt.id, ItemChanges(text: "Sea salt"))
    let again = try service.updateItem(
      id: salt.id, ItemChanges(text: "Sea salt"), expectedRevision: salt.revision)
    #expect(again.text == "Sea salt")
  }

  @Test("Toggling records 'checked', so a stale uncheck is refused", arguments: StoreKind.allCases)
  func toggleRecords(_ kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    try service.toggle(itemID: salt.id)
    #expect(throws: FieldConflictError.self) {
      try service.updateItem(
        id: salt.id, ItemChanges(isChecked: false), expectedRevision: salt.revision)
    }
  }

  @Test("A revision newer than the item's is refused as stale", arguments: StoreKind.allCases)
  func futureRevision(_ kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    let error = try #require(throws: ChecklistsError.self) {
      try service.updateItem(
        id: salt.id, ItemChanges(isChecked: true), expectedRevision: salt.revision + 5)
    }
    #expect(error.code == .stale)
  }

  @Test(
    "A list's name and icon merge; a stale rename after a rename is refused",
    arguments: StoreKind.allCases)
  func listFields(_ kind: StoreKind) throws {
    let service = try kind.makeService()
    let list = try service.createList(named: "Groceries")
    try service.updateList(id: list.id, icon: .trips)
    try service.addItem("Salt", to: list.id)
    let renamed = try service.updateList(
      id: list.id, name: "Shop", expectedRevision: list.revision)
    #expect(renamed.name == "Shop")
    #expect(renamed.icon == .trips)
    let error = try #require(throws: FieldConflictError.self) {
      try service.updateList(id: list.id, name: "Market", expectedRevision: list.revision)
    }
    #expect(error.conflicts.map(\.field) == ["name"])
  }

  @Test(
    "Field revisions go with their item, and with their list's items", arguments: StoreKind.allCases
  )
  func rowsGoWithTheirEntity(_ kind: StoreKind) throws {
    let store = try kind.makeStore()
    let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    let pepper = try service.addItem("Pepper", to: list.id)
    try service.updateItem(id: salt.id, ItemChanges(text: "Sea salt", isChecked: true))
    try service.updateItem(id: pepper.id, ItemChanges(text: "Black pepper"))
    try service.updateList(id: list.id, name: "Kitchen")
    func fields(_ id: UUID) throws -> [String] {
      try store.read { tx in try tx.fieldRevisions(of: .id(id)).map(\.field).sorted() }
    }
    #expect(try fields(salt.id) == ["checked", "text"])
    try service.deleteItem(id: salt.id)
    #expect(try fields(salt.id) == [])
    #expect(try fields(pepper.id) == ["text"])
    try service.deleteList(id: list.id)
    #expect(try fields(pepper.id) == [])
    #expect(try fields(list.id) == [])
  }

  @Test("Catalogue items and entries merge field by field", arguments: StoreKind.allCases)
  func shoppingFields(kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    let service = try ChecklistService.openLocal(store: store, now: TestClock().now)
    let shopping = try ShoppingService.open(
      store: store, owner: service.owner, currency: .euro, now: service.now)
    try shopping.addTutorialItems()
    let pear = try shopping.findItem("Pear")
    try shopping.updateItem(id: pear.id, unit: .some("kg"))
    let renamed = try shopping.updateItem(
      id: pear.id, name: "Pears", expectedRevision: pear.revision)
    #expect(renamed.unit == "kg")
    #expect(throws: FieldConflictError.self) {
      try shopping.updateItem(id: pear.id, unit: .some("g"), expectedRevision: pear.revision)
    }

    let list = try shopping.findList("Shopping List")
    let (entry, _) = try shopping.put(itemID: pear.id, onList: list.id)
    try shopping.updateEntry(itemID: pear.id, onList: list.id, quantity: 3)
    let inCart = try shopping.updateEntry(
      itemID: pear.id, onList: list.id, isInCart: true, expectedRevision: entry.revision)
    #expect(inCart.quantity == 3)
    let error = try #require(throws: FieldConflictError.self) {
      try shopping.updateEntry(
        itemID: pear.id, onList: list.id, quantity: 5, expectedRevision: entry.revision)
    }
    #expect(error.conflicts.map(\.field) == ["quantity"])
    // Taking the item off the list and back starts its entry afresh.
    try shopping.removeEntry(itemID: pear.id, fromList: list.id)
    let back = try shopping.put(itemID: pear.id, onList: list.id).entry
    #expect(
      try store.read { tx in
        try tx.fieldRevisions(of: .entry(listID: list.id, itemID: pear.id))
      }.isEmpty)
    try shopping.updateEntry(
      itemID: pear.id, onList: list.id, quantity: 2, expectedRevision: back.revision)
  }

  @Test(
    "Upgrading keeps stale edits of fields changed before the upgrade refused",
    arguments: StoreKind.allCases)
  func upgradeBackfills(kind: StoreKind) throws {
    let path = try kind.newLocation()
    var store: SQLChecklistStore? = try kind.makeSQLStore(path: path)
    let service = try ChecklistService.openLocal(store: store!, now: TestClock().now)
    let list = try service.createList(named: "Groceries")
    let salt = try service.addItem("Salt", to: list.id)
    let pepper = try service.addItem("Pepper", to: list.id)
    try service.updateItem(id: salt.id, ItemChanges(text: "Sea salt"))
    // The database as the previous version left it: no field revisions.
    let triggers = [
      ("items", "field_revisions_of_items"), ("checklists", "field_revisions_of_checklists"),
      ("shopping_items", "field_revisions_of_shopping_items"),
      ("shopping_lists", "field_revisions_of_shopping_lists"),
      ("shopping_entries", "field_revisions_of_shopping_entries"),
    ]
    try store!.queue.write { db in
      try db.execute(
        """
        DROP TABLE field_revisions;
        DELETE FROM schema_migrations WHERE identifier = 'v6: field revisions';
        """)
      for (table, trigger) in triggers {
        switch kind {
        case .sqlite: try db.execute("DROP TRIGGER \(trigger)")
        case .postgres: try db.execute("DROP TRIGGER \(trigger) ON \(table)")
        }
      }
    }
    store!.close()
    store = nil
    let upgraded = try kind.makeSQLStore(path: path)
    let after = ChecklistService(store: upgraded, owner: service.owner, now: service.now)
    let error = try #require(throws: FieldConflictError.self) {
      try after.updateItem(
        id: salt.id, ItemChanges(isChecked: true), expectedRevision: salt.revision)
    }
    #expect(error.conflicts.first?.changedBy == nil)
    // An item unchanged since it was added has no rows and merges.
    try after.updateItem(id: pepper.id, ItemChanges(text: "Black pepper"))
    try after.updateItem(
      id: pepper.id, ItemChanges(isChecked: true), expectedRevision: pepper.revision)
  }
}
