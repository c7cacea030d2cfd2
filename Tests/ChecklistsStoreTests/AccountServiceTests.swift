import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import SQLDatabase
import Synchronization
import Testing

/// A clock the test moves by hand.
private final class MovableClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_796_000_000))
  var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }
  func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

private func makeAccounts(_ kind: StoreKind) throws -> (
  AccountService, SQLChecklistStore, MovableClock
) {
  let store = try kind.makeSQLStore()
  let clock = MovableClock()
  return (
    AccountService(store: store, hasher: PasswordHasher(strength: .minimum), now: clock.now),
    store, clock
  )
}

@Suite("Accounts, sessions and API tokens")
struct AccountServiceTests {
  @Test(
    "Users: valid names only, unique, stored as argon2id hashes, never in clear",
    arguments: StoreKind.allCases)
  func addUsers(kind: StoreKind) throws {
    let (accounts, store, _) = try makeAccounts(kind)
    #expect(try !accounts.hasAccounts())
    let (alice, tookOver) = try accounts.addUser(named: " Alice ", password: "wonderland-42")
    #expect(alice.name == "alice")
    #expect(!tookOver)
    try accounts.addUser(named: "bob", password: "builder-1234")
    #expect(try accounts.users().map(\.name) == ["alice", "bob"])
    let hash = try store.readAccounts { tx in try tx.passwordHash(userID: alice.id) }
    #expect(hash?.hasPrefix("$argon2id$") == true)
    let raw = try store.queue.read { db in
      try db.query("SELECT password_hash FROM users") { $0.string(0) }
    }
    #expect(!raw.joined().contains("wonderland"))

    for (name, password, message) in [
      ("alice", "another-password", "There is already a user called 'alice'."),
      ("carol", "short", "A password needs at least 8 characters; this one has 5."),
      ("dave", "DAVE", "A password needs at least 8 characters; this one has 4."),
      ("davedave", "davedave", "A password cannot be the user name."),
      ("no spaces", "password-123", "'no spaces' is not a valid user name"),
      ("local", "password-123", "'local' is reserved for the single-user mode."),
      ("", "password-123", "A user name cannot be empty."),
    ] {
      let error = #expect(throws: ChecklistsError.self) {
        try accounts.addUser(named: name, password: password)
      }
      #expect(error?.message.hasPrefix(message) == true, "\(name)")
      #expect(error?.message.contains(password) == false || password == name)
    }
  }

  @Test(
    "The first account takes over the lists made in single-user mode", arguments: StoreKind.allCases
  )
  func firstAccountTakesOverLocalData(kind: StoreKind) throws {
    let (accounts, store, _) = try makeAccounts(kind)
    let local = try ChecklistService.openLocal(store: store)
    try local.createList(named: "Groceries")
    let (alice, tookOver) = try accounts.addUser(named: "alice", password: "wonderland-42")
    #expect(tookOver)
    #expect(alice.id == local.owner.id)
    let service = ChecklistService(store: store, owner: alice)
    #expect(try service.checklists().map(\.name).contains("Groceries"))
    let (bob, bobTookOver) = try accounts.addUser(named: "bob", password: "builder-1234")
    #expect(!bobTookOver)
    #expect(try ChecklistService(store: store, owner: bob).checklists().isEmpty)
  }

  @Test(
    "Signing in: the right password opens a session; wrong ones and unknown names fail alike",
    arguments: StoreKind.allCases)
  func signIn(kind: StoreKind) throws {
    let (accounts, _, _) = try makeAccounts(kind)
    try accounts.addUser(named: "alice", password: "wonderland-42")
    let (user, token, session) = try accounts.signIn(userName: "Alice", password: "wonderland-42")
    #expect(user.name == "alice")
    #expect(session.tokenDigest == token.digest)
    #expect(try accounts.session(token: token.value)?.0.id == user.id)
    #expect(try accounts.session(token: "forged") == nil)

    let wrong = #expect(throws: ChecklistsError.self) {
      try accounts.signIn(userName: "alice", password: "wonderland-43")
    }
    let unknown = #expect(throws: ChecklistsError.self) {
      try accounts.signIn(userName: "mallory", password: "wonderland-42")
    }
    #expect(wrong == unknown)
    #expect(wrong?.code == .unauthorized)
    #expect(wrong?.message == AccountService.signInFailure)

    try accounts.signOut(token: token.value)
    #expect(try accounts.session(token: token.value) == nil)
  }

  @Test(
    "Sessions end after two idle weeks, and after ninety days however used",
    arguments: StoreKind.allCases)
  func sessionExpiry(kind: StoreKind) throws {
    let (accounts, _, clock) = try makeAccounts(kind)
    try accounts.addUser(named: "alice", password: "wonderland-42")
    let idle = try accounts.signIn(userName: "alice", password: "wonderland-42").1
    clock.advance(Session.idleLifetime - 60)
    #expect(try accounts.session(token: idle.value) != nil)
    clock.advance(Session.idleLifetime - 60)
    #expect(try accounts.session(token: idle.value) != nil, "each use restarts the idle time")
    clock.advance(Session.idleLifetime)
    #expect(try accounts.session(token: idle.value) == nil)

    let busy = try accounts.signIn(userName: "alice", password: "wonderland-42").1
    var elapsed: TimeInterval = 0
    while elapsed < Session.absoluteLifetime - 24 * 3600 {
      clock.advance(24 * 3600)
      elapsed += 24 * 3600
      #expect(try accounts.session(token: busy.value) != nil)
    }
    clock.advance(2 * 24 * 3600)
    #expect(try accounts.session(token: busy.value) == nil)
  }

  @Test(
    "A new password signs out every session; deleting a user removes what they own",
    arguments: StoreKind.allCases)
  func passwordChangeAndDelete(kind: StoreKind) throws {
    let (accounts, store, _) = try makeAccounts(kind)
    let alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    let token = try accounts.signIn(userName: "alice", password: "wonderland-42").1
    try accounts.setPassword(userName: "alice", password: "looking-glass-7")
    #expect(try accounts.session(token: token.value) == nil)
    #expect(throws: ChecklistsError.self) {
      try accounts.signIn(userName: "alice", password: "wonderland-42")
    }
    _ = try accounts.signIn(userName: "alice", password: "looking-glass-7")

    try ChecklistService(store: store, owner: alice).createList(named: "Hers")
    try accounts.deleteUser(named: "alice")
    #expect(try accounts.users().isEmpty)
    let left = try store.queue.read { db in
      try db.query("SELECT (SELECT COUNT(*) FROM checklists) + (SELECT COUNT(*) FROM changes)") {
        $0.int(0)
      }
    }
    #expect(left == [0])
    let missing = #expect(throws: ChecklistsError.self) { try accounts.deleteUser(named: "alice") }
    #expect(missing?.code == .notFound)
  }

  @Test(
    "API tokens: shown once, stored as digests, named, revocable", arguments: StoreKind.allCases)
  func apiTokens(kind: StoreKind) throws {
    let (accounts, store, _) = try makeAccounts(kind)
    try accounts.addUser(named: "alice", password: "wonderland-42")
    let (record, secret) = try accounts.createAPIToken(userName: "alice", name: "backup script")
    #expect(secret.value.hasPrefix("ckl_"))
    #expect(try accounts.user(bearer: secret.value)?.name == "alice")
    #expect(try accounts.user(bearer: "ckl_forged") == nil)
    let stored = try store.queue.read { db in
      try db.query("SELECT token_digest FROM api_tokens") { $0.string(0) }
    }
    #expect(stored == [secret.digest])
    #expect(
      (#expect(throws: ChecklistsError.self) {
        try accounts.createAPIToken(userName: "alice", name: "Backup Script")
      })?.code == .conflict)
    #expect(try accounts.apiTokens(userName: "alice").map(\.id) == [record.id])
    try accounts.revokeAPIToken(userName: "alice", token: "BACKUP script")
    #expect(try accounts.user(bearer: secret.value) == nil)
    #expect(try accounts.apiTokens(userName: "alice").isEmpty)
  }
}
