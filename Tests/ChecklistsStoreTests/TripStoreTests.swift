import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Synchronization
import Testing

/// A clock that advances one second per reading from a date a test sets.
final class TripClock: Sendable {
  private let date = Mutex(Date(timeIntervalSince1970: 1_796_000_000))  // 2026-11-30

  var now: @Sendable () -> Date {
    { [self] in
      date.withLock { value in
        value += 1
        return value
      }
    }
  }

  /// Sets the clock so that its next reading is `next`.
  func set(_ next: Date) { date.withLock { $0 = next - 1 } }
}

/// Three accounts in one real database, each with their shopping, on a clock the test sets.
private struct TripHousehold {
  let store: SQLChecklistStore
  let alice: ShoppingService
  let bob: ShoppingService
  let carol: ShoppingService
  let clock: TripClock

  init(_ kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    let clock = TripClock()
    let open = { (name: String) throws -> ShoppingService in
      let user = try accounts.addUser(named: name, password: "password-\(name)-42").user
      return try ShoppingService.open(store: store, owner: user, currency: .euro, now: clock.now)
    }
    self.store = store
    self.clock = clock
    alice = try open("alice")
    bob = try open("bob")
    carol = try open("carol")
  }

  func share(_ list: ShoppingList, with name: String) throws {
    _ = try SharingService(store: store, user: alice.owner).share(
      listID: list.id, with: name, role: .checker)
  }
}

func euros(_ minorUnits: Int64) -> Price { Price(minorUnits: minorUnits, currency: .euro) }

/// Puts items on a list and the first `inCart` of them in the cart.
@discardableResult
private func fill(
  _ shopping: ShoppingService, _ list: ShoppingList, _ items: [ShoppingItem], inCart: Int
) throws -> [ShoppingItem] {
  for (index, item) in items.enumerated() {
    try shopping.put(itemID: item.id, onList: list.id)
    if index < inCart {
      try shopping.updateEntry(itemID: item.id, onList: list.id, isInCart: true)
    }
  }
  return items
}

@Suite("Trips: finishing shopping keeps a record, in a real database")
struct TripStoreTests {
  @Test(
    "Finishing records what was in the cart with the prices of the time and a total per currency",
    arguments: StoreKind.allCases)
  func finishRecordsTrip(kind: StoreKind) throws {
    let home = try TripHousehold(kind)
    let shopping = home.alice
    let list = try shopping.createList(named: "Weekly")
    let milk = try shopping.addItem(named: "Milk", price: euros(109), category: "Dairy")
    let bread = try shopping.addItem(named: "Rye bread", price: euros(250))
    let tea = try shopping.addItem(
      named: "Tea", price: Price(minorUnits: 399, currency: .poundSterling))
    let salt = try shopping.addItem(named: "Salt")
    let jam = try shopping.addItem(named: "Jam", price: euros(320))
    try fill(shopping, list, [milk, bread, tea, salt, jam], inCart: 4)
    try shopping.updateEntry(itemID: milk.id, onList: list.id, quantity: 2)

    let (cleared, trip) = try shopping.finishShopping(listID: list.id, clientID: nil)
    #expect(cleared == 4)
    let recorded = try #require(trip)
    #expect(recorded.listID == list.id)
    #expect(recorded.listName == "Weekly")
    #expect(recorded.shop == nil)
    #expect(Set(recorded.lines.map(\.name)) == ["Milk", "Rye bread", "Tea", "Salt"])
    let milkLine = try #require(recorded.lines.first { $0.name == "Milk" })
    #expect(milkLine.quantity == 2)
    #expect(milkLine.unitPrice == euros(109))
    #expect(milkLine.cost == euros(218))
    #expect(milkLine.category == "Dairy")
    #expect(recorded.lines.first { $0.name == "Salt" }?.unitPrice == nil)
    #expect(
      recorded.totals == [euros(468), Price(minorUnits: 399, currency: .poundSterling)])
    // The cart is off the list; Jam stays to get.
    #expect(try shopping.contents(ofList: list.id).lines.map(\.item.name) == ["Jam"])

