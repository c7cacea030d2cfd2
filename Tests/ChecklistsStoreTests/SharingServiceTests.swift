import ChecklistsCore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

/// Two accounts, alice and bob, in one real database, each with their services.
private struct Household {
  let store: any ChecklistsDatabase
  let alice: User
  let bob: User

  init(_ kind: StoreKind) throws {
    store = try kind.makeStore()
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    bob = try accounts.addUser(named: "bob", password: "builder-1234").user
  }

  func lists(_ user: User) -> ChecklistService { ChecklistService(store: store, owner: user) }
  func sharing(_ user: User) -> SharingService { SharingService(store: store, user: user) }
  func shopping(_ user: User) throws -> ShoppingService {
    try ShoppingService.open(store: store, owner: user, currency: .euro)
  }
}

@Suite("Sharing lists between users")
struct SharingServiceTests {
  @Test(
    "Without a share, another user's list and items do not exist for you",
    arguments: StoreKind.allCases)
  func isolation(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.lists(home.alice).createList(named: "Secret")
    let item = try home.lists(home.alice).addItem("Present for Bob", to: list.id)
    let bob = home.lists(home.bob)
    for attempt in [
      { _ = try bob.checklist(id: list.id) },
      { _ = try bob.item(id: item.id) },
      { _ = try bob.toggle(itemID: item.id) },
      { _ = try bob.addItem("Peek", to: list.id) },
      { _ = try bob.deleteList(id: list.id) },
      { _ = try home.sharing(home.bob).members(ofList: list.id) },
      { _ = try home.sharing(home.bob).share(listID: list.id, with: "bob", role: .editor) },
    ] as [() throws -> Void] {
      #expect((#expect(throws: ChecklistsError.self) { try attempt() })?.code == .notFound)
    }
    #expect(try bob.changes(after: 0).allSatisfy { $0.collectionID != list.id })
  }

