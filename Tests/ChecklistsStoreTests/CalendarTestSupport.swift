import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import SQLDatabase
import Testing

/// Two accounts, alice and bob, in one real database, each with their services, for the
/// CalDAV store tests.
struct CalendarHousehold {
  let store: SQLChecklistStore
  let alice: UserServices
  let bob: UserServices

  init(_ kind: StoreKind) throws {
    let store = try kind.makeSQLStore()
    self.store = store
    let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    let clock = TestClock()
    let open = { (name: String) throws -> UserServices in
      let user = try accounts.addUser(named: name, password: "password-\(name)-42").user
      return try UserServices.open(store: store, user: user, currency: .euro, now: clock.now)
    }
    alice = try open("alice")
    bob = try open("bob")
  }

  /// Shares one of alice's lists with bob.
  func share(_ listID: UUID, role: ShareRole) throws {
    try alice.sharing.share(listID: listID, with: "bob", role: role)
  }

  /// How many rows a table has.
  func count(_ table: String, where condition: String = "1 = 1") throws -> Int {
    try store.queue.read { db in
      try db.queryFirst("SELECT COUNT(*) FROM \(table) WHERE \(condition)") { $0.int(0) } ?? 0
    }
  }

  /// The change log entries of a collection after a sequence, as kinds.
  func kinds(_ collectionID: UUID, after sequence: Int64) throws -> [Change.Kind] {
    try alice.checklists.changes(after: sequence).filter { $0.collectionID == collectionID }
      .map(\.kind)
  }
}

/// A minimal VTODO text, standing for what a client PUT.
func vtodo(_ uid: String, _ summary: String, extra: String = "") -> String {
  [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//EN", "BEGIN:VTODO", "UID:\(uid)",
    "SUMMARY:\(summary)", extra, "END:VTODO", "END:VCALENDAR", "",
  ].filter { !$0.isEmpty || $0 == "" }.joined(separator: "\r\n")
}