    // A later price or name leaves the record as it was.
    try shopping.updateItem(id: milk.id, name: "Whole milk", price: .some(euros(129)))
    let read = try shopping.trip(id: recorded.id)
    #expect(read == recorded)
    #expect(try shopping.trips() == [recorded])

    // Finishing again with an empty cart records nothing.
    let (none, noTrip) = try shopping.finishShopping(listID: list.id, clientID: nil)
    #expect(none == 0)
    #expect(noTrip == nil)
    #expect(try shopping.trips().count == 1)

    // The change log says so, on the list, for live pages.
    let kinds = try shopping.store.readShopping { tx in
      try tx.changes(ownerID: shopping.owner.id, after: 0, limit: 1_000)
    }.filter { $0.collectionID == list.id }.map(\.kind)
    #expect(kinds.filter { $0 == .tripRecorded }.count == 1)
  }

  @Test(
    "A finish sent again with its client id answers the same trip and records no second",
    arguments: StoreKind.allCases)
  func replayedFinish(kind: StoreKind) throws {
    let home = try TripHousehold(kind)
    let shopping = home.alice
    let list = try shopping.createList(named: "Weekly")
    let milk = try shopping.addItem(named: "Milk", price: euros(109))
    let bread = try shopping.addItem(named: "Rye bread", price: euros(250))
    try fill(shopping, list, [milk, bread], inCart: 1)
    let clientID = UUID()
    let first = try #require(try shopping.finishShopping(listID: list.id, clientID: clientID).trip)
    // Meanwhile Bread goes into the cart: the replay must not take it off as a second trip.
    try shopping.updateEntry(itemID: bread.id, onList: list.id, isInCart: true)
    let sequence = try shopping.store.readShopping { tx in
      try tx.lastChangeSequence(ownerID: shopping.owner.id)
    }
    let (cleared, again) = try shopping.finishShopping(listID: list.id, clientID: clientID)
    #expect(cleared == 0)
    #expect(again == first)
    #expect(try shopping.trips().count == 1)
    #expect(try shopping.contents(ofList: list.id).lines.map(\.entry.isInCart) == [true])
    #expect(
      try shopping.store.readShopping { tx in
        try tx.lastChangeSequence(ownerID: shopping.owner.id)
      } == sequence)

    // The id of one list's finish is not another's.
    let other = try shopping.createList(named: "Party")
    let error = #expect(throws: ChecklistsError.self) {
      try shopping.finishShopping(listID: other.id, clientID: clientID)
    }
    #expect(error?.code == .conflict)
    #expect(error?.message.contains(clientID.uuidString) == true)
  }

  @Test(
    "Trips read a page at a time, newest first; a shared list's trips show to its members only",
    arguments: StoreKind.allCases)
  func pagesAndSharing(kind: StoreKind) throws {
    let home = try TripHousehold(kind)
    let alice = home.alice
    let weekly = try alice.createList(named: "Weekly")
    let party = try alice.createList(named: "Party")
    let milk = try alice.addItem(named: "Milk", price: euros(100))
    var finished: [Trip] = []
    for (index, list) in [weekly, party, weekly, weekly, party].enumerated() {
      home.clock.set(Date(timeIntervalSince1970: 1_796_000_000 + Double(index) * 86_400))
      try fill(alice, list, [milk], inCart: 1)
      finished.append(try #require(try alice.finishShopping(listID: list.id, clientID: nil).trip))
    }
    let newest = Array(finished.reversed())
    let page = try alice.trips(limit: 2)
    #expect(page.map(\.id) == newest.prefix(2).map(\.id))
    let next = try alice.trips(before: page.last!.finishedAt, limit: 2)
    #expect(next.map(\.id) == newest.dropFirst(2).prefix(2).map(\.id))
    #expect(try alice.trips(list: party.id).map(\.id) == [finished[4].id, finished[1].id])
    let refused = #expect(throws: ChecklistsError.self) { try alice.trips(limit: 101) }
    #expect(refused?.code == .invalidInput)

    // Bob sees Weekly's trips once it is shared with him, Carol sees none; neither may read
    // one of Party's.
    #expect(try home.bob.trips().isEmpty)
    try home.share(weekly, with: "bob")
    #expect(try home.bob.trips().map(\.id) == [finished[3].id, finished[2].id, finished[0].id])
    #expect(try home.bob.trip(id: finished[0].id).listName == "Weekly")
    #expect(throws: ChecklistsError.self) { try home.bob.trip(id: finished[1].id) }
    #expect(throws: ChecklistsError.self) { try home.bob.trips(list: party.id) }
    #expect(try home.carol.trips().isEmpty)
    #expect(throws: ChecklistsError.self) { try home.carol.trip(id: finished[0].id) }

    // Bob shops Alice's list: the trip is Alice's (her list, her catalogue).
    try alice.put(itemID: milk.id, onList: weekly.id)
    try home.bob.updateEntry(itemID: milk.id, onList: weekly.id, isInCart: true)
    let bobs = try #require(try home.bob.finishShopping(listID: weekly.id, clientID: nil).trip)
    #expect(bobs.ownerID == alice.owner.id)
    #expect(try alice.trips(limit: 1).map(\.id) == [bobs.id])

    // A deleted list's trips stay its owner's record.
    try alice.deleteList(id: party.id)
    #expect(try alice.trips(list: party.id).count == 2)
    #expect(throws: ChecklistsError.self) { try home.carol.trips(list: party.id) }
  }

  @Test(
    "Spending per month counts each trip in its month where the person is, every month present",
    arguments: StoreKind.allCases)
  func spendingPerMonth(kind: StoreKind) throws {
    let home = try TripHousehold(kind)
    let alice = home.alice
    let list = try alice.createList(named: "Weekly")
    let milk = try alice.addItem(named: "Milk", price: euros(150))
    let iso = ISO8601DateFormatter()
    // 23:30 UTC on 31 October is already November in Berlin.
    for (date, quantity) in [("2026-09-10T10:00:00Z", 1), ("2026-10-31T23:30:00Z", 2)] {
      home.clock.set(iso.date(from: date)!)
      try fill(alice, list, [milk], inCart: 1)
      try alice.updateEntry(itemID: milk.id, onList: list.id, quantity: quantity)
      _ = try alice.finishShopping(listID: list.id, clientID: nil)
    }
    home.clock.set(iso.date(from: "2026-11-30T12:00:00Z")!)
    let berlin = try alice.spending(months: 4, in: TimeZone(identifier: "Europe/Berlin")!)
    #expect(berlin.map(\.label) == ["2026-08", "2026-09", "2026-10", "2026-11"])
    #expect(berlin.map(\.totals) == [[], [euros(150)], [], [euros(300)]])
    let utc = try alice.spending(months: 4, in: TimeZone(identifier: "UTC")!)
    #expect(utc.map(\.totals) == [[], [euros(150)], [euros(300)], []])
    // Months before the first asked for are left out.
    #expect(
      try alice.spending(months: 2, in: TimeZone(identifier: "UTC")!).map(\.totals)
        == [[euros(300)], []])
    #expect(throws: ChecklistsError.self) {
      try alice.spending(months: 0, in: TimeZone(identifier: "UTC")!)
    }
  }

  @Test(
    "A page of trips costs the same among 10 trips and 1,000", arguments: StoreKind.allCases)
  func pagesDoNotGrow(kind: StoreKind) throws {
    var measured: [Int] = []
    for count in [10, 1_000] {
      let home = try TripHousehold(kind)
      let owner = home.alice.owner.id
      let listID = UUID()
      try home.store.writeShopping { tx in
        for index in 0..<count {
          try tx.insertTrip(
            Trip(
              ownerID: owner, listID: listID, listName: "Weekly",
              finishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600),
              lines: [
                TripLine(
                  itemID: UUID(), name: "Milk", quantity: 1, unitPrice: euros(100),
                  category: nil),
                TripLine(
                  itemID: UUID(), name: "Bread", quantity: 2, unitPrice: nil, category: nil),
              ]))
        }
      }
      try GrowthTests.settle(home.store)
      measured.append(
        try GrowthTests.steps(home.store) {
          let page = try home.alice.trips(limit: 5)
          #expect(page.count == 5)
        })
    }
    #expect(measured[1] <= measured[0] + 20, "steps among 10 trips and 1,000: \(measured)")
  }
}
