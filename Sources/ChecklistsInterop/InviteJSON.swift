import ChecklistsCore
import Foundation

/// An invite link as its owner sees it (`Invite` in the API, `checklists share invites
/// --json`): never its token.
public struct InviteJSON: Encodable, Sendable, Equatable {
  /// The list it opens.
  public struct List: Encodable, Sendable, Equatable {
    /// "checklist" or "shoppingList".
    public var kind: String
    public var id: UUID
    public var name: String
  }

  public var id: UUID
  public var list: List
  public var role: String
  public var createdAt: String
  public var expiresAt: String
  /// Null: any number of uses until it expires.
  public var maxUses: Int?
  public var uses: Int
  public var state: String
  public var message: String

  /// The JSON of an invite.
  /// - Parameters:
  ///   - invite: The invite.
  ///   - listName: Its list's name.
  ///   - state: Its state now.
  ///   - message: What the state means.
  public init(_ invite: Invite, listName: String, state: Invite.State, message: String) {
    id = invite.id
    list = List(kind: invite.scope.rawValue, id: invite.collectionID, name: listName)
    role = invite.role.rawValue
    createdAt = ISOTimestamp.milliseconds(invite.createdAt)
    expiresAt = ISOTimestamp.milliseconds(invite.expiresAt)
    maxUses = invite.maxUses
    uses = invite.uses
    self.state = state.rawValue
    self.message = message
  }

  enum CodingKeys: String, CodingKey {
    case id, list, role, createdAt, expiresAt, maxUses, uses, state, message
  }

  /// `maxUses` is always there, `null` for "any number".
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(list, forKey: .list)
    try container.encode(role, forKey: .role)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(expiresAt, forKey: .expiresAt)
    try container.encode(maxUses, forKey: .maxUses)
    try container.encode(uses, forKey: .uses)
    try container.encode(state, forKey: .state)
    try container.encode(message, forKey: .message)
  }
}
