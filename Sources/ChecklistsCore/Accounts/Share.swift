import ChecklistsMessages
import Foundation

/// What someone a list is shared with may do with it.
public enum ShareRole: String, Hashable, Sendable, Codable, CaseIterable {
  /// Sees the list and its changes.
  case viewer
  /// Also checks items off (or puts them in the cart).
  case checker
  /// Also adds, edits, moves and deletes items.
  case editor

  /// What the role allows.
  public var access: Access {
    switch self {
    case .viewer: return .read
    case .checker: return .check
    case .editor: return .edit
    }
  }

  /// Reads a role as typed: "viewer", "checker" or "editor", ignoring case.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` naming the roles.
  public static func named(_ raw: String) throws -> ShareRole {
    guard let role = ShareRole(rawValue: raw.trimmingCharacters(in: .whitespaces).lowercased())
    else {
      throw ChecklistsError.invalid(
        MessageText("errors.share.roleUseViewer", ["raw": raw]))
    }
    return role
  }
}

/// What an operation needs, from least to most.
public enum Access: Int, Hashable, Sendable, Comparable {
  /// Seeing the list.
  case read
  /// Checking items off.
  case check
  /// Changing items.
  case edit
  /// Renaming, deleting and sharing the list: only its owner.
  case own

  public static func < (a: Access, b: Access) -> Bool { a.rawValue < b.rawValue }

  /// The operation in words, for messages: "change items on".
  var verb: String {
    switch self {
    case .read: return "see"
    case .check: return "check items off on"
    case .edit: return "change items on"
    case .own: return "rename, delete or share"
    }
  }
}

/// A checklist or shopping list shared by its owner with another user, at a role.
public struct Share: Hashable, Sendable {
  /// The list.
  public var collectionID: UUID
  /// Whether it is a checklist or a shopping list.
  public var scope: Change.Scope
  /// The list's owner.
  public var ownerID: UUID
  /// The user it is shared with.
  public var userID: UUID
  /// What they may do.
  public var role: ShareRole
  /// When it was shared.
  public var createdAt: Date

  /// Creates a share value.
  public init(
    collectionID: UUID, scope: Change.Scope, ownerID: UUID, userID: UUID, role: ShareRole,
    createdAt: Date
  ) {
    self.collectionID = collectionID
    self.scope = scope
    self.ownerID = ownerID
    self.userID = userID
    self.role = role
    self.createdAt = createdAt
  }
}

extension ChecklistsError {
  /// The error for someone a list is shared with who asks for more than their role allows.
  public static func forbidden(_ access: Access, listName: String, role: ShareRole)
    -> ChecklistsError
  {
    ChecklistsError(
      .forbidden,
      MessageText(
        "errors.share.roleForbids",
        ["listName": listName, "roleRawValue": "\(role.rawValue)", "verb": "\(access.verb)"]))
  }
}

/// Who shared a list with the user reading it, and at which role: shown beside the list.
public struct SharedFrom: Hashable, Sendable, Codable {
  /// The owner's user name.
  public var ownerName: String
  /// What the reader may do.
  public var role: ShareRole

  /// Creates a value.
  public init(ownerName: String, role: ShareRole) {
    self.ownerName = ownerName
    self.role = role
  }
}
