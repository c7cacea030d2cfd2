import ChecklistsCore
import Foundation

/// One user's services over one store: their checklists, their catalogue and shopping lists,
/// and what they share.
public struct UserServices: Sendable {
  public let checklists: ChecklistService
  public let shopping: ShoppingService
  public let sharing: SharingService
  /// Invite links to the user's lists, and joining through others' links.
  public let invites: InviteService
  /// The user's lists as CalDAV collections.
  public let calendar: CalendarService

  /// Opens a user's services. Opening their shopping seeds it on first use, which is a write:
  /// keep the result rather than opening it per request.
  /// - Parameter currency: The currency of a new catalogue; an existing one keeps its own.
  public static func open(
    store: any ChecklistsDatabase, user: User, currency: Currency,
    now: @escaping @Sendable () -> Date
  ) throws -> UserServices {
    let checklists = ChecklistService(store: store, owner: user, now: now)
    let shopping = try ShoppingService.open(
      store: store, owner: user, currency: currency, now: now)
    return UserServices(
      checklists: checklists, shopping: shopping,
      sharing: SharingService(store: store, user: user, now: now),
      invites: InviteService(store: store, now: now),
      calendar: CalendarService(store: store, checklists: checklists, shopping: shopping))
  }
}
