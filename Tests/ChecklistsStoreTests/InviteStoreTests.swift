import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Dispatch
import Foundation
import Synchronization
import Testing

/// Alice owns the lists; bob, carol and dave are other accounts, on one real database.
private struct Household {
  let store: SQLChecklistStore
  let accounts: AccountService
  let alice: User
  let bob: User
  let carol: User
  let dave: User
  let clock = ManualTime()

  init(_ kind: StoreKind) throws {
    store = try kind.makeSQLStore()
    accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
    alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
    bob = try accounts.addUser(named: "bob", password: "builder-1234").user
    carol = try accounts.addUser(named: "carol", password: "carol-singer").user
    dave = try accounts.addUser(named: "dave", password: "dave-the-rave").user
  }

  var invites: InviteService {
    InviteService(store: store, now: clock.now, timeZone: TimeZone(identifier: "UTC")!)
  }

  func shoppingList(_ name: String = "Groceries") throws -> ShoppingList {
    try ShoppingService.open(store: store, owner: alice, currency: .euro, now: clock.now)
      .createList(named: name)
  }
}

/// A clock the test sets: 2026-12-01 at noon UTC, until moved.
private final class ManualTime: Sendable {
  private let date = Mutex(Date(timeIntervalSince1970: 1_796_126_400))
  var now: @Sendable () -> Date { { [self] in date.withLock { $0 } } }
  func advance(days: Double) { date.withLock { $0 = $0.addingTimeInterval(days * 86400) } }
}

