import ChecklistsMessages
import Foundation

/// A link the owner of a list hands out so that whoever opens it joins the list at a role,
/// signing in or making an account first.
///
/// The link carries a random token; the store keeps only the token's digest, so a copy of the
/// database opens no list. An invite stops working when it expires, when it has been used as
/// often as it may, or when its owner revokes it.
public struct Invite: Identifiable, Hashable, Sendable {
  /// The invite's identity, for listing and revoking.
  public var id: UUID
  /// The list it opens.
  public var collectionID: UUID
  /// Whether the list is a checklist or a shopping list.
  public var scope: Change.Scope
  /// The list's owner, who made the invite.
  public var ownerID: UUID
  /// The role whoever accepts gets.
  public var role: ShareRole
  /// The digest of the link's token (``ChecklistsSecurity`` makes it); never the token.
  public var tokenDigest: String
  /// When it was made.
  public var createdAt: Date
  /// When it stops working.
  public var expiresAt: Date
  /// How many people may use it; nil: any number until it expires.
  public var maxUses: Int?
  /// How many have used it.
  public var uses: Int
  /// When its owner revoked it, if they did.
  public var revokedAt: Date?

  /// Creates an invite value.
  public init(
    id: UUID = UUID(), collectionID: UUID, scope: Change.Scope, ownerID: UUID, role: ShareRole,
    tokenDigest: String, createdAt: Date, expiresAt: Date, maxUses: Int?, uses: Int = 0,
    revokedAt: Date? = nil
  ) {
    self.id = id
    self.collectionID = collectionID
    self.scope = scope
    self.ownerID = ownerID
    self.role = role
    self.tokenDigest = tokenDigest
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.maxUses = maxUses
    self.uses = uses
    self.revokedAt = revokedAt
  }

  // MARK: - Rules

  /// How long an invite works unless its owner says otherwise.
  public static let defaultLifetimeDays = 7
  /// The longest an invite may work.
  public static let maximumLifetimeDays = 90
  /// The most uses an invite may allow (beyond that: any number until it expires).
  public static let maximumUses = 100

  /// Checks an invite's expiry and uses as a person gave them.
  /// - Parameters:
  ///   - expiresInDays: Days from now; nil for ``defaultLifetimeDays``.
  ///   - maxUses: How many may use it; nil for any number until it expires.
  /// - Returns: The days it works.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the limit.
  public static func validated(expiresInDays: Int?, maxUses: Int?) throws -> Int {
    let days = expiresInDays ?? defaultLifetimeDays
    guard (1...maximumLifetimeDays).contains(days) else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.invite.invitationWorksDays",
          ["maximumLifetimeDays": "\(maximumLifetimeDays)", "days": "\(days)"]))
    }
    if let maxUses, !(1...maximumUses).contains(maxUses) {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.invite.invitationMayUsed",
          ["maximumUses": "\(maximumUses)", "maxUses": "\(maxUses)"]))
    }
    return days
  }

  // MARK: - State

  /// Whether an invite still works, and if not, why not.
  public enum State: String, Hashable, Sendable, CaseIterable {
    /// It works.
    case valid
    /// Its date has passed.
    case expired
    /// It has been used as often as it may.
    case usedUp
    /// Its owner revoked it.
    case revoked
  }

  /// The invite's state at `date`. Revoked wins over used up, which wins over expired: the
  /// reason a person can do something about comes first.
  public func state(at date: Date) -> State {
    if revokedAt != nil { return .revoked }
    if let maxUses, uses >= maxUses { return .usedUp }
    if date >= expiresAt { return .expired }
    return .valid
  }

  /// Whether one more person may use it at `date`.
  public func isUsable(at date: Date) -> Bool { state(at: date) == .valid }

  /// What the state means, in a sentence a person reads: "This invitation expired on 3 Dec."
  /// - Parameters:
  ///   - date: Now.
  ///   - timeZone: Where the dates are read.
  public func message(at date: Date, timeZone: TimeZone = .current) -> String {
    switch state(at: date) {
    case .valid:
      let left = maxUses.map { max($0 - self.uses, 0) }
      let more =
        left.map { $0 == 1 ? " It can be used once more." : " It can be used \($0) more times." }
        ?? ""
      return Self.sentence(
        "This invitation works until \(Self.day(expiresAt, from: date, timeZone))")
        + more
    case .expired:
      return Self.sentence(
        "This invitation expired on \(Self.day(expiresAt, from: date, timeZone))")
        + " Ask for a new link."
    case .usedUp:
      return
        (maxUses == 1
        ? "This invitation has been used already."
        : "This invitation has been used \(uses) times, as often as it may.")
        + " Ask for a new link."
    case .revoked:
      return "This invitation was withdrawn by the list's owner. Ask for a new link."
    }
  }

  /// The text with a full stop, unless it ends with one ("3 Dec.").
  static func sentence(_ text: String) -> String {
    text.hasSuffix(".") ? text : text + "."
  }

  /// A day as "3 Dec.", with the year when it is not the year of `now`: "3 Dec. 2027".
  static func day(_ date: Date, from now: Date, _ timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.day, .month, .year], from: date)
    let months = [
      "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.",
      "Dec.",
    ]
    let month = months[(parts.month ?? 1) - 1]
    let day = "\(parts.day ?? 1) \(month)"
    return calendar.component(.year, from: now) == parts.year ? day : "\(day) \(parts.year ?? 0)"
  }
}
