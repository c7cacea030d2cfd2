import Foundation

/// A signed-in browser: who it is, since when, and the token its forms must send back.
///
/// The session's own token lives only in the browser's cookie; the store keeps its digest.
public struct Session: Hashable, Sendable {
  /// The user signed in.
  public var userID: UUID
  /// The digest of the cookie's token, by which the session is found.
  public var tokenDigest: String
  /// The anti-CSRF token that cookie-authenticated writes must send in a header.
  public var csrfToken: String
  /// When the user signed in: the absolute expiry counts from here.
  public var createdAt: Date
  /// When the session was last used: the idle expiry counts from here.
  public var lastSeenAt: Date

  /// Creates a session value.
  public init(
    userID: UUID, tokenDigest: String, csrfToken: String, createdAt: Date, lastSeenAt: Date
  ) {
    self.userID = userID
    self.tokenDigest = tokenDigest
    self.csrfToken = csrfToken
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }

  /// How long a session lives unused.
  public static let idleLifetime: TimeInterval = 14 * 24 * 3600
  /// How long a session lives at most, used or not.
  public static let absoluteLifetime: TimeInterval = 90 * 24 * 3600

  /// Whether the session has expired at `date`, idle or absolutely.
  public func hasExpired(at date: Date) -> Bool {
    date.timeIntervalSince(lastSeenAt) >= Self.idleLifetime
      || date.timeIntervalSince(createdAt) >= Self.absoluteLifetime
  }
}

/// A token for scripts, sent as `Authorization: Bearer`. Only its digest is stored.
public struct APIToken: Identifiable, Hashable, Sendable {
  /// The token's identity, for listing and revoking.
  public var id: UUID
  /// Its owner.
  public var userID: UUID
  /// What it is for ("backup script"), unique per user ignoring case.
  public var name: String
  /// The digest of the token.
  public var tokenDigest: String
  /// When it was made.
  public var createdAt: Date
  /// When it was last used, if ever.
  public var lastUsedAt: Date?

  /// Creates a token value.
  public init(
    id: UUID = UUID(), userID: UUID, name: String, tokenDigest: String, createdAt: Date,
    lastUsedAt: Date? = nil
  ) {
    self.id = id
    self.userID = userID
    self.name = name
    self.tokenDigest = tokenDigest
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
  }
}
