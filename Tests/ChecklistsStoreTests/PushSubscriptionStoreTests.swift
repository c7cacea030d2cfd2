import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsSecurity
import ChecklistsStore
import Dispatch
import Foundation
import Synchronization
import Testing

/// Web Push subscriptions and server keys, on every engine.
@Suite("Push subscriptions and server keys")
struct PushSubscriptionStoreTests {
  private struct Users {
    let store: any ChecklistsDatabase
    let alice: User
    let bob: User

    init(_ kind: StoreKind) throws {
      store = try kind.makeStore()
      let accounts = AccountService(store: store, hasher: PasswordHasher(strength: .minimum))
      alice = try accounts.addUser(named: "alice", password: "wonderland-42").user
      bob = try accounts.addUser(named: "bob", password: "builder-1234").user
    }
  }

  private static func subscription(
    _ number: Int, user: User, at seconds: Double, p256dh: String = "key"
  ) -> PushSubscription {
    PushSubscription(
      endpoint: "https://push.example/\(number)", p256dh: p256dh, auth: "auth\(number)",
      userID: user.id,
      expirationTime: number == 1 ? Date(timeIntervalSince1970: 1_900_000_000) : nil,
      subscribedAt: Date(timeIntervalSinceReferenceDate: seconds))
  }

  @Test(
    "A subscription is saved once per endpoint; saving it again updates keys and owner",
    arguments: StoreKind.allCases)
  func saveAndUpdate(kind: StoreKind) throws {
    let users = try Users(kind)
    let store = users.store
    let first = Self.subscription(1, user: users.alice, at: 100)
    #expect(try store.savePushSubscription(first, limit: 20))
    #expect(try store.pushSubscriptions(userIDs: [users.alice.id]) == [first])
    var again = Self.subscription(1, user: users.bob, at: 200, p256dh: "new key")
    again.expirationTime = nil
    #expect(try !store.savePushSubscription(again, limit: 20))
    #expect(try store.pushSubscriptions(userIDs: [users.alice.id]) == [])
    #expect(try store.pushSubscriptions(userIDs: [users.bob.id]) == [again])
    #expect(try store.pushSubscriptions(userIDs: []) == [])
  }

  @Test(
    "Past the limit a user's oldest subscriptions go; other users keep theirs",
    arguments: StoreKind.allCases)
  func limit(kind: StoreKind) throws {
    let users = try Users(kind)
    let store = users.store
    let bobs = Self.subscription(100, user: users.bob, at: 1)
    _ = try store.savePushSubscription(bobs, limit: 3)
    for number in 1...5 {
      _ = try store.savePushSubscription(
        Self.subscription(number, user: users.alice, at: Double(number * 10)), limit: 3)
    }
    #expect(
      try store.pushSubscriptions(userIDs: [users.alice.id]).map(\.endpoint) == [
        "https://push.example/3", "https://push.example/4", "https://push.example/5",
      ])
    // Subscribing again makes an old one the newest: it stays, the next oldest goes.
    _ = try store.savePushSubscription(Self.subscription(3, user: users.alice, at: 60), limit: 3)
    _ = try store.savePushSubscription(Self.subscription(6, user: users.alice, at: 70), limit: 3)
    #expect(
      try store.pushSubscriptions(userIDs: [users.alice.id, users.bob.id]).map(\.endpoint) == [
        "https://push.example/100", "https://push.example/5", "https://push.example/3",
        "https://push.example/6",
      ])
  }

  @Test(
    "Deleting takes the user's own subscription only, unless no user is named",
    arguments: StoreKind.allCases)
  func delete(kind: StoreKind) throws {
    let users = try Users(kind)
    let store = users.store
    let alices = Self.subscription(1, user: users.alice, at: 1)
    _ = try store.savePushSubscription(alices, limit: 20)
    #expect(try !store.deletePushSubscription(endpoint: alices.endpoint, userID: users.bob.id))
    #expect(try store.pushSubscriptions(userIDs: [users.alice.id]) == [alices])
    #expect(try store.deletePushSubscription(endpoint: alices.endpoint, userID: users.alice.id))
    #expect(try !store.deletePushSubscription(endpoint: alices.endpoint, userID: users.alice.id))
    _ = try store.savePushSubscription(alices, limit: 20)
    #expect(try store.deletePushSubscription(endpoint: alices.endpoint, userID: nil))
    #expect(try store.pushSubscriptions(userIDs: [users.alice.id]) == [])
  }

  @Test("A deleted user's subscriptions go with them", arguments: StoreKind.allCases)
  func userDeleted(kind: StoreKind) throws {
    let users = try Users(kind)
    _ = try users.store.savePushSubscription(
      Self.subscription(1, user: users.bob, at: 1), limit: 20)
    _ = try AccountService(store: users.store).deleteUser(named: "bob")
    #expect(try users.store.pushSubscriptions(userIDs: [users.bob.id]) == [])
  }

  @Test(
    "A server key is made once: later calls, and other processes, read the first",
    arguments: StoreKind.allCases)
  func serverKeyOnce(kind: StoreKind) throws {
    let location = try kind.newLocation()
    let a = try kind.makeSQLStore(path: location)
    let b = try kind.makeSQLStore(path: location)
    defer {
      a.close()
      b.close()
    }
    let made = Mutex(0)
    let values = Mutex<[String]>([])
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { worker in
      do {
        let value = try (worker % 2 == 0 ? a : b).serverKey(named: "vapid") {
          made.withLock { $0 += 1 }
          return "key \(worker)"
        }
        values.withLock { $0.append(value) }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let seen = values.withLock { $0 }
    #expect(seen.count == 6)
    #expect(Set(seen).count == 1, "\(seen)")
    #expect(made.withLock { $0 } >= 1)
    #expect(try a.serverKey(named: "vapid") { "never" } == seen[0])
    #expect(try b.serverKey(named: "other") { "second" } == "second")
  }
}
