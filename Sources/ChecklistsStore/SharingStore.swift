import ChecklistsCore
import ChecklistsMessages
import Foundation

/// Reading who a list is shared with: part of every reader, so each service checks access in
/// the same transaction as the change it makes.
public protocol SharingStoreReader {
  /// The share of a list with a user, if any.
  func share(collectionID: UUID, userID: UUID) throws -> Share?
  /// Everyone a list is shared with.
  func shares(collectionID: UUID) throws -> [Share]
  /// Every list shared with a user.
  func shares(userID: UUID) throws -> [Share]
  /// The user with this id, for the names of those who share.
  func user(id: UUID) throws -> User?
}

extension SharingStoreReader {
  /// How a user reaches someone else's list: the rule both services apply.
  ///
  /// - Parameters:
  ///   - listID: The list.
  ///   - name: Its name, for the message of a too-low role.
  ///   - ownerID: Its owner, who is not `userID`.
  ///   - userID: Who is asking.
  ///   - access: What they want to do.
  ///   - notFound: The error for a list they may not see, so it reads as if it did not exist.
  /// - Returns: Who shared it with them and at which role.
  /// - Throws: `notFound` when it is not shared with them, `forbidden` when their role is too
  ///   low.
  func sharedList(
    _ listID: UUID, named name: String, ownedBy ownerID: UUID, for userID: UUID,
    access: Access, notFound: ChecklistsError
  ) throws -> SharedFrom {
    guard let share = try share(collectionID: listID, userID: userID),
      let sharer = try user(id: ownerID)
    else { throw notFound }
    guard share.role.access >= access else {
      throw ChecklistsError.forbidden(access, listName: name, role: share.role)
    }
    return SharedFrom(ownerName: sharer.name, role: share.role)
  }
}

extension ChecklistsError {
  /// Refuses a change made against a revision that is no longer current.
  /// - Parameters:
  ///   - expected: The revision the client read, if it sent one.
  ///   - revision: The current revision.
  ///   - what: The thing, for the message: "list 'Groceries'".
  static func checkRevision(_ expected: Int64?, against revision: Int64, what: String) throws {
    guard let expected, expected != revision else { return }
    throw ChecklistsError(
      .stale,
      MessageText(
        "errors.revision.stale",
        ["what": what, "expected": "\(expected)", "revision": "\(revision)"]))
  }
}

/// Where shares are kept, with the same all-or-nothing transactions as ``ChecklistStore``.
/// The rules live once, in ``SharingService``.
public protocol SharingStore: Sendable {
  /// Runs `body` as one transaction.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func writeSharing<T: Sendable>(_ body: (any SharingStoreWriter) throws -> T) throws -> T
}

/// The primitives sharing uses, valid only inside ``SharingStore/writeSharing(_:)``: the
/// lists and users a share names, the shares themselves, and the change log.
public protocol SharingStoreWriter: SharingStoreReader {
  /// The user with this name, if any.
  func user(named name: String) throws -> User?
  /// The user's password hash; nil for the passwordless local user.
  func passwordHash(userID: UUID) throws -> String?
  /// The checklist with this id.
  func checklist(id: UUID) throws -> Checklist?
  /// The shopping list with this id.
  func shoppingList(id: UUID) throws -> ShoppingList?
  /// Adds a share or changes its role.
  func saveShare(_ share: Share) throws
  /// Removes a share.
  func deleteShare(collectionID: UUID, userID: UUID) throws
  /// Appends to the change log.
  /// - Returns: The change's sequence number.
  func appendChange(_ change: Change) throws -> Int64
}
