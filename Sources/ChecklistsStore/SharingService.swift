import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Sharing a user's checklists and shopping lists with other users, and the lists others
/// share with them.
///
/// Only a list's owner shares it, changes a role or revokes a share; the other user can leave.
/// Each change is logged for both, so both see their lists change live.
public struct SharingService: Sendable {
  /// Where everything is kept.
  public let store: any SharingStore
  /// The user acting.
  public let user: User
  /// The clock.
  public let now: @Sendable () -> Date

  /// Creates the service for a user.
  public init(
    store: any SharingStore, user: User, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.store = store
    self.user = user
    self.now = now
  }

  /// A list someone shared with the user.
  public struct SharedList: Hashable, Sendable {
    /// The share: the list, its kind and the user's role.
    public var share: Share
    /// The list's name.
    public var name: String
    /// The owner's user name, shown beside the list.
    public var ownerName: String
  }

  /// Someone a list is shared with.
  public struct Member: Hashable, Sendable {
    /// Their user name.
    public var userName: String
    /// What they may do.
    public var role: ShareRole

    /// Creates a member value.
    public init(userName: String, role: ShareRole) {
      self.userName = userName
      self.role = role
    }
  }

  /// Shares one of the user's lists with another user, or changes their role.
  /// - Returns: The share.
  /// - Throws: `notFound` for a list that is not the user's (or an unknown user), `forbidden`
  ///   for a list shared with the user, `invalidInput` for sharing with oneself.
  @discardableResult
  public func share(listID: UUID, with userName: String, role: ShareRole) throws -> Share {
    try transaction { tx in
      let (scope, _) = try ownList(listID, in: tx)
      let other = try account(named: userName, in: tx)
      guard other.id != user.id else {
        throw ChecklistsError.invalid(MessageText("errors.share.listCannotShared"))
      }
      let existing = try tx.share(collectionID: listID, userID: other.id)
      if existing?.role == role { return existing! }
      let share = Share(
        collectionID: listID, scope: scope, ownerID: user.id, userID: other.id, role: role,
        createdAt: existing?.createdAt ?? now())
      try tx.saveShare(share)
      try log(existing == nil ? .shareAdded : .shareUpdated, share, in: tx)
      return share
    }
  }

  /// Stops sharing one of the user's lists with another user.
  /// - Throws: `notFound` when the list is not the user's or not shared with that user.
  public func unshare(listID: UUID, with userName: String) throws {
    try transaction { tx in
      _ = try ownList(listID, in: tx)
      let other = try account(named: userName, in: tx)
      guard let share = try tx.share(collectionID: listID, userID: other.id) else {
        throw ChecklistsError(
          .notFound, MessageText("errors.share.listShared", ["otherName": other.name]))
      }
      try tx.deleteShare(collectionID: listID, userID: other.id)
      try log(.shareRemoved, share, in: tx)
    }
  }

  /// Leaves a list someone shared with the user.
  /// - Throws: `notFound` when no such list is shared with the user.
  public func leave(listID: UUID) throws {
    try transaction { tx in
      guard let share = try tx.share(collectionID: listID, userID: user.id) else {
        throw ChecklistsError(
          .notFound, MessageText("errors.share.noListId", ["id": listID.uuidString]))
      }
      try tx.deleteShare(collectionID: listID, userID: user.id)
      try log(.shareRemoved, share, in: tx)
    }
  }

  /// Who one of the user's lists is shared with, by name.
  public func members(ofList listID: UUID) throws -> [Member] {
    try transaction { tx in
      _ = try ownList(listID, in: tx)
      return try tx.shares(collectionID: listID).compactMap { share in
        try tx.user(id: share.userID).map { Member(userName: $0.name, role: share.role) }
      }.sorted { $0.userName < $1.userName }
    }
  }

  /// The lists others share with the user, by name.
  public func sharedWithMe() throws -> [SharedList] {
    try transaction { tx in
      try tx.shares(userID: user.id).compactMap { share -> SharedList? in
        guard let owner = try tx.user(id: share.ownerID) else { return nil }
        let name: String?
        switch share.scope {
        case .checklist: name = try tx.checklist(id: share.collectionID)?.name
        default: name = try tx.shoppingList(id: share.collectionID)?.name
        }
        return name.map { SharedList(share: share, name: $0, ownerName: owner.name) }
      }.sorted { ($0.name.lowercased(), $0.ownerName) < ($1.name.lowercased(), $1.ownerName) }
    }
  }

  // MARK: - Rules

  private func transaction<T: Sendable>(
    _ body: (any SharingStoreWriter) throws -> T
  ) throws -> T {
    try store.writeSharing(body)
  }

  /// One of the user's own lists, checklist or shopping list.
  private func ownList(_ id: UUID, in tx: any SharingStoreWriter) throws -> (
    Change.Scope, String
  ) {
    if let list = try tx.checklist(id: id) {
      try requireOwner(list.ownerID, listID: id, name: list.name, in: tx)
      return (.checklist, list.name)
    }
    if let list = try tx.shoppingList(id: id) {
      try requireOwner(list.ownerID, listID: id, name: list.name, in: tx)
      return (.shoppingList, list.name)
    }
    throw ChecklistsError(.notFound, MessageText("errors.list.noSuchId", ["id": id.uuidString]))
  }

  private func requireOwner(
    _ ownerID: UUID, listID: UUID, name: String, in tx: any SharingStoreWriter
  ) throws {
    guard ownerID != user.id else { return }
    if let share = try tx.share(collectionID: listID, userID: user.id) {
      throw ChecklistsError.forbidden(.own, listName: name, role: share.role)
    }
    throw ChecklistsError(.notFound, MessageText("errors.list.noSuchId", ["id": listID.uuidString]))
  }

  private func account(named rawName: String, in tx: any SharingStoreWriter) throws
    -> User
  {
    let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
    guard let other = try tx.user(named: name), try tx.passwordHash(userID: other.id) != nil
    else {
      throw ChecklistsError(
        .notFound, MessageText("errors.share.noUserCalled", ["rawName": rawName]))
    }
    return other
  }

  /// Logs a sharing change in the owner's log and in the other user's.
  private func log(_ kind: Change.Kind, _ share: Share, in tx: any SharingStoreWriter)
    throws
  {
    for audience in [share.ownerID, share.userID] {
      _ = try tx.appendChange(
        Change(
          ownerID: audience, collectionID: share.collectionID, kind: kind, revision: 0,
          date: now()))
    }
  }
}
