import ChecklistsCore
import ChecklistsStore
import Foundation

extension CommandContext {
  /// The accounts of the database (on a server, its accounts).
  func accounts() throws -> AccountService {
    if case .hosted(_, let accounts) = backend { return accounts }
    return AccountService(store: try database(), now: now)
  }

  /// Invite links (the acting user is ``service()``'s owner).
  func invites() throws -> InviteService {
    if case .hosted(let services, _) = backend { return services.invites }
    return InviteService(store: try database(), now: now, timeZone: timeZone)
  }

  /// The acting user's sharing.
  func sharing() throws -> SharingService {
    if case .hosted(let services, _) = backend { return services.sharing }
    let service = try service()
    return SharingService(store: try database(), user: service.owner, now: now)
  }
}
