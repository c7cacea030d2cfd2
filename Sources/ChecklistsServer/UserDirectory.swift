import ChecklistsCore
import ChecklistsStore
import Foundation
import Synchronization

/// Each user's services, made once per user: opening a user's shopping seeds it on first use,
/// which is a write, so it is done once, not per request.
final class UserDirectory: Sendable {
  let store: any ChecklistsDatabase
  let now: @Sendable () -> Date
  private let currency: Currency
  private let opened = Mutex<[UUID: UserServices]>([:])
  private let local = Mutex<User?>(nil)

  init(store: any ChecklistsDatabase, currency: Currency, now: @escaping @Sendable () -> Date) {
    self.store = store
    self.currency = currency
    self.now = now
  }

  /// The services of a user.
  func services(for user: User) throws -> UserServices {
    if let services = opened.withLock({ $0[user.id] }) { return services }
    let services = try UserServices.open(store: store, user: user, currency: currency, now: now)
    opened.withLock { $0[user.id] = services }
    return services
  }

  /// The single local user of a server without accounts, created with their first list on
  /// first use. Read once: opening it is a write transaction, not something to do per request.
  func localUser() throws -> User {
    if let user = local.withLock({ $0 }) { return user }
    let user = try ChecklistService.openLocal(store: store, now: now).owner
    local.withLock { $0 = user }
    return user
  }
}
