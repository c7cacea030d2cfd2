import Foundation

/// A browser's Web Push subscription (the `PushSubscription` it made with the server's key):
/// where to send a user's reminders when no page is open.
public struct PushSubscription: Hashable, Sendable {
  /// The push service's URL for this browser; unique across users.
  public var endpoint: String
  /// The browser's P-256 public key, base64url (uncompressed point).
  public var p256dh: String
  /// The browser's 16-byte authentication secret, base64url.
  public var auth: String
  /// The user whose reminders it receives.
  public var userID: UUID
  /// When the push service says it ends, if it says.
  public var expirationTime: Date?
  /// When it was last subscribed (made, or sent again); the oldest go first past the limit.
  public var subscribedAt: Date

  /// Creates the value.
  public init(
    endpoint: String, p256dh: String, auth: String, userID: UUID, expirationTime: Date? = nil,
    subscribedAt: Date
  ) {
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.userID = userID
    self.expirationTime = expirationTime
    self.subscribedAt = subscribedAt
  }
}

/// Where push subscriptions and the server's own keys (the VAPID key pair) are kept: in the
/// database, so every server instance on it sends with the same key to the same browsers.
public protocol PushSubscriptionStore {
  /// Saves a subscription: a new endpoint is added, a known one gets the new keys, owner and
  /// date. Then the user keeps only their `limit` most recent subscriptions.
  /// - Returns: True when the endpoint was new.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func savePushSubscription(_ subscription: PushSubscription, limit: Int) throws -> Bool

  /// Deletes the subscription at `endpoint`: only if it is `userID`'s when one is given.
  /// - Returns: Whether there was one.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  @discardableResult
  func deletePushSubscription(endpoint: String, userID: UUID?) throws -> Bool

  /// The subscriptions of these users, oldest first.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func pushSubscriptions(userIDs: [UUID]) throws -> [PushSubscription]

  /// The server key called `name`, stored on first use as `makeValue()` made it. When several
  /// processes race, the first to insert wins and every one returns that value.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`, or what `makeValue` throws.
  func serverKey(named name: String, makeValue: () throws -> String) throws -> String
}
