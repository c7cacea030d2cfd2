import ChecklistsCore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

/// Everything the server and the CLI do with a database, through ``ChecklistsDatabase`` alone:
/// this file imports no SQL module, so it cannot reach past the protocol.
@Suite("A database seen only through its protocol")
struct ChecklistsDatabaseTests {
  @Test(
    "Accounts, lists, shopping, sharing and the server's reads all work",
    arguments: StoreKind.allCases)
  func everythingThroughTheProtocol(kind: StoreKind) throws {
    let database: any ChecklistsDatabase = try kind.makeStore()
    #expect(try database.hasAccounts() == false)
    let accounts = AccountService(store: database, hasher: PasswordHasher(strength: .minimum))
    let alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    let bob = try accounts.addUser(named: "bob", password: "builder-1234").user
    #expect(try database.hasAccounts())

    let aliceServices = try UserServices.open(
      store: database, user: alice, currency: .euro, now: Date.init)
    let groceries = try aliceServices.checklists.createList(named: "Groceries")
    let due = Date().addingTimeInterval(60)
    try aliceServices.checklists.addItem("Milk", to: groceries.id, dueDate: due, shouldRemind: true)
    let shoppingList = try aliceServices.shopping.findList(ShoppingList.firstListName)
    let milk = try aliceServices.shopping.addItem(named: "Oat milk")
    _ = try aliceServices.shopping.put(itemID: milk.id, onList: shoppingList.id)

    // Sharing writes through the protocol's own primitives, and the server's reads see it.
    try aliceServices.sharing.share(listID: groceries.id, with: "bob", role: .checker)
    try aliceServices.sharing.share(listID: shoppingList.id, with: "bob", role: .viewer)
    #expect(try database.sharedListIDs(userID: bob.id) == [groceries.id, shoppingList.id])
    #expect(try database.sharedCollectionIDs(userID: bob.id).contains(alice.id))
    #expect(try database.sharedShoppingLists(holding: milk.id).map(\.id) == [shoppingList.id])
    #expect(try database.sharedShoppingLists(ownerID: alice.id).map(\.id) == [shoppingList.id])
    let bobSharing = SharingService(store: database, user: bob)
    #expect(try bobSharing.sharedWithMe().map(\.name).sorted() == ["Groceries", "Shopping List"])

    // The change log and the reminders, for every user at once.
    let last = try database.lastChangeSequence()
    #expect(last > 0)
    let all = try database.allChanges(after: 0, limit: 1_000)
    #expect(all.last?.sequence == last)
    #expect(Set(all.map(\.sequence)).count == all.count)
    let reminders = try database.reminders(dueFrom: due.addingTimeInterval(-1), before: due + 1)
    #expect(reminders.map(\.1.text) == ["Milk"])
    #expect(!database.path.isEmpty)

    database.close()
    #expect(throws: ChecklistsError.self) { try database.lastChangeSequence() }
  }
}