  @Test(
    "Viewer sees, checker checks off, editor changes items; only the owner renames or shares",
    arguments: StoreKind.allCases)
  func roles(kind: StoreKind) throws {
    let home = try Household(kind)
    let alice = home.lists(home.alice)
    let list = try alice.createList(named: "Groceries")
    let milk = try alice.addItem("Milk", to: list.id)
    let bob = home.lists(home.bob)

    try home.sharing(home.alice).share(listID: list.id, with: "Bob", role: .viewer)
    #expect(try bob.checklistWithItems(id: list.id).1.map(\.text) == ["Milk"])
    let viewer = #expect(throws: ChecklistsError.self) { try bob.toggle(itemID: milk.id) }
    #expect(viewer?.code == .forbidden)
    #expect(
      viewer?.message
        == "'Groceries' is shared with you as viewer: you cannot check items off on it.")

    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .checker)
    #expect(try bob.toggle(itemID: milk.id).isChecked)
    #expect(
      (#expect(throws: ChecklistsError.self) { try bob.addItem("Beer", to: list.id) })?.code
        == .forbidden)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bob.updateItem(id: milk.id, ItemChanges(text: "Oat milk"))
      })?.code == .forbidden)

    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .editor)
    try bob.addItem("Beer", to: list.id)
    try bob.updateItem(id: milk.id, ItemChanges(text: "Oat milk"))
    #expect(try alice.checklistWithItems(id: list.id).1.map(\.text) == ["Oat milk", "Beer"])
    for attempt in [
      { _ = try bob.updateList(id: list.id, name: "Mine now") },
      { _ = try bob.deleteList(id: list.id) },
      { _ = try home.sharing(home.bob).share(listID: list.id, with: "alice", role: .editor) },
    ] as [() throws -> Void] {
      #expect((#expect(throws: ChecklistsError.self) { try attempt() })?.code == .forbidden)
    }
    #expect(
      try home.sharing(home.alice).members(ofList: list.id)
        == [SharingService.Member(userName: "bob", role: .editor)])
  }

  @Test(
    "Shared lists show with the owner's name; revoking or leaving ends access at once",
    arguments: StoreKind.allCases)
  func revokeAndLeave(kind: StoreKind) throws {
    let home = try Household(kind)
    let groceries = try home.lists(home.alice).createList(named: "Groceries")
    let weekly = try home.shopping(home.alice).findList("Shopping List")
    let aliceSharing = home.sharing(home.alice)
    try aliceSharing.share(listID: groceries.id, with: "bob", role: .checker)
    try aliceSharing.share(listID: weekly.id, with: "bob", role: .editor)
    let shared = try home.sharing(home.bob).sharedWithMe()
    #expect(shared.map(\.name) == ["Groceries", "Shopping List"])
    #expect(shared.map(\.ownerName) == ["alice", "alice"])
    #expect(shared.map(\.share.scope) == [.checklist, .shoppingList])
    // Bob's own "Shopping List" comes before Alice's of the same name.
    let bobsShopping = try home.shopping(home.bob).lists()
    #expect(bobsShopping.map(\.name) == ["Shopping List", "Shopping List"])
    #expect(bobsShopping.map { $0.sharing?.ownerName } == [nil, "alice"])
    // Bob's lists show Alice's beside his own, marked with her name and his role.
    try home.lists(home.bob).createList(named: "Hardware")
    let bobsLists = try home.lists(home.bob).checklists()
    #expect(bobsLists.map(\.name) == ["Groceries", "Hardware"])
    #expect(bobsLists.map { $0.sharing == nil } == [false, true])
    let sharedList = try #require(bobsLists.first { $0.id == groceries.id })
    #expect(sharedList.sharing == SharedFrom(ownerName: "alice", role: .checker))
    #expect(try home.lists(home.bob).findList("groceries").id == groceries.id)

    try aliceSharing.unshare(listID: groceries.id, with: "bob")
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try home.lists(home.bob).checklist(id: groceries.id)
      })?.code == .notFound)
    try home.sharing(home.bob).leave(listID: weekly.id)
    #expect(try home.sharing(home.bob).sharedWithMe().isEmpty)
    #expect(
      (#expect(throws: ChecklistsError.self) { try home.sharing(home.bob).leave(listID: weekly.id) })?
        .code == .notFound)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try aliceSharing.share(listID: groceries.id, with: "alice", role: .viewer)
      })?.code == .invalidInput)
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try aliceSharing.share(listID: groceries.id, with: "carol", role: .viewer)
      })?.message == "There is no user called 'carol'.")
  }

  @Test(
    "A shared shopping list: the checker puts things in the cart, the editor adds to the owner's catalogue",
    arguments: StoreKind.allCases)
  func sharedShopping(kind: StoreKind) throws {
    let home = try Household(kind)
    let aliceShop = try home.shopping(home.alice)
    let bobShop = try home.shopping(home.bob)
    try aliceShop.addTutorialItems()
    try bobShop.addTutorialItems()
    let list = try aliceShop.findList("Shopping List")
    let pear = try aliceShop.findItem("Pear")
    try aliceShop.put(itemID: pear.id, onList: list.id)
    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .checker)

    #expect(try bobShop.contents(ofList: list.id).lines.map(\.item.name) == ["Pear"])
    try bobShop.updateEntry(itemID: pear.id, onList: list.id, isInCart: true)
    #expect(try aliceShop.contents(ofList: list.id).totals.inCart.map(\.decimalString) == ["62.50"])
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bobShop.updateEntry(itemID: pear.id, onList: list.id, quantity: 3)
      })?.code == .forbidden)
    #expect(try bobShop.finishShopping(listID: list.id) == 1)

    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .editor)
    let added = try bobShop.put(named: "Chocolate", onList: list.id)
    #expect(added.isNewItem)
    #expect(added.item.ownerID == home.alice.id)
    #expect(try aliceShop.findItem("chocolate").id == added.item.id)
    #expect(try !bobShop.catalogue().contains { $0.name == "Chocolate" })
    // Bob's own catalogue items cannot go on Alice's list.
    let bobsPear = try bobShop.findItem("Pear")
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try bobShop.put(itemID: bobsPear.id, onList: list.id)
      })?.code == .notFound)
  }

  @Test(
    "Changes to a shared list reach the other user's log, and stop when the share ends",
    arguments: StoreKind.allCases)
  func liveChanges(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.lists(home.alice).createList(named: "Groceries")
    let bob = home.lists(home.bob)
    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .viewer)
    let start = try bob.lastChangeSequence()
    #expect(try bob.changes(after: 0).map(\.kind).contains(.shareAdded))
    let milk = try home.lists(home.alice).addItem("Milk", to: list.id)
    let seen = try bob.changes(after: start)
    #expect(seen.map(\.kind) == [.itemAdded])
    #expect(seen.first?.itemID == milk.id)
    #expect(try bob.lastChangeSequence() > start)

    try home.sharing(home.alice).unshare(listID: list.id, with: "bob")
    let afterRevoke = try bob.lastChangeSequence()
    try home.lists(home.alice).addItem("Eggs", to: list.id)
    #expect(try bob.changes(after: afterRevoke).isEmpty)
    #expect(try bob.lastChangeSequence() == afterRevoke)
    // Deleting a list ends its shares.
    try home.sharing(home.alice).share(listID: list.id, with: "bob", role: .viewer)
    try home.lists(home.alice).deleteList(id: list.id)
    #expect(try home.sharing(home.bob).sharedWithMe().isEmpty)
  }
}
