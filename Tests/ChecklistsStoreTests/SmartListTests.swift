import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

@Suite("Smart lists: Today, Scheduled, Overdue, Flagged and All across lists")
struct SmartListTests {
  /// Noon UTC on 30 November 2026, fixed.
  static let noon = Date(timeIntervalSince1970: 1_796_040_000)
  static let hour: TimeInterval = 3600
  static let utc = TimeZone(identifier: "UTC")!

  /// Alice's lists with items due around noon, Bob with whom one is shared, Carol a stranger.
  struct Household {
    let store: SQLChecklistStore
    let alice: User
    let bob: User
    let carol: User

    init(_ kind: StoreKind) throws {
      store = try kind.makeSQLStore()
      let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
      alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
      bob = try accounts.addUser(named: "bob", password: "builder-1234").user
      carol = try accounts.addUser(named: "carol", password: "christmas-99").user
      let lists = ChecklistService(store: store, owner: alice, now: { SmartListTests.noon })
      let home = try lists.createList(named: "Home")
      let work = try lists.createList(named: "Work")
      try lists.addItem("Tomorrow", to: home.id, dueDate: noon + 24 * hour)
      try lists.addItem("Yesterday", to: work.id, dueDate: noon - 24 * hour)
      try lists.addItem("Later today", to: home.id, dueDate: noon + hour)
      try lists.addItem("Earlier today", to: home.id, dueDate: noon - hour)
      try lists.addItem("Done", to: home.id, dueDate: noon - 24 * hour, isChecked: true)
      try lists.addItem("Someday", to: home.id)
      // 08:00 UTC tomorrow: still today where the day ends 14 hours earlier than in UTC.
      try lists.addItem("Before dawn", to: work.id, dueDate: noon + 20 * hour)
      try SharingService(store: store, user: alice)
        .share(listID: work.id, with: "bob", role: .viewer)
    }

    func smart(_ user: User) -> SmartListService {
      SmartListService(store: store, user: user, now: { SmartListTests.noon })
    }

    func texts(_ user: User, _ kind: SmartListKind, _ zone: TimeZone = utc) throws -> [String] {
      try smart(user).items(kind, in: zone).map(\.1.text)
    }

    func counts(_ user: User, _ zone: TimeZone = utc) throws -> [String: Int] {
      Dictionary(
        uniqueKeysWithValues: try smart(user).counts(in: zone).map { ($0.kind.rawValue, $0.count) })
    }
  }

  @Test("Each smart list holds its unchecked items, in its order", arguments: StoreKind.allCases)
  func contents(kind: StoreKind) throws {
    let home = try Household(kind)
    #expect(
      try home.texts(home.alice, .today) == ["Yesterday", "Earlier today", "Later today"])
    #expect(
      try home.texts(home.alice, .scheduled) == [
        "Yesterday", "Earlier today", "Later today", "Before dawn", "Tomorrow",
      ])
    #expect(try home.texts(home.alice, .overdue) == ["Yesterday", "Earlier today"])
    // By list (All Lists order), then in each list's order.
    #expect(
      try home.texts(home.alice, .all) == [
        "Tomorrow", "Later today", "Earlier today", "Someday", "Yesterday", "Before dawn",
      ])
    #expect(
      try home.counts(home.alice)
        == ["today": 3, "scheduled": 5, "overdue": 2, "flagged": 0, "all": 6])
    #expect(
      try home.smart(home.alice).counts(in: SmartListTests.utc).map(\.kind) == [
        .today, .scheduled, .overdue, .flagged, .all,
      ])
  }

  @Test("Today ends where the reader's day ends", arguments: StoreKind.allCases)
  func timeZones(kind: StoreKind) throws {
    let home = try Household(kind)
    let kiritimati = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
    #expect(
      try home.texts(home.alice, .today, kiritimati) == [
        "Yesterday", "Earlier today", "Later today", "Before dawn",
      ])
    #expect(try home.counts(home.alice, kiritimati)["today"] == 4)
    // Overdue is "before now" everywhere.
    #expect(try home.counts(home.alice, kiritimati)["overdue"] == 2)
  }

  @Test(
    "A shared list's items are in the member's smart lists, never a stranger's",
    arguments: StoreKind.allCases)
  func sharing(kind: StoreKind) throws {
    let home = try Household(kind)
    #expect(try home.texts(home.bob, .all) == ["Yesterday", "Before dawn"])
    #expect(
      try home.counts(home.bob) == [
        "today": 1, "scheduled": 2, "overdue": 1, "flagged": 0, "all": 2,
      ])
    #expect(try home.texts(home.carol, .all).isEmpty)
    #expect(try home.counts(home.carol).values.allSatisfy { $0 == 0 })
  }

  @Test("An unknown smart list is refused naming the five")
  func unknownKind() {
    let error = #expect(throws: ChecklistsError.self) { try SmartListKind.named("someday") }
    #expect(error?.code == .notFound)
    #expect(
      error?.message
        == "There is no smart list 'someday'; the smart lists are today, scheduled, overdue, "
        + "flagged, all.")
    #expect((try? SmartListKind.named("TODAY")) == .today)
  }
}