@Suite("Invite links in the store")
struct InviteStoreTests {
  @Test(
    "A one-use link lets one person in at its role, and the store keeps only the token's SHA-256",
    arguments: StoreKind.allCases)
  func oneUse(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    let (made, token, isNew) = try home.invites.create(
      listID: list.id, role: .checker, maxUses: 1, by: home.alice)
    #expect(isNew)
    #expect(token.value.count == 43)
    let stored = try home.store.queue.read { db in
      try db.query("SELECT token_digest FROM invites") { $0.string(0) }
    }
    #expect(stored == [token.sha256Digest])
    #expect(stored.first?.count == 64 && stored.first != token.value)

    let seen = try home.invites.lookUp(token: token.value)
    #expect(seen.listName == "Groceries")
    #expect(seen.ownerName == "alice")
    #expect(seen.invite.role == .checker)
    #expect(seen.invite.scope == .shoppingList)
    #expect(seen.state == .valid)
    #expect(seen.message == "This invitation works until 8 Dec. It can be used once more.")
    #expect(made.invite.expiresAt == home.clock.now().addingTimeInterval(7 * 86400))

    let joined = try home.invites.accept(token: token.value, as: home.bob)
    #expect(joined.joined && joined.share.role == .checker && joined.listName == "Groceries")
    let shared = try SharingService(store: home.store, user: home.bob).sharedWithMe()
    #expect(shared.map(\.name) == ["Groceries"])
    #expect(shared.map(\.share.role) == [.checker])
    // Bob again: a member already, nothing changes and no use is counted.
    #expect(try !home.invites.accept(token: token.value, as: home.bob).joined)

    let refused = #expect(throws: InviteService.Unusable.self) {
      try home.invites.accept(token: token.value, as: home.carol)
    }
    #expect(refused?.state == .usedUp)
    #expect(refused?.message == "This invitation has been used already. Ask for a new link.")
    #expect(try SharingService(store: home.store, user: home.carol).sharedWithMe().isEmpty)
    #expect(try home.invites.lookUp(token: token.value).state == .usedUp)
    // The owner is told it is their own list.
    let own = #expect(throws: ChecklistsError.self) {
      try home.invites.accept(token: token.value, as: home.alice)
    }
    #expect(own?.code == .conflict)
  }

  @Test(
    "An expired link and a revoked one say so, and let nobody in", arguments: StoreKind.allCases)
  func expiredAndRevoked(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    // An invite that ran out on 3 Dec., made through the store itself.
    let expiredToken = SecretToken.generate()
    let now = home.clock.now()
    try home.store.writeInvites { tx in
      try tx.insertInvite(
        Invite(
          collectionID: list.id, scope: .shoppingList, ownerID: home.alice.id, role: .editor,
          tokenDigest: expiredToken.sha256Digest, createdAt: now.addingTimeInterval(-30 * 86400),
          expiresAt: now.addingTimeInterval(2 * 86400), maxUses: nil))
    }
    home.clock.advance(days: 3)
    let expired = try home.invites.lookUp(token: expiredToken.value)
    #expect(expired.state == .expired)
    #expect(expired.message == "This invitation expired on 3 Dec. Ask for a new link.")
    let late = #expect(throws: InviteService.Unusable.self) {
      try home.invites.accept(token: expiredToken.value, as: home.bob)
    }
    #expect(late?.state == .expired)

    let (made, token, _) = try home.invites.create(
      listID: list.id, role: .viewer, by: home.alice)
    #expect(
      try home.invites.invites(ofList: list.id, by: home.alice).map(\.invite.id).first
        == made.invite.id)
    try home.invites.revoke(inviteID: made.invite.id, by: home.alice)
    try home.invites.revoke(inviteID: made.invite.id, by: home.alice)
    let revoked = try home.invites.lookUp(token: token.value)
    #expect(revoked.state == .revoked)
    #expect(revoked.message.contains("withdrawn"))
    let refused = #expect(throws: InviteService.Unusable.self) {
      try home.invites.accept(token: token.value, as: home.bob)
    }
    #expect(refused?.state == .revoked)
    #expect(
      try home.invites.invites(ofList: list.id, by: home.alice).map(\.invite.id)
        .contains(made.invite.id) == false)
    #expect(try SharingService(store: home.store, user: home.bob).sharedWithMe().isEmpty)
  }

  @Test(
    "Only the owner makes, lists and revokes a list's links; unknown tokens are not found",
    arguments: StoreKind.allCases)
  func ownerOnly(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    let (made, _, _) = try home.invites.create(listID: list.id, role: .editor, by: home.alice)
    let stranger = #expect(throws: ChecklistsError.self) {
      try home.invites.create(listID: list.id, role: .editor, by: home.bob)
    }
    #expect(stranger?.code == .notFound)
    try SharingService(store: home.store, user: home.alice).share(
      listID: list.id, with: "bob", role: .editor)
    let editor = #expect(throws: ChecklistsError.self) {
      try home.invites.invites(ofList: list.id, by: home.bob)
    }
    #expect(editor?.code == .forbidden)
    let revoke = #expect(throws: ChecklistsError.self) {
      try home.invites.revoke(inviteID: made.invite.id, by: home.bob)
    }
    #expect(revoke?.code == .notFound)
    for token in [SecretToken.generate().value, "short", String(repeating: "=", count: 43)] {
      let unknown = #expect(throws: ChecklistsError.self) { try home.invites.lookUp(token: token) }
      #expect(unknown?.code == .notFound)
      #expect(unknown?.message == InviteService.unknownToken)
    }
    for (days, uses) in [(0, nil), (91, nil), (7, 0), (7, 101)] as [(Int, Int?)] {
      let bad = #expect(throws: ChecklistsError.self) {
        try home.invites.create(
          listID: list.id, role: .viewer, expiresInDays: days, maxUses: uses, by: home.alice)
      }
      #expect(bad?.code == .invalidInput)
    }
  }

  @Test(
    "Making a link again with the same id answers the same invite with a new token",
    arguments: StoreKind.allCases)
  func replayedCreate(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    let id = UUID()
    let first = try home.invites.create(
      listID: list.id, role: .checker, maxUses: 3, id: id, by: home.alice)
    let again = try home.invites.create(
      listID: list.id, role: .checker, maxUses: 3, id: id, by: home.alice)
    #expect(first.isNew && !again.isNew)
    #expect(again.details.invite.id == id)
    #expect(try home.invites.invites(ofList: list.id, by: home.alice).count == 1)
    #expect(throws: ChecklistsError.self) { try home.invites.lookUp(token: first.token.value) }
    #expect(try home.invites.lookUp(token: again.token.value).invite.id == id)
    let other = #expect(throws: ChecklistsError.self) {
      try home.invites.create(listID: list.id, role: .editor, maxUses: 3, id: id, by: home.alice)
    }
    #expect(other?.code == .conflict)
    #expect(other?.message.contains("'role' is checker (this request: editor)") == true)
  }

  @Test(
    "Racing for a one-use link, exactly one person gets in", arguments: StoreKind.allCases)
  func race(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    let (_, token, _) = try home.invites.create(
      listID: list.id, role: .checker, maxUses: 1, by: home.alice)
    let people = [home.bob, home.carol, home.dave]
    let outcomes = Mutex<[String]>([])
    let service = home.invites
    DispatchQueue.concurrentPerform(iterations: people.count) { index in
      let outcome: String
      do {
        _ = try service.accept(token: token.value, as: people[index])
        outcome = "joined"
      } catch let error as InviteService.Unusable {
        outcome = error.state.rawValue
      } catch {
        outcome = "\(error)"
      }
      outcomes.withLock { $0.append(outcome) }
    }
    #expect(outcomes.withLock { $0.sorted() } == ["joined", "usedUp", "usedUp"])
    #expect(try home.invites.lookUp(token: token.value).invite.uses == 1)
    let members = try SharingService(store: home.store, user: home.alice).members(ofList: list.id)
    #expect(members.count == 1)
  }

  @Test(
    "Signing up through a link makes the account, its session and the share at once; a dead link makes none",
    arguments: StoreKind.allCases)
  func signUp(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try home.shoppingList()
    let (_, token, _) = try home.invites.create(
      listID: list.id, role: .checker, maxUses: 1, by: home.alice)
    let hasher = PasswordHasher(strength: .minimum)
    let made = try home.invites.signUp(
      token: token.value, userName: "Erin", password: "erin-at-home", hasher: hasher)
    #expect(made.user.name == "erin")
    #expect(made.acceptance.share.role == .checker)
    let (signedIn, _) = try #require(try home.accounts.session(token: made.sessionToken.value))
    #expect(signedIn.id == made.user.id)
    #expect(
      try home.accounts.signIn(userName: "erin", password: "erin-at-home").0.id == made.user.id)

    // The link is used: no account is made.
    let used = #expect(throws: InviteService.Unusable.self) {
      try home.invites.signUp(
        token: token.value, userName: "frank", password: "frank-n-stein", hasher: hasher)
    }
    #expect(used?.state == .usedUp)
    #expect(try home.accounts.users().map(\.name).contains("frank") == false)

    let (_, open, _) = try home.invites.create(listID: list.id, role: .viewer, by: home.alice)
    let taken = #expect(throws: ChecklistsError.self) {
      try home.invites.signUp(
        token: open.value, userName: "bob", password: "another-one", hasher: hasher)
    }
    #expect(taken?.code == .conflict)
    let weak = #expect(throws: ChecklistsError.self) {
      try home.invites.signUp(
        token: open.value, userName: "gina", password: "short", hasher: hasher)
    }
    #expect(weak?.code == .invalidInput)
    #expect(try home.invites.lookUp(token: open.value).invite.uses == 0)
  }

  @Test("Deleting the list takes its links along", arguments: StoreKind.allCases)
  func deletedList(kind: StoreKind) throws {
    let home = try Household(kind)
    let list = try ChecklistService(store: home.store, owner: home.alice).createList(
      named: "Chores")
    let (_, token, _) = try home.invites.create(listID: list.id, role: .editor, by: home.alice)
    #expect(try home.invites.lookUp(token: token.value).invite.scope == .checklist)
    _ = try ChecklistService(store: home.store, owner: home.alice).deleteList(id: list.id)
    #expect(throws: ChecklistsError.self) { try home.invites.lookUp(token: token.value) }
    let rows = try home.store.queue.read { db in
      try db.query("SELECT COUNT(*) FROM invites") { $0.int(0) }
    }
    #expect(rows == [0])
  }
}
